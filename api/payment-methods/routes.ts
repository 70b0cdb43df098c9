import { Hono } from "hono";
import type { PaymentMethod, PaymentMethodsReply } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";

export function paymentMethodRoutes(deps: ApiDeps) {
  return new Hono().get("/list-payment-methods", async (c) => {
    const rows = await deps.db.selectFrom("payment_methods").select(["id", "code", "name"]).orderBy("code").execute();
    return c.json<PaymentMethodsReply>({ paymentMethods: rows as PaymentMethod[] });
  });
}
