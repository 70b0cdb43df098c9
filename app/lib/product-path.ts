/** A product page's address (routes.ts: /produto/:categorySlug/:productSlug): the one place it is spelled. */
export function productPath(categorySlug: string, productSlug: string): string {
  return `/produto/${categorySlug}/${productSlug}`;
}

/** Whether a path is a product page's (the link modal lives there). */
export const isProductPath = (pathname: string) => /^\/produto\/[^/]+\/[^/]+$/.test(pathname);
