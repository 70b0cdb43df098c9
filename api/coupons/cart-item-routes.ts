import { Hono } from "hono";
import type { CartReply } from "../contract/carts.ts";
import { coupons } from "../contract/coupons.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { applyCoupon, removeCoupon } from "./cart-coupons.ts";
import { at, parseInput, readJsonBody } from "../validation.ts";

export function cartItemRoutes(deps: ApiDeps) {
  const auth = requireCustomer(deps);
  return new Hono<CustomerEnv>()
    .on(...at(coupons.applyCoupon), auth, async (c) => {
      const data = parseInput(coupons.applyCoupon.body, await readJsonBody(c));
      return c.json<CartReply>(await applyCoupon(deps, c.get("customer"), data));
    })
    .on(...at(coupons.removeCoupon), auth, async (c) => {
      const data = parseInput(coupons.removeCoupon.body, await readJsonBody(c));
      return c.json<CartReply>(await removeCoupon(deps, c.get("customer"), data));
    });
}
