/**
 * Carrinhos' calls (docs/decisions/0031): every role finds carts and acts on them, a secretary
 * on her units' (decision 0061); each action is audited.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { gestorCarts } from "../../contract/gestor/carts.ts";
import { PART_ROLES } from "../../contract/gestor/staff.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, notFound } from "../../errors.ts";
import { uuidParam } from "../../contract/fields.ts";
import { at, validated } from "../../validation.ts";
import { CART_NOT_FOUND, CartRefusal, deleteCart, removeCartItem } from "./service.ts";
import { requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { findOpenCarts } from "./cart-search.ts";

/**
 * A cart id that is no id finds no cart, like an unknown one (404, before the body is read).
 * Checked here rather than as the contract's `params`: the message is the cart rules' own
 * (api/gestor/carts/service.ts, shared with the CLI), which the contract cannot import.
 */
const requireCartIdOfPath: MiddlewareHandler = async (c, next) => {
  if (!uuidParam(CART_NOT_FOUND).safeParse(c.req.param("cartId")).success) throw notFound(CART_NOT_FOUND);
  await next();
};

/** A refusal of the cart rules (api/gestor/carts/service.ts, shared with the CLI) answered with its status. */
async function refusedAsApiError<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof CartRefusal) throw new ApiError(error.status, error.message);
    throw error;
  }
}

export function gestorCartRoutes(deps: ApiDeps) {
  const staff = requireStaff(deps, { roles: PART_ROLES.carts });
  const { find, removeItem, deleteCart: deleteOne } = gestorCarts;
  return new Hono<StaffEnv>()
    .on(...at(find), staff, validated(find), async (c) => {
      const { by, q } = c.req.valid("query");
      return c.json({ carts: await findOpenCarts(deps.db, by, q, c.get("scope"), deps.now()) });
    })
    .on(...at(removeItem), staff, requireCartIdOfPath, validated(removeItem), async (c) => {
      const { itemTOTVSId } = c.req.valid("json");
      const cartId = c.req.param("cartId");
      const reply = await refusedAsApiError(() =>
        removeCartItem(deps, staffActor(c), c.get("scope"), cartId, itemTOTVSId),
      );
      return c.json(reply);
    })
    .on(...at(deleteOne), staff, requireCartIdOfPath, async (c) => {
      const cartId = c.req.param("cartId");
      const removed = await refusedAsApiError(() => deleteCart(deps, staffActor(c), c.get("scope"), cartId));
      return c.json({ removed });
    });
}
