import { Hono } from "hono";
import { z } from "zod";
import type { CartReply, FinishCartReply, GuestCartMergeReply } from "../contract/carts.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, requireOwnCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { assertOwnIds } from "../accounts/ownership.ts";
import { callerAddress } from "../rate-limit.ts";
import { assertStoreExists } from "../stores/store-repository.ts";
import { parseInput, readJsonBody, storeIdParam } from "../validation.ts";
import { cartPayloadSchema, guestCartPayloadSchema } from "./cart-payload.ts";
import { saveCart } from "./cart-service.ts";
import { findOpenGuestCart } from "./cart-store.ts";
import { finishCart } from "./finish-cart.ts";
import { finishPayloadSchema } from "./finish-payload.ts";
import { cartReply } from "./cart-view.ts";
import { mergeGuestCart } from "./guest-cart-merge.ts";
import { GUEST_CART_KEY_HEADER, guestCartReply, guestKeyHash, saveGuestCart } from "./guest-cart-service.ts";

const storeOnly = z.object({ storeId: storeIdParam });

export function cartRoutes(deps: ApiDeps) {
  return new Hono<CustomerEnv>()
    .get("/list-cart-by-customer/:customerId/store/:storeId", requireOwnCustomer(deps), async (c) => {
      const reply = await cartReply(deps.db, c.get("customer"), deps.now().toISOString());
      return c.json<CartReply>(reply);
    })
    .post("/client-add-item-to-cart", requireCustomer(deps), async (c) => {
      const body = await readJsonBody(c);
      const customer = c.get("customer");
      assertOwnIds(customer, (body ?? {}) as Record<string, unknown>);
      const data = parseInput(cartPayloadSchema, body);
      return c.json<CartReply>(await saveCart(deps, customer, data));
    })
    // A visitor's cart (spec §6), beyond the spec's calls: docs/decisions/0009-guest-carts.md.
    .get("/list-guest-cart/store/:storeId", async (c) => {
      const keyHash = guestKeyHash(c.req.header(GUEST_CART_KEY_HEADER));
      const { storeId } = parseInput(storeOnly, c.req.param());
      return c.json<CartReply>(await guestCartReply(deps.db, await findOpenGuestCart(deps.db, keyHash, storeId)));
    })
    .post("/guest-add-item-to-cart", async (c) => {
      const keyHash = guestKeyHash(c.req.header(GUEST_CART_KEY_HEADER));
      const body = await readJsonBody(c);
      const { storeId } = parseInput(storeOnly, body);
      await assertStoreExists(deps, storeId);
      const data = parseInput(guestCartPayloadSchema, body);
      return c.json<CartReply>(await saveGuestCart(deps, { keyHash, storeId, address: callerAddress(c) }, data));
    })
    .put("/finish-cart-by-customer/:customerId/cart/:cartId/store/:storeId", requireOwnCustomer(deps), async (c) => {
      const { storeId } = parseInput(storeOnly, c.req.param());
      const data = parseInput(finishPayloadSchema, await readJsonBody(c));
      return c.json<FinishCartReply>(await finishCart(deps, c.get("customer"), { cartId: c.req.param("cartId"), storeId }, data));
    })
    .post("/merge-guest-cart", requireCustomer(deps), async (c) => {
      const keyHash = guestKeyHash(c.req.header(GUEST_CART_KEY_HEADER));
      const body = await readJsonBody(c);
      const customer = c.get("customer");
      assertOwnIds(customer, (body ?? {}) as Record<string, unknown>);
      return c.json<GuestCartMergeReply>(await mergeGuestCart(deps, customer, keyHash));
    });
}
