import type {
  CartBagPayload,
  CartCoupon,
  CartReply,
  CouponRemoved,
  ListDiscountRemoved,
  SaveCartReply,
} from "#api/contract/carts.ts";
import { cartPayloadOf } from "#app/features/cart/cart-changes.ts";
import { currentCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { ensureGuestCartKey, getGuestCartKey } from "#app/.server/session.server.ts";
import { STORE_API_UNAVAILABLE, StoreApiError } from "#app/.server/store-api/index.server.ts";
import { goHomeAfterNotice } from "#app/features/leaving/leaving-notice.server.ts";
import { listDiscountRemovedBy } from "./list-discount.ts";

/**
 * The shopper's cart: the customer's, or a visitor's kept by the store API against
 * their session (spec §6), or null for a visitor who has not added anything.
 * A failure is logged and the page renders without it.
 */
export async function loadCart({ request, context }: RequestArgs): Promise<CartReply | null> {
  const current = currentCustomer(context);
  const api = storeApi(context);
  // A store API without visitor carts (beyond spec §7, 0026): a visitor has none.
  const guestKey = current || !api.supports("listGuestCart") ? null : await getGuestCartKey(request);
  if (!current && !guestKey) return null;
  try {
    return current ? await api.getCart(current.customer.id) : await api.listGuestCart(guestKey!);
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    console.error("[carrinho] não foi possível carregar:", error.message);
    return null;
  }
}

export type CartChangeOutcome =
  | {
      ok: true;
      reply: CartReply;
      /** Set-Cookie of a visitor's new cart key. */
      cookie?: string;
      /** The coupon the change took off the cart, and why (0047). */
      couponRemoved?: CouponRemoved;
      /** The bags whose material list discount the change took away (0072). */
      listDiscountRemoved?: ListDiscountRemoved[];
    }
  | { ok: false; status: number; message: string; cookie?: string };

/** A refusal of the store API as the shopper reads it; a failing API is a message, not an error page. */
export function cartChangeRefused(error: unknown, cookie?: string): CartChangeOutcome {
  if (!(error instanceof StoreApiError)) throw error;
  if (error.status >= 500) console.error("[carrinho] a alteração falhou:", error.status, error.message);
  const message = error.status >= 500 ? STORE_API_UNAVAILABLE : error.message;
  return { ok: false, status: error.status, message, cookie };
}

/**
 * Why a change took the coupon off: the bundled API says why (0047); a school's store API that
 * drops the coupon on every change, as spec §2's note says, is read from the cart before and after.
 */
function couponRemovedBy(before: CartCoupon | null, reply: SaveCartReply): CouponRemoved | undefined {
  if (reply.couponRemoved) return reply.couponRemoved;
  if (!before || reply.cart.coupon) return undefined;
  return { code: before.code, reason: COUPON_DROPPED_BY_CHANGE };
}

const COUPON_DROPPED_BY_CHANGE =
  "Alterações no carrinho removem o cupom. Aplique-o de novo, se ainda quiser o desconto.";

/**
 * Applies a change to the shopper's whole cart and sends it (spec §4). The current
 * version goes along, so a change made meanwhile in another tab is refused, not lost.
 * A visitor's cart has one bag, without a student.
 */
export async function changeCart(
  { request, context }: RequestArgs,
  change: (bags: CartBagPayload[]) => CartBagPayload[],
): Promise<CartChangeOutcome> {
  const current = currentCustomer(context);
  const api = storeApi(context);
  let cookie: string | undefined;
  try {
    if (current) {
      const { cart } = await api.getCart(current.customer.id);
      const reply = await api.saveCart(
        current.customer.id,
        change(cartPayloadOf(cart)),
        cart.version,
        cart.affiliateId,
      );
      return {
        ok: true,
        reply,
        couponRemoved: couponRemovedBy(cart.coupon, reply),
        listDiscountRemoved: listDiscountRemovedBy(cart.bags, reply),
      };
    }
    const guest = await ensureGuestCartKey(request);
    cookie = guest.cookie;
    const { cart } = await api.listGuestCart(guest.key);
    const reply = await api.saveGuestCart(guest.key, change(cartPayloadOf(cart)), cart.version);
    return { ok: true, reply, cookie };
  } catch (error) {
    return cartChangeRefused(error, cookie);
  }
}

/** The coupons the open cart may use (customers only); a failure only hides the coupon panel. */
export async function loadCartCoupons({ context }: RequestArgs, cartId: string) {
  if (!currentCustomer(context)) return [];
  try {
    return (await storeApi(context).listCartCoupons(cartId)).map(({ coupon }) => coupon);
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    console.error("[carrinho] cupons indisponíveis:", error.message);
    return [];
  }
}

/**
 * Spec §8's 402 on a cart add: the customer's cart is emptied, the store's message shows, and the
 * shopper goes home after its 2.5 s. Every form that adds to the cart ends this way on a 402.
 */
export async function cartAddPaymentRequired({ context }: RequestArgs, message: string, init?: ResponseInit) {
  const current = currentCustomer(context);
  if (current)
    await storeApi(context)
      .saveCart(current.customer.id, [])
      .catch(() => undefined);
  return goHomeAfterNotice("carrinho-recusado", message, init);
}
