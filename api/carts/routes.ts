import { Hono, type MiddlewareHandler } from "hono";
import {
  carts,
  type CartReply,
  type FinishCartReply,
  type GuestCartMergeReply,
  type SaveCartReply,
} from "../contract/carts.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, requireOwnCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { requireOwnIdsInBody } from "../accounts/ownership.ts";
import { callerAddress } from "../rate-limit.ts";
import { assertStoreExists } from "../stores/repository.ts";
import { storeIdOfPath } from "../contract/fields.ts";
import { at, parseInput, readJsonBody, validated } from "../validation.ts";
import { saveCart } from "./service.ts";
import { findOpenGuestCart } from "./repository.ts";
import { finishCart } from "./finish-cart.ts";
import { cartReply } from "./cart-view.ts";
import { acknowledgeRemovals } from "./cart-removals.ts";
import { mergeGuestCart } from "./guest-cart-merge.ts";
import { GUEST_CART_KEY_HEADER, guestCartReply, guestKeyHash, saveGuestCart } from "./guest-carts.ts";

type GuestKeyEnv = { Variables: { guestKeyHash: string } };

/** The visitor's cart key (a header, not the contract's input): 400 before anything else is read. */
const guestCartKey: MiddlewareHandler<GuestKeyEnv> = async (c, next) => {
  c.set("guestKeyHash", guestKeyHash(c.req.header(GUEST_CART_KEY_HEADER)));
  await next();
};

/** The store first: an unknown store answers 404 before the rest of the cart is looked at. */
function requireKnownStoreInBody(deps: ApiDeps): MiddlewareHandler {
  return async (c, next) => {
    const { storeId } = parseInput(storeIdOfPath, await readJsonBody(c));
    await assertStoreExists(deps, storeId);
    await next();
  };
}

export function cartRoutes(deps: ApiDeps) {
  const ownIds = requireOwnIdsInBody();
  return (
    new Hono<CustomerEnv>()
      .on(...at(carts.getCart), requireOwnCustomer(deps), async (c) => {
        const reply = await cartReply(deps.db, c.get("customer"), deps.now());
        return c.json<CartReply>(reply);
      })
      .on(...at(carts.saveCart), requireCustomer(deps), ownIds, validated(carts.saveCart), async (c) => {
        return c.json<SaveCartReply>(await saveCart(deps, c.get("customer"), c.req.valid("json")));
      })
      // A visitor's cart (spec §6), beyond the spec's calls: docs/decisions/0009-guest-carts.md.
      .on(...at(carts.listGuestCart), guestCartKey, validated(carts.listGuestCart), async (c) => {
        const { storeId } = c.req.valid("param");
        const cart = await findOpenGuestCart(deps.db, c.get("guestKeyHash"), storeId);
        return c.json<CartReply>(await guestCartReply(deps.db, cart, deps.now()));
      })
      .on(
        ...at(carts.saveGuestCart),
        guestCartKey,
        requireKnownStoreInBody(deps),
        validated(carts.saveGuestCart),
        async (c) => {
          const data = c.req.valid("json");
          const guest = { keyHash: c.get("guestKeyHash"), storeId: data.storeId, address: callerAddress(c) };
          return c.json<CartReply>(await saveGuestCart(deps, guest, data));
        },
      )
      .on(...at(carts.finishCart), requireOwnCustomer(deps), validated(carts.finishCart), async (c) => {
        const { storeId } = c.req.valid("param");
        return c.json<FinishCartReply>(
          await finishCart(
            deps,
            c.get("customer"),
            { cartId: c.req.param("cartId"), storeId, address: callerAddress(c) },
            c.req.valid("json"),
          ),
        );
      })
      .on(
        ...at(carts.acknowledgeRemovedItems),
        requireCustomer(deps),
        ownIds,
        validated(carts.acknowledgeRemovedItems),
        async (c) => {
          const { removalIds } = c.req.valid("json");
          const acknowledged = await acknowledgeRemovals(
            deps.db,
            c.get("customer").id,
            removalIds,
            deps.now().toISOString(),
          );
          return c.json({ acknowledged });
        },
      )
      .on(
        ...at(carts.mergeGuestCart),
        requireCustomer(deps),
        guestCartKey,
        ownIds,
        validated(carts.mergeGuestCart),
        async (c) => {
          return c.json<GuestCartMergeReply>(await mergeGuestCart(deps, c.get("customer"), c.get("guestKeyHash")));
        },
      )
  );
}
