import { listingPageSize } from "./listing-page-size.server.ts";
import { catalogueMayHaveChanged, catalogueVersion } from "./catalogue-version.server.ts";
import { isVisitorStateCookie } from "./cookie-names.server.ts";
import { commitCsrfTokenFor, csrfCookieHeader } from "./csrf.server.ts";

/**
 * What server/page-cache (the anonymous page cache, docs/decisions/0036-page-cache.md) needs
 * from the storefront, so each rule keeps its one home here: which cookies make a visitor
 * someone, the CSRF token, what changes a render, and the catalogue's version.
 */
/**
 * Set by a render that shows what changes without a catalogue change (a product's stock and a
 * course's seats, docs/decisions/0066): the page cache renders it for each visitor instead.
 */
export const LIVE_RENDER_HEADER = "X-Live-Render";

export const pageCacheHooks = {
  isVisitorStateCookie,
  /** The visitor's own token and, on a first visit, the cookie that carries it. */
  csrfFor: commitCsrfTokenFor,
  /** The Cookie header that makes a render carry `token` (a placeholder) in every form. */
  csrfCookieHeader,
  /** What besides the URL changes a catalogue render: the listing's page size (decision 0003). */
  variantOf(url: URL, headers: Pick<Headers, "get">): string {
    return String(listingPageSize({ headers }, url).pageSize);
  },
  catalogueVersion,
  catalogueMayHaveChanged,
  /** Whether a render must not be kept (LIVE_RENDER_HEADER). */
  isLiveRender(headers: Pick<Headers, "has">): boolean {
    return headers.has(LIVE_RENDER_HEADER);
  },
};

export type PageCacheHooks = typeof pageCacheHooks;
