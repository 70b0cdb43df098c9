import { listingPageSize } from "./listing-page-size.server.ts";
import { catalogueMayHaveChanged, catalogueVersion } from "./catalogue-version.server.ts";
import { cookieName, isVisitorStateCookie } from "./cookie-names.server.ts";
import { commitCsrfTokenFor, csrfCookieHeader } from "./csrf.server.ts";
import { CLIENT_ADDRESS_HEADER } from "./client-address.server.ts";
import { encodePersonalData, personalDataOf } from "./personal-data.server.ts";
import { getSessionCustomer, SESSION_COOKIE } from "./session.server.ts";
import { storeApiFor, StoreApiError } from "./store-api/index.server.ts";
import { storeApiExtensions } from "./store-api/extensions.server.ts";
import type { RemovedCartItem } from "#api/contract/carts.ts";
import type { PersonalData } from "#app/lib/personal-data.ts";
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
 * A logged-in shopper whose page may come from a shared template (decision 0084): their data as
 * the root loader would send it, and its string. `render`: React Router renders this request,
 * with the removals the cart read reported (the school's API may report them only once).
 */
export type LoggedInShopper =
  { data: PersonalData; personal: string } | { render: true; itemsRemovedEarlier?: RemovedCartItem[] };

const RENDER = { render: true } as const;

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

/**
 * The shopper a page-cache request's session names, with the header's cart count and total
 * read as the root loader reads them. Anything but a live session and a clean cart read goes
 * on to React Router: an expired session (the expiry page), a guest cart, a refused token (the
 * session ends), the gestor's removals (their notice), an API that fails.
 */
async function loggedInShopper(cookie: string, clientAddress: string): Promise<LoggedInShopper> {
  const request = new Request("http://loja.local/", {
    headers: { cookie, [CLIENT_ADDRESS_HEADER]: clientAddress },
  });
  const removed: RemovedCartItem[] = [];
  try {
    const session = await getSessionCustomer(request);
    if (!session) return RENDER;
    await storeApiExtensions();
    const reply = await storeApiFor(request, session.token, (items) => removed.push(...items)).getCart(
      session.customer.id,
    );
    if (removed.length > 0) return { render: true, itemsRemovedEarlier: removed };
    const data = personalDataOf(session.customer, reply?.cart ?? null, false);
    return { data, personal: encodePersonalData(data) };
  } catch (error) {
    // A refused token throws the expiry redirect; React Router's own read of the cart does that again.
    if (!(error instanceof StoreApiError) && !(error instanceof Response))
      console.error("[cache de páginas] carrinho não lido:", error);
    return removed.length > 0 ? { render: true, itemsRemovedEarlier: removed } : RENDER;
  }
}

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
