import { listingPageSize } from "./listing-page-size.server.ts";
import { catalogueMayHaveChanged, catalogueVersion } from "./catalogue-version.server.ts";
import { cookieName, isVisitorStateCookie } from "./cookie-names.server.ts";
import { loggedInShopper } from "./logged-in-shopper.server.ts";
import { SESSION_COOKIE } from "./session.server.ts";
import { commitCsrfTokenFor, csrfCookieHeader } from "./csrf.server.ts";
import { PAGE_PARAM, PAGE_SIZE_PARAM } from "#app/lib/pagination.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import { LOGGED_IN_SLOTS, placeholderShopper, shapeOf, slotValues } from "./logged-in-page.server.ts";

/**
 * What server/page-cache (docs/decisions/0036-page-cache.md, and 0084 for logged-in parents) needs
 * from the storefront, so each rule keeps its one home here: which cookies make a visitor
 * someone, the CSRF token, what changes a render, and the catalogue's version.
 */
/**
 * Set by a render that shows what changes without a catalogue change (a product's stock and a
 * course's seats, docs/decisions/0066): the page cache renders it for each visitor instead.
 */
export const LIVE_RENDER_HEADER = "X-Live-Render";

/**
 * The query parameters a catalogue page reads that are the same for every parent: the page, its
 * size, the search term, the option chosen, the phone's search bar open. Any other (the cart panel, the account modals, the
 * link modal and its student) shows something of the parent's own, so such a page is rendered
 * for them; a parameter added later is theirs until it is listed here.
 */
const SHARED_PARAMS = new Set<string>([
  PAGE_PARAM,
  PAGE_SIZE_PARAM,
  "q",
  URL_STATE.option.key,
  URL_STATE.mobileSearch.key,
]);

export const pageCacheHooks = {
  isVisitorStateCookie,
  /** The customer session's cookie: the one store cookie a shared logged-in page may be asked with. */
  isSessionCookie: (name: string) => name === cookieName(SESSION_COOKIE),
  loggedInShopper,
  sharedWithEveryShopper: (params: URLSearchParams) => [...params.keys()].every((name) => SHARED_PARAMS.has(name)),
  loggedInSlots: LOGGED_IN_SLOTS,
  placeholderShopper,
  shapeOf,
  slotValues,
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
