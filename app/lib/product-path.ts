/** A product page's address (routes.ts: /produto/:categorySlug/:productSlug): the one place it is spelled. */
export function productPath(categorySlug: string, productSlug: string): string {
  return `/produto/${categorySlug}/${productSlug}`;
}
