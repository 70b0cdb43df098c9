/** A product page's address: spelled once, in core/ (the store API's e-mails link there too). */
export { productPath } from "#core/storefront-paths.ts";

/** Whether a path is a product page's (the link modal lives there). */
export const isProductPath = (pathname: string) => /^\/produto\/[^/]+\/[^/]+$/.test(pathname);
