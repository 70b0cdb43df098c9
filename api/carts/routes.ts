import { Hono } from "hono";
import {
  carts,
  type CartReply,
  type FinishCartReply,
  type GuestCartMergeReply,
  type SaveCartReply,
} from "../contract/carts.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, requireOwnCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { assertOwnIds } from "../accounts/ownership.ts";
import { callerAddress } from "../rate-limit.ts";
import { assertStoreExists } from "../stores/repository.ts";
import { at, parseInput, readJsonBody, storeIdOfPath } from "../validation.ts";
import { saveCart } from "./service.ts";
import { findOpenGuestCart } from "./repository.ts";
import { finishCart } from "./finish-cart.ts";
import { cartReply } from "./cart-view.ts";
import { acknowledgeRemovals } from "./cart-removals.ts";
import { mergeGuestCart } from "./guest-cart-merge.ts";
import { GUEST_CART_KEY_HEADER, guestCartReply, guestKeyHash, saveGuestCart } from "./guest-carts.ts";

export function cartRoutes(deps: ApiDeps) {
  return (
    new Hono<CustomerEnv>()
      .on(...at(carts.getCart), requireOwnCustomer(deps), async (c) => {
        const reply = await cartReply(deps.db, c.get("customer"));
        return c.json<CartReply>(reply);
      })
      .on(...at(carts.saveCart), requireCustomer(deps), async (c) => {
        const body = await readJsonBody(c);
        const customer = c.get("customer");
        assertOwnIds(customer, (body ?? {}) as Record<string, unknown>);
        const data = parseInput(carts.saveCart.body, body);
        return c.json<SaveCartReply>(await saveCart(deps, customer, data));
      })
      // A visitor's cart (spec §6), beyond the spec's calls: docs/decisions/0009-guest-carts.md.
      .on(...at(carts.listGuestCart), async (c) => {
        const keyHash = guestKeyHash(c.req.header(GUEST_CART_KEY_HEADER));
        const { storeId } = parseInput(storeIdOfPath, c.req.param());
        return c.json<CartReply>(await guestCartReply(deps.db, await findOpenGuestCart(deps.db, keyHash, storeId)));
      })
      .on(...at(carts.saveGuestCart), async (c) => {
        const keyHash = guestKeyHash(c.req.header(GUEST_CART_KEY_HEADER));
        const body = await readJsonBody(c);
        // The store first: an unknown store answers 404 before the cart is looked at.
        const { storeId } = parseInput(storeIdOfPath, body);
        await assertStoreExists(deps, storeId);
        const data = parseInput(carts.saveGuestCart.body, body);
        return c.json<CartReply>(await saveGuestCart(deps, { keyHash, storeId, address: callerAddress(c) }, data));
      })
      .on(...at(carts.finishCart), requireOwnCustomer(deps), async (c) => {
        const { storeId } = parseInput(storeIdOfPath, c.req.param());
        const data = parseInput(carts.finishCart.body, await readJsonBody(c));
        return c.json<FinishCartReply>(
          await finishCart(
            deps,
            c.get("customer"),
            { cartId: c.req.param("cartId"), storeId, address: callerAddress(c) },
            data,
          ),
        );
      })
      .on(...at(carts.acknowledgeRemovedItems), requireCustomer(deps), async (c) => {
        const body = await readJsonBody(c);
        const customer = c.get("customer");
        assertOwnIds(customer, (body ?? {}) as Record<string, unknown>);
        const { removalIds } = parseInput(carts.acknowledgeRemovedItems.body, body);
        const acknowledged = await acknowledgeRemovals(deps.db, customer.id, removalIds, deps.now().toISOString());
        return c.json({ acknowledged });
      })
      .on(...at(carts.mergeGuestCart), requireCustomer(deps), async (c) => {
        const keyHash = guestKeyHash(c.req.header(GUEST_CART_KEY_HEADER));
        const body = await readJsonBody(c);
        const customer = c.get("customer");
        assertOwnIds(customer, (body ?? {}) as Record<string, unknown>);
        parseInput(carts.mergeGuestCart.body, body);
        return c.json<GuestCartMergeReply>(await mergeGuestCart(deps, customer, keyHash));
      })
  );
}
