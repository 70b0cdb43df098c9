import { Hono } from "hono";
import { orders, type PublicSaleBagReply, type SaleBagsReply } from "../contract/orders.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { notFound } from "../errors.ts";
import { SALE_NOT_FOUND } from "../contract/orders.ts";
import { findPublicSaleBag, listBagsOfOwnSale } from "../sales/repository.ts";
import { at, validated } from "../validation.ts";

export function saleBagRoutes(deps: ApiDeps) {
  return (
    new Hono<CustomerEnv>()
      .on(...at(orders.listSaleBagsBySale), requireCustomer(deps), async (c) => {
        const customer = c.get("customer");
        // Another store's path answers like an unknown sale: nothing to learn from the difference.
        if (c.req.param("storeId") !== String(customer.store_id)) throw notFound(SALE_NOT_FOUND);
        const saleBag = await listBagsOfOwnSale(deps, customer.store_id, customer.id, c.req.param("saleId"));
        return c.json<SaleBagsReply>({ saleBag });
      })
      // The public receipt: no auth, found by two random UUIDs.
      .on(...at(orders.getPublicSaleBag), validated(orders.getPublicSaleBag), async (c) => {
        const { storeId } = c.req.valid("param");
        const saleBag = await findPublicSaleBag(deps, storeId, c.req.param("saleId"), c.req.param("saleBagId"));
        return c.json<PublicSaleBagReply>({ saleBag });
      })
  );
}
