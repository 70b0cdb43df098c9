/** Carrinhos' calls (docs/decisions/0031): both roles find carts and act on them; each action is audited. */
import { Hono } from "hono";
import { gestorCarts } from "../../contract/gestor/carts.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, notFound } from "../../errors.ts";
import { at, parseInput, readJsonBody, uuidParam } from "../../validation.ts";
import { CART_NOT_FOUND, CartRefusal, deleteCart, removeCartItem } from "./service.ts";
import { requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { findOpenCarts } from "./cart-search.ts";

/** A cart id that is no id finds no cart, like an unknown one. */
function cartIdOf(value: string): string {
  if (!uuidParam(CART_NOT_FOUND).safeParse(value).success) throw notFound(CART_NOT_FOUND);
  return value;
}

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
  const staff = requireStaff(deps);
  return new Hono<StaffEnv>()
    .on(...at(gestorCarts.find), staff, async (c) => {
      const { by, q } = parseInput(gestorCarts.find.query, c.req.query());
      return c.json({ carts: await findOpenCarts(deps.db, by, q) });
    })
    .on(...at(gestorCarts.removeItem), staff, async (c) => {
      const cartId = cartIdOf(c.req.param("cartId"));
      const { itemTOTVSId } = parseInput(gestorCarts.removeItem.body, await readJsonBody(c));
      const removed = await refusedAsApiError(() => removeCartItem(deps, staffActor(c), cartId, itemTOTVSId));
      return c.json({ removed });
    })
    .on(...at(gestorCarts.deleteCart), staff, async (c) => {
      const cartId = cartIdOf(c.req.param("cartId"));
      const removed = await refusedAsApiError(() => deleteCart(deps, staffActor(c), cartId));
      return c.json({ removed });
    });
}
