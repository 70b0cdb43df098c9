import { Hono } from "hono";
import type { CartReply } from "../contract.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, requireOwnCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { assertOwnIds } from "../services/ownership.ts";
import { parseInput, readJsonBody } from "../validation.ts";
import { cartPayloadSchema } from "./cart-payload.ts";
import { saveCart } from "./cart-service.ts";
import { cartReply } from "./cart-view.ts";

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
    });
}
