import { Hono } from "hono";
import { z } from "zod";
import type { PublicSaleBagReply, SaleBagsReply } from "../contract/orders.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { notFound } from "../errors.ts";
import { findPublicSaleBag, listBagsOfOwnSale, SALE_NOT_FOUND } from "../sales/sale-repository.ts";
import { parseInput, storeIdParam } from "../validation.ts";

const storeOnly = z.object({ storeId: storeIdParam });

export function saleBagRoutes(deps: ApiDeps) {
  return new Hono<CustomerEnv>()
    .get("/list-sale-bag-by-sale-id/:saleId/store/:storeId", requireCustomer(deps), async (c) => {
      const customer = c.get("customer");
      // Another store's path answers like an unknown sale: nothing to learn from the difference.
      if (c.req.param("storeId") !== String(customer.store_id)) throw notFound(SALE_NOT_FOUND);
      const saleBag = await listBagsOfOwnSale(deps, customer.store_id, customer.id, c.req.param("saleId"));
      return c.json<SaleBagsReply>({ saleBag });
    })
    // The public receipt: no auth, found by two random UUIDs.
    .get("/check-status-sale-bag/store/:storeId/sale/:saleId/saleBag/:saleBagId", async (c) => {
      const { storeId } = parseInput(storeOnly, c.req.param());
      const saleBag = await findPublicSaleBag(deps, storeId, c.req.param("saleId"), c.req.param("saleBagId"));
      return c.json<PublicSaleBagReply>({ saleBag });
    });
}
