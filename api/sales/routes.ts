import { Hono } from "hono";
import {
  orders,
  type BoletoReply,
  type SalePaymentReply,
  type SaleReply,
  type SalesReply,
} from "../contract/orders.ts";
import type { ApiDeps } from "../deps.ts";
import { requireCustomer, requireOwnCustomer, type CustomerEnv } from "../accounts/auth-middleware.ts";
import { at, validated } from "../validation.ts";
import { checkSalePayment } from "./payment-check.ts";
import { payPixInSandbox, renewPix } from "./pix-sales.ts";
import { findBoleto, listSalesOfCustomer } from "./repository.ts";

export function saleRoutes(deps: ApiDeps) {
  return (
    new Hono<CustomerEnv>()
      .on(...at(orders.listSalesByCustomer), requireOwnCustomer(deps), async (c) => {
        const customer = c.get("customer");
        const sales = await listSalesOfCustomer(deps, customer.store_id, customer.id);
        return c.json<SalesReply>({ sales });
      })
      // The printable boleto (beyond the spec's calls): no auth, found by the sale's random UUID.
      .on(...at(orders.getBoleto), validated(orders.getBoleto), async (c) => {
        const { storeId } = c.req.valid("param");
        return c.json<BoletoReply>({ boleto: await findBoleto(deps, storeId, c.req.param("saleId")) });
      })
      // Beyond the spec (docs/decisions/0022-pix.md): the customer's own Pix sales only.
      .on(...at(orders.renewPix), requireCustomer(deps), validated(orders.renewPix), async (c) => {
        const { storeId } = c.req.valid("param");
        const sale = await renewPix(deps, c.get("customer"), storeId, c.req.param("saleId"));
        return c.json<SaleReply>({ sale });
      })
      .on(...at(orders.sandboxPayPix), requireCustomer(deps), validated(orders.sandboxPayPix), async (c) => {
        const { storeId } = c.req.valid("param");
        const sale = await payPixInSandbox(deps, c.get("customer"), storeId, c.req.param("saleId"));
        return c.json<SaleReply>({ sale });
      })
      // Beyond the spec (docs/decisions/0019-mercado-pago.md): the customer's own sales only.
      .on(...at(orders.checkSalePayment), requireCustomer(deps), validated(orders.checkSalePayment), async (c) => {
        const { storeId } = c.req.valid("param");
        const payment = await checkSalePayment(deps, c.get("customer"), storeId, c.req.param("saleId"));
        return c.json<SalePaymentReply>({ payment });
      })
  );
}
