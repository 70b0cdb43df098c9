import type { ExpressionBuilder } from "kysely";
import type { Database } from "#db/schema.ts";

/**
 * An account's "Fale conosco" tickets: those its customer sent logged in. Its data export lists
 * them and its deletion removes them (LGPD; decision note 0023). Not those of a visitor who typed
 * the account's e-mail: anyone can type any e-mail, and such a message would otherwise land in
 * that customer's record and export (issue 25, point 18).
 */
export const ticketsOf = (customer: { id: string }) => (eb: ExpressionBuilder<Database, "support_tickets">) =>
  eb("customer_id", "=", customer.id);
