import { listingPageSize } from "./listing-page-size.server.ts";
import { bundledListsSnapshot, bundledStockSnapshot } from "./bundled-api.server.ts";
import { catalogueMayHaveChanged, catalogueVersion } from "./catalogue-version.server.ts";
import { cookieName, isVisitorStateCookie } from "./cookie-names.server.ts";
import { loggedInShopper } from "./logged-in-shopper.server.ts";
import { SESSION_COOKIE } from "./session.server.ts";
import { commitCsrfTokenFor, csrfCookieHeader } from "./csrf.server.ts";
import { PAGE_PARAM, PAGE_SIZE_PARAM } from "#app/lib/pagination.ts";
import { URL_STATE } from "#app/lib/url-state.ts";
import type { Product } from "#api/contract/catalogue.ts";
import type { StockKey } from "#api/stock/stock-snapshot.ts";
import { LOGGED_IN_SLOTS, placeholderShopper, shapeOf, slotValues } from "./logged-in-page.server.ts";

/**
 * What server/page-cache (docs/decisions/0036-page-cache.md, and 0084 for logged-in parents) needs
 * from the storefront, so each rule keeps its one home here: which cookies make a visitor
 * someone, the CSRF token, what changes a render, and the catalogue's version.
 */
/**
 * Set by a render that shows what changes without a catalogue change, and names it: a product's
 * stock and a course's seats (docs/decisions/0066; liveStockHeader), the published material
 * lists (LIVE_LISTS). The page cache keeps such a page only while a read of it now says what it
 * said before the render (docs/decisions/0087).
 */
export const LIVE_RENDER_HEADER = "X-Live-Render";
const LIVE_STOCK = "stock";
/** LIVE_RENDER_HEADER's value for /listas-de-material: the published lists, read fresh (issue 29). */
export const LIVE_LISTS = "lists";

/** LIVE_RENDER_HEADER's value for a product page: its unit's items whose stock or seats it shows. */
export function liveStockHeader(product: Pick<Product, "CODCOLIGADA" | "itemTOTVS" | "variants">): string {
  const items = [product.itemTOTVS, ...(product.variants ?? []).map((variant) => variant.itemTOTVSId)];
  return [LIVE_STOCK, encodeURIComponent(product.CODCOLIGADA), ...items].join(" ");
}

/** The items LIVE_RENDER_HEADER's value names; null when it names none this store can read. */
function stockKeysOf(live: string): StockKey[] | null {
  const [kind, unit, ...items] = live.split(" ");
  if (kind !== LIVE_STOCK || unit === undefined || items.length === 0) return null;
  const unitCode = decodeURIComponent(unit);
  const codes = items.map(Number);
  return codes.every(Number.isSafeInteger) ? codes.map((itemTotvsId) => ({ unitCode, itemTotvsId })) : null;
}

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
  /** What a render shows that changes without the catalogue (LIVE_RENDER_HEADER's value); null: nothing. */
  liveOf(headers: Pick<Headers, "get">): string | null {
    return headers.get(LIVE_RENDER_HEADER);
  },
  /**
   * What a live render shows (stock, seats or the lists), read now: equal strings, the same page.
   * Null when it cannot be told (another server's store API, an unknown value): rendered each time.
   */
  async liveSnapshot(live: string): Promise<string | null> {
    if (live === LIVE_LISTS) return bundledListsSnapshot();
    const keys = stockKeysOf(live);
    return keys && bundledStockSnapshot(keys);
  },
};

export type PageCacheHooks = typeof pageCacheHooks;
