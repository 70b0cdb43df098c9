import { Hono } from "hono";
import { catalogue, type PaymentMethod, type PaymentMethodsReply } from "../contract/catalogue.ts";
import { at } from "../validation.ts";
import type { ApiDeps } from "../deps.ts";

export function paymentMethodRoutes(deps: ApiDeps) {
  return new Hono().on(...at(catalogue.listPaymentMethods), async (c) => {
    const rows = await deps.db.selectFrom("payment_methods").select(["id", "code", "name"]).orderBy("code").execute();
    return c.json<PaymentMethodsReply>({ paymentMethods: rows as PaymentMethod[] });
  });
}
