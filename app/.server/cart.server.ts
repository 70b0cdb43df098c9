import type { CartBagPayload, CartReply } from "#api/contract.ts";
import { cartPayloadOf } from "#app/lib/cart.ts";
import { endSessionOn401 } from "./session-expiry.server.ts";
import { getSessionCustomer } from "./session.server.ts";
import { StoreApiError, storeApiFor } from "./store-api/index.server.ts";

export const ITEMS_REMOVED_WARNING = "Alguns itens foram removidos do carrinho pelo gestor.";

/** The logged-in customer's cart, or null for a visitor. A 401 ends the session (spec §8). */
export async function loadCart(request: Request): Promise<CartReply | null> {
  const current = await getSessionCustomer(request);
  if (!current) return null;
  try {
    return await storeApiFor(request, current.token).getCart(current.customer.id);
  } catch (error) {
    if (error instanceof StoreApiError && error.status !== 401) {
      // Spec §8: other failures are logged; the page still renders without the cart.
      console.error("[carrinho] não foi possível carregar:", error.message);
      return null;
    }
    return endSessionOn401(error);
  }
}

export type CartChangeOutcome =
  | { ok: true; reply: CartReply }
  | { ok: false; status: number; message: string };

/**
 * Applies a change to the customer's whole cart and sends it (spec §4). The current
 * version goes along, so a change made meanwhile in another tab is refused, not lost.
 */
export async function changeCart(
  request: Request,
  change: (bags: CartBagPayload[]) => CartBagPayload[],
): Promise<CartChangeOutcome> {
  const current = await getSessionCustomer(request);
  if (!current) return { ok: false, status: 401, message: "Faça login para usar o carrinho." };
  const api = storeApiFor(request, current.token);
  try {
    const { cart } = await api.getCart(current.customer.id);
    const reply = await api.saveCart(current.customer.id, change(cartPayloadOf(cart)), cart.version, cart.affiliateId);
    return { ok: true, reply };
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    if (error.status === 401) endSessionOn401(error);
    if (error.status >= 500) throw error;
    return { ok: false, status: error.status, message: error.message };
  }
}

/** The coupons the open cart may use; a failure only hides the coupon panel. */
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
