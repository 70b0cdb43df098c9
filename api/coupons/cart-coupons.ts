import { CART_NOT_FOUND, type CartReply } from "../contract/carts.ts";
import type { CustomerRow } from "../customers/repository.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError, badRequest, notFound } from "../errors.ts";
import { loadCartLines } from "../carts/cart-pricing.ts";
import { COUPON_MESSAGES, couponCheck, findCouponByCode, hasSomethingToPay } from "./coupon-rules.ts";
import { lockCustomer } from "../customers/customer-lock.ts";
import { findOwnOpenCart, touchCart } from "../carts/repository.ts";
import { cartReply } from "../carts/cart-view.ts";
import { assertNoPaymentInProgress } from "../carts/service.ts";

interface CartRef {
  cartId: string;
  storeId: number;
}

/** The customer's own open cart, or 404 (someone else's, deleted, finished or another store's). */
async function ownCart(db: ApiDeps["db"], customer: CustomerRow, { cartId, storeId }: CartRef) {
  const cart = storeId === customer.store_id ? await findOwnOpenCart(db, customer.id, storeId, cartId) : undefined;
  if (!cart) throw notFound(CART_NOT_FOUND);
  return cart;
}

/**
 * PUT /cart-items/apply-coupon-discount-on-cart-items: one coupon for the whole cart
 * (spec §4), only when none is applied and the cart has something to pay; eligibility by couponCheck.
 */
export async function applyCoupon(
  deps: ApiDeps,
  customer: CustomerRow,
  ref: CartRef & { code: string },
): Promise<CartReply> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const at = now.toISOString();
    await lockCustomer(trx, customer.id);
    const cart = await ownCart(trx, customer, ref);
    await assertNoPaymentInProgress(trx, cart.id);
    if (cart.coupon_id) throw new ApiError(409, COUPON_MESSAGES.alreadyApplied);
    const items = (await loadCartLines(trx, cart.id)).filter((line) => line.shoppable);
    if (items.length === 0) throw badRequest(COUPON_MESSAGES.emptyCart);
    if (!hasSomethingToPay(items)) throw badRequest(COUPON_MESSAGES.freeCart);
    const coupon = await findCouponByCode(trx, customer.store_id, ref.code);
    const check = await couponCheck(trx, { coupon, customerId: customer.id, now, items });
    if (!check.ok) throw new ApiError(check.status, check.message);
    await touchCart(trx, cart, { coupon_id: coupon!.id }, at);
    return cartReply(trx, customer, now);
  });
}

/** PUT /cart-items/remove-coupon-discount-in-cart-items: answers the cart, with or without a coupon before. */
export async function removeCoupon(deps: ApiDeps, customer: CustomerRow, ref: CartRef): Promise<CartReply> {
  return deps.db.transaction().execute(async (trx) => {
    const at = deps.now().toISOString();
    await lockCustomer(trx, customer.id);
    const cart = await ownCart(trx, customer, ref);
    if (cart.coupon_id) {
      await assertNoPaymentInProgress(trx, cart.id);
      await touchCart(trx, cart, { coupon_id: null }, at);
    }
    return cartReply(trx, customer, deps.now());
  });
}
