import { Hono } from "hono";
import { z } from "zod";
import type { BoletoReply, SalesReply } from "../contract/orders.ts";
import type { ApiDeps } from "../deps.ts";
import { requireOwnCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { parseInput, storeIdParam } from "../validation.ts";
import { findBoleto, listSalesOfCustomer } from "./sale-repository.ts";

const storeOnly = z.object({ storeId: storeIdParam });

export function saleRoutes(deps: ApiDeps) {
  return new Hono<CustomerEnv>()
    .get("/list-sale-by-customer-id/:customerId/store/:storeId", requireOwnCustomer(deps), async (c) => {
      const customer = c.get("customer");
      const sales = await listSalesOfCustomer(deps, customer.store_id, customer.id);
      return c.json<SalesReply>({ sales });
    })
    // The printable boleto (beyond the spec's calls): no auth, found by the sale's random UUID.
    .get("/boleto/:saleId/store/:storeId", async (c) => {
      const { storeId } = parseInput(storeOnly, c.req.param());
      return c.json<BoletoReply>({ boleto: await findBoleto(deps, storeId, c.req.param("saleId")) });
    });
}
