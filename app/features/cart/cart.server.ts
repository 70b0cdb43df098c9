import type { CartBagPayload, CartReply } from "#api/contract/carts.ts";
import { cartPayloadOf } from "#app/features/cart/cart-changes.ts";
import { endSessionOn401 } from "#app/.server/session-expiry.server.ts";
import { ensureGuestCartKey, getGuestCartKey, getSessionCustomer } from "#app/.server/session.server.ts";
import { STORE_API_UNAVAILABLE, StoreApiError, storeApiFor } from "#app/.server/store-api/index.server.ts";

export const ITEMS_REMOVED_WARNING = "Alguns itens foram removidos do carrinho pelo gestor.";

/**
 * The shopper's cart: the customer's, or a visitor's kept by the store API against
 * their session (spec §6), or null for a visitor who has not added anything.
 * A 401 ends the session (spec §8); other failures are logged and the page renders without it.
 */
export async function loadCart(request: Request): Promise<CartReply | null> {
  const current = await getSessionCustomer(request);
  const guestKey = current ? null : await getGuestCartKey(request);
  if (!current && !guestKey) return null;
  try {
    if (current) return await storeApiFor(request, current.token).getCart(current.customer.id);
    return await storeApiFor(request).listGuestCart(guestKey!);
  } catch (error) {
    if (error instanceof StoreApiError && error.status !== 401) {
      console.error("[carrinho] não foi possível carregar:", error.message);
      return null;
    }
    return endSessionOn401(error);
  }
}

export type CartChangeOutcome =
  | { ok: true; reply: CartReply; /** Set-Cookie of a visitor's new cart key. */ cookie?: string }
  | { ok: false; status: number; message: string; cookie?: string };

/**
 * Applies a change to the shopper's whole cart and sends it (spec §4). The current
 * version goes along, so a change made meanwhile in another tab is refused, not lost.
 * A visitor's cart has one bag, without a student.
 */
export async function changeCart(
  request: Request,
  change: (bags: CartBagPayload[]) => CartBagPayload[],
): Promise<CartChangeOutcome> {
  const current = await getSessionCustomer(request);
  let cookie: string | undefined;
  try {
    if (current) {
      const api = storeApiFor(request, current.token);
      const { cart } = await api.getCart(current.customer.id);
      const reply = await api.saveCart(current.customer.id, change(cartPayloadOf(cart)), cart.version, cart.affiliateId);
      return { ok: true, reply };
    }
    const guest = await ensureGuestCartKey(request);
    cookie = guest.cookie;
    const api = storeApiFor(request);
    const { cart } = await api.listGuestCart(guest.key);
    const reply = await api.saveGuestCart(guest.key, change(cartPayloadOf(cart)), cart.version);
    return { ok: true, reply, cookie };
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    if (error.status === 401) endSessionOn401(error);
    // The store API failed: say so and keep the cart as it was, rather than an error page.
    if (error.status >= 500) console.error("[carrinho] a alteração falhou:", error.status, error.message);
    const message = error.status >= 500 ? STORE_API_UNAVAILABLE : error.message;
    return { ok: false, status: error.status, message, cookie };
  }
}

/** The coupons the open cart may use (customers only); a failure only hides the coupon panel. */
export async function loadCartCoupons(request: Request, cartId: string) {
  const current = await getSessionCustomer(request);
  if (!current) return [];
  try {
    return (await storeApiFor(request, current.token).listCartCoupons(cartId)).map(({ coupon }) => coupon);
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 401) endSessionOn401(error);
    console.error("[carrinho] cupons indisponíveis:", error instanceof Error ? error.message : error);
    return [];
  }
}
