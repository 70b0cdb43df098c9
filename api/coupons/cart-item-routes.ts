import { Hono } from "hono";
import { z } from "zod";
import type { CartReply } from "../contract/carts.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { applyCoupon, removeCoupon } from "./cart-coupons.ts";
import { CART_NOT_FOUND } from "../carts/cart-store.ts";
import { COUPON_MESSAGES } from "./coupon-rules.ts";
import { parseInput, readJsonBody, storeIdParam } from "../validation.ts";

const cartRef = {
  // Any text: an id that is not a cart of this customer is simply not found.
  cartId: z.string({ message: CART_NOT_FOUND }).trim().min(1, { message: CART_NOT_FOUND }).max(64, { message: CART_NOT_FOUND }),
  storeId: storeIdParam,
};

const applySchema = z.object({
  ...cartRef,
  code: z
    .string({ message: COUPON_MESSAGES.codeRequired })
    .trim()
    .min(1, { message: COUPON_MESSAGES.codeRequired })
    .max(40, { message: COUPON_MESSAGES.invalid }),
});

export function cartItemRoutes(deps: ApiDeps) {
  const auth = requireCustomer(deps);
  return new Hono<CustomerEnv>()
    .put("/apply-coupon-discount-on-cart-items", auth, async (c) => {
      const data = parseInput(applySchema, await readJsonBody(c));
      return c.json<CartReply>(await applyCoupon(deps, c.get("customer"), data));
    })
    .put("/remove-coupon-discount-in-cart-items", auth, async (c) => {
      const data = parseInput(z.object(cartRef), await readJsonBody(c));
      return c.json<CartReply>(await removeCoupon(deps, c.get("customer"), data));
    });
}
