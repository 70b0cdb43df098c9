import type { ExpressionBuilder } from "kysely";
import type { Database } from "#db/schema.ts";

/**
 * An account's "Fale conosco" tickets: sent logged in, or as a visitor with the account's
 * e-mail. Its data export lists them and its deletion removes them (LGPD; decision note 0023).
 */
export const ticketsOf =
  (customer: { id: string; store_id: number; email: string }) => (eb: ExpressionBuilder<Database, "support_tickets">) =>
    eb.or([
      eb("customer_id", "=", customer.id),
      eb.and([eb("store_id", "=", customer.store_id), eb("email", "=", customer.email)]),
    ]);
