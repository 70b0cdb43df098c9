import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { RemovedCartItem } from "#api/contract/carts.ts";
import type { PersonalData } from "#app/lib/personal-data.ts";
import { validateCsrf } from "./csrf.server.ts";
import { logCustomer } from "./request-log-fields.server.ts";
import { SESSION_EXPIRED_PATH } from "./session-expiry.server.ts";
import { getSessionCustomer, hasExpiredSession, type SessionCustomer } from "./session.server.ts";
import { storeApiExtensions, storeApiFor, type StoreApiClient } from "./store-api/index.server.ts";

/** The logged-in customer and the token the store API knows them by. */
export interface CurrentCustomer {
  customer: SessionCustomer;
  token: string;
}

/** Who is shopping in this request, and the store API as that shopper (Hydrogen's per-request services). */
interface Shopper {
  current: CurrentCustomer | null;
  api: StoreApiClient;
  /** The itemsRemoved of every cart reply this request got (app/features/cart/removal-notice.server.ts). */
  itemsRemoved: RemovedCartItem[];
}

const shopperContext = createContext<Shopper>();

/**
 * The page cache's own (server/page-cache, docs/decisions/0084), given only through
 * loadContextFor by server code, never read from a request: a shared logged-in page's render
 * with a placeholder shopper, and the gestor's removals a cart read before this request's
 * render already reported (the school's API may report a removal once, decision 0007).
 */
export interface PageCacheCarry {
  templateShopper?: PersonalData;
  itemsRemovedEarlier?: readonly RemovedCartItem[];
}
const pageCacheCarryContext = createContext<PageCacheCarry>({});

/** loadContextFor's part: what the page cache hands to this request's render. */
export function carryFromPageCache(context: RouterContextProvider, carry: PageCacheCarry): void {
  context.set(pageCacheCarryContext, carry);
}

/** The placeholder shopper when this render makes a shared logged-in page's template, else null. */
export function templateShopper(context: Readonly<RouterContextProvider>): PersonalData | null {
  return context.get(pageCacheCarryContext).templateShopper ?? null;
}

/** What a loader or action of the storefront is called with. */
export interface RequestArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const STORE_API_PREFIX = "/api/";

/** The page a request is for: React Router's client data requests add ".data" to it. */
export function pagePath(request: Request): string {
  return new URL(request.url).pathname.replace(/\.data$/, "");
}

/** The bundled store API (/api/*) speaks JSON with bearer tokens: no forms, no storefront session. */
export const isStoreApi = (request: Request) => pagePath(request).startsWith(STORE_API_PREFIX);

/** The gestor area (app/features/gestor): staff sessions of its own, no shopper, no cart. */
export const isGestorPage = (request: Request) => /^\/gestor(\/|$)/.test(pagePath(request));

/** A page of the store itself, for a shopper: neither the API nor the gestor area. */
export const isShopPage = (request: Request) => !isStoreApi(request) && !isGestorPage(request);

/**
 * Convention 7: every POST of the storefront carries the CSRF token; a missing or wrong
 * one stops with 403 before any action runs. The action reads its own copy of the body.
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request }) => {
  if (request.method === "GET" || request.method === "HEAD" || isStoreApi(request)) return;
  const formData = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  await validateCsrf(formData, request.headers);
};

/**
 * Puts the customer (or null for a visitor) and their store-API client in the request
 * context. Spec §4: 24 hours after login the session ends, whatever page is open; the
 * expiry page clears the session itself, so nothing here may read it there, or a 401
 * would loop back. Only page loads are sent to it: a form posted with an expired session
 * is handled as a visitor's, and the page it lands on then shows the expiry.
 * Server tests call this to build the context a loader or action runs with.
 */
export async function putShopper(request: Request, context: Readonly<RouterContextProvider>): Promise<void> {
  const carry = context.get(pageCacheCarryContext);
  const onExpiryPage = pagePath(request) === SESSION_EXPIRED_PATH;
  if (!carry.templateShopper && request.method === "GET" && !onExpiryPage && (await hasExpiredSession(request)))
    throw redirect(SESSION_EXPIRED_PATH);
  // A template's placeholder shopper has no token: the store API answers it as a visitor, and a
  // call only a customer may make fails, so that page is not kept (server/page-cache).
  const placeholder = carry.templateShopper?.customer;
  const current = placeholder
    ? { customer: placeholder, token: "" }
    : onExpiryPage
      ? null
      : await getSessionCustomer(request);
  logCustomer(context, current?.customer.id);
  // Decided once per process (a probe of STORE_API_URL at start); instant afterwards.
  await storeApiExtensions();
  const itemsRemoved: RemovedCartItem[] = [...(carry.itemsRemovedEarlier ?? [])];
  const api = storeApiFor(request, current?.token || undefined, (items) => itemsRemoved.push(...items));
  context.set(shopperContext, { current, api, itemsRemoved });
}

export const shopperMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  if (isShopPage(request)) await putShopper(request, context);
};

/** The gestor's removals the cart replies of this request reported so far (spec §8). */
export function itemsRemovedSoFar(context: Readonly<RouterContextProvider>): readonly RemovedCartItem[] {
  return context.get(shopperContext).itemsRemoved;
}

/** The logged-in customer, or null for a visitor. */
export function currentCustomer(context: Readonly<RouterContextProvider>): CurrentCustomer | null {
  return context.get(shopperContext).current;
}

/** Convention 5, for pages only a customer may open: a visitor is sent to the home page. */
export function requireCustomer(context: Readonly<RouterContextProvider>): CurrentCustomer {
  const current = currentCustomer(context);
  if (!current) throw redirect("/");
  return current;
}

/** Convention 5, for the login and sign-up pages: a logged-in customer is sent to the home page. */
export function requireAnonymous(context: Readonly<RouterContextProvider>): void {
  if (currentCustomer(context)) throw redirect("/");
}

/** The store API as this shopper: with the customer's token, whose 401 ends the session (spec §8). */
export function storeApi(context: Readonly<RouterContextProvider>): StoreApiClient {
  return context.get(shopperContext).api;
}
