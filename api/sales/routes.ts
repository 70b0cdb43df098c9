import { Hono } from "hono";
import type { SalesReply } from "../contract.ts";
import type { ApiDeps } from "../deps.ts";
import { requireOwnCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { listSalesOfCustomer } from "./sale-repository.ts";

export function saleRoutes(deps: ApiDeps) {
  return new Hono<CustomerEnv>().get(
    "/list-sale-by-customer-id/:customerId/store/:storeId",
    requireOwnCustomer(deps),
    async (c) => {
      const customer = c.get("customer");
      const sales = await listSalesOfCustomer(deps, customer.store_id, customer.id);
      return c.json<SalesReply>({ sales });
    },
  );
}
