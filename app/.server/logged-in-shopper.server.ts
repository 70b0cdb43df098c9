import { bundledShopperVersion } from "./bundled-api.server.ts";
import { catalogueVersion } from "./catalogue-version.server.ts";
import { CLIENT_ADDRESS_HEADER } from "./client-address.server.ts";
import { cookieName } from "./cookie-names.server.ts";
import { encodePersonalData, personalDataOf } from "./personal-data.server.ts";
import { getSession, getSessionCustomer, SESSION_COOKIE } from "./session.server.ts";
import { cookieValue } from "./signed-cookie.server.ts";
import { storeApiFor, StoreApiError } from "./store-api/index.server.ts";
import { storeApiExtensions } from "./store-api/extensions.server.ts";
import type { RemovedCartItem } from "#api/contract/carts.ts";
import { firstName } from "#core/text.ts";
import type { PersonalData } from "#app/lib/personal-data.ts";

/**
 * A logged-in shopper whose page may come from a shared template (decision 0084): their data as
 * the root loader would send it, and its string. `render`: React Router renders this request,
 * with the removals the cart read reported (the school's API may report them only once).
 */
export type LoggedInShopper =
  { data: PersonalData; personal: string } | { render: true; itemsRemovedEarlier?: RemovedCartItem[] };

const RENDER = { render: true } as const;

/**
 * How long one read of a parent's cart may fill their pages (decision 0086). Within it each page
 * still asks their version (api/shopper-version.ts) and the catalogue's, so a change to their
 * cart or tokens, or a price, shows on the very next page; the time only bounds what neither
 * version sees: a coupon or a material list's discount the gestor changes, a list's discount
 * that starts or ends with the clock.
 */
export const SHOPPER_READ_LIFETIME_MS = 5_000;
/** Parents remembered at once in one server: beyond it the least recently seen goes. */
const MAX_REMEMBERED = 5_000;

interface Remembered {
  shopper: { data: PersonalData; personal: string };
  customerId: string;
  /** The customer's and the catalogue's versions read before the cart was. */
  shopperVersion: number;
  catalogueVersion: number | null;
  /** When it stops serving: the read's lifetime, or the session's end if sooner. */
  endsAt: number;
}

/** By the session cookie's exact value, which only its holder sends (and which carries the customer). */
const remembered = new Map<string, Remembered>();

/** Forgets every parent: tests, and nothing else needs it. */
export function forgetShoppers(): void {
  remembered.clear();
}

/**
 * The shopper a page-cache request's session names, with the header's cart count and total
 * read as the root loader reads them. Anything but a live session and a clean cart read goes
 * on to React Router: an expired session (the expiry page), a guest cart, a refused token (the
 * session ends), the gestor's removals (their notice), an API that fails.
 *
 * With the bundled API a read serves the same session's next pages for a few seconds while
 * neither the customer's version nor the catalogue's moved (decision 0086): one indexed row
 * instead of the cart's reads and pricing. A school's API has no such version: each page reads.
 */
export async function loggedInShopper(
  cookie: string,
  clientAddress: string,
  now = Date.now(),
): Promise<LoggedInShopper> {
  const name = cookieName(SESSION_COOKIE);
  const value = cookieValue(cookie, name);
  if (!value) return RENDER;
  const kept = remembered.get(value);
  if (kept) {
    // Left in place while its versions are asked: the same parent's other requests use it meanwhile.
    const fresh = now < kept.endsAt && (await stillSo(kept));
    if (remembered.get(value) === kept) remembered.delete(value);
    if (fresh) {
      // Most recently seen last: Map keeps insertion order.
      remembered.set(value, kept);
      return kept.shopper;
    }
  }
  // Only the session cookie, exactly as remembered under its value.
  const request = new Request("http://loja.local/", {
    headers: { cookie: `${name}=${encodeURIComponent(value)}`, [CLIENT_ADDRESS_HEADER]: clientAddress },
  });
  const removed: RemovedCartItem[] = [];
  try {
    const session = await getSessionCustomer(request);
    // No first name: the header's greeting has no text to fill, and React writes it otherwise.
    if (!session || firstName(session.customer.name) === "") return RENDER;
    const { customer, token } = session;
    const expiresAt = (await getSession(request)).get("expiresAt") as number;
    // The versions before the cart: a change while it is read leaves them behind, and the next page reads again.
    const [shopperVersion, catalogue] = await Promise.all([bundledShopperVersion(customer.id), catalogueVersion()]);
    await storeApiExtensions();
    const reply = await storeApiFor(request, token, (items) => removed.push(...items)).getCart(customer.id);
    if (removed.length > 0) return { render: true, itemsRemovedEarlier: removed };
    const data = personalDataOf(customer, reply?.cart ?? null, false);
    const shopper = { data, personal: encodePersonalData(data) };
    if (shopperVersion !== null)
      remember(value, {
        shopper,
        customerId: customer.id,
        shopperVersion,
        catalogueVersion: catalogue,
        endsAt: Math.min(now + SHOPPER_READ_LIFETIME_MS, expiresAt),
      });
    return shopper;
  } catch (error) {
    // A refused token throws the expiry redirect; React Router's own read of the cart does that again.
    if (!(error instanceof StoreApiError) && !(error instanceof Response))
      console.error("[cache de páginas] carrinho não lido:", error);
    return removed.length > 0 ? { render: true, itemsRemovedEarlier: removed } : RENDER;
  }
}

async function stillSo(kept: Remembered): Promise<boolean> {
  const [shopperVersion, catalogue] = await Promise.all([bundledShopperVersion(kept.customerId), catalogueVersion()]);
  return shopperVersion === kept.shopperVersion && catalogue === kept.catalogueVersion;
}

function remember(value: string, entry: Remembered): void {
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(value, entry);
}
