import { Hono } from "hono";
import { CART_NOT_FOUND, type CartReply } from "../contract/carts.ts";
import { coupons, type ItemCouponsReply } from "../contract/coupons.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { findOwnOpenCart } from "../carts/repository.ts";
import { notFound } from "../errors.ts";
import { loadCartLines } from "../carts/cart-pricing.ts";
import { applyCoupon, removeCoupon } from "./cart-coupons.ts";
import { hasSomethingToPay, listAvailableCoupons } from "./coupon-rules.ts";
import { at, validated } from "../validation.ts";

export function cartItemRoutes(deps: ApiDeps) {
  const auth = requireCustomer(deps);
  return new Hono<CustomerEnv>()
    .on(...at(coupons.applyCoupon), auth, validated(coupons.applyCoupon), async (c) =>
      c.json<CartReply>(await applyCoupon(deps, c.get("customer"), c.req.valid("json"))),
    )
    .on(...at(coupons.removeCoupon), auth, validated(coupons.removeCoupon), async (c) =>
      c.json<CartReply>(await removeCoupon(deps, c.get("customer"), c.req.valid("json"))),
    );
}

export function itemCouponRoutes(deps: ApiDeps) {
  return new Hono<CustomerEnv>().on(...at(coupons.listCartCoupons), requireCustomer(deps), async (c) => {
    const customer = c.get("customer");
    const { cartId, storeId } = c.req.param();
    const cart =
      storeId === String(customer.store_id)
        ? await findOwnOpenCart(deps.db, customer.id, customer.store_id, cartId)
        : undefined;
    if (!cart) throw notFound(CART_NOT_FOUND);
    // An empty or R$ 0,00 cart cannot take a coupon, so none is offered (the panel hides itself).
    const items = (await loadCartLines(deps.db, cart.id)).filter((line) => line.shoppable);
    if (!hasSomethingToPay(items)) return c.json<ItemCouponsReply>({ itemCoupons: [] });
    const coupons = await listAvailableCoupons(deps.db, {
      storeId: customer.store_id,
      customerId: customer.id,
      now: deps.now(),
      items,
    });
    return c.json<ItemCouponsReply>({
      itemCoupons: coupons.map((coupon) => ({
        id: coupon.id,
        coupon: { id: coupon.id, code: coupon.code, percentage: coupon.percentage },
      })),
    });
  });
}
