/**
 * "Avise-me quando chegar" (issue 28): an e-mail kept per sold-out item (a size, a product) that
 * gets one message when the item's stock returns. Beyond spec §7: a school API without it answers
 * 404 and the product page simply offers no alert (docs/decisions/0026-school-api-optional-calls.md).
 */
import { z } from "zod";
import { emailField } from "#core/validation/customer-fields.ts";
import { endpoint } from "./endpoint.ts";
import { integerId, storeIdField } from "./fields.ts";
import { STOCK_ALERT_MESSAGES } from "./stock-alert-messages.ts";

// The texts live apart, without Zod, so the product page's form imports them alone
// (docs/decisions/0081-js-budget.md).
export { STOCK_ALERT_MESSAGES } from "./stock-alert-messages.ts";

/** Typed by a visitor: stored in lower case, as the store keeps every e-mail. */
export const stockAlertEmailField = z
  .string({ message: "Informe o e-mail." })
  .transform((value) => value.trim().toLowerCase())
  .pipe(emailField);

const stockAlertReply = z.object({
  stockAlert: z.object({ id: z.string(), itemTOTVSId: z.number(), email: z.string() }),
  /** true: this address was already waiting for the item; nothing new was kept. */
  alreadyWaiting: z.boolean(),
});
export type StockAlertReply = z.infer<typeof stockAlertReply>;

const createStockAlertBody = z.object({
  storeId: storeIdField,
  itemTOTVSId: integerId(STOCK_ALERT_MESSAGES.itemInvalid),
  /** A visitor's address; ignored with a live bearer token (the customer's own is used). */
  email: stockAlertEmailField.optional(),
  /** A visitor's explicit consent; a logged-in customer's request is theirs. */
  consent: z.boolean().optional(),
});
export type CreateStockAlertPayload = z.input<typeof createStockAlertBody>;

export const stockAlerts = {
  /**
   * Bearer optional: with a live token the customer's own e-mail waits; otherwise `email` and
   * `consent: true` (a dead token without them: 401, the session is over). Only a tracked, sold-out product or size (not a course's seat) can be waited
   * for. 201 when kept, 200 when the address was already waiting (alreadyWaiting). Limited per
   * caller address (429).
   */
  createStockAlert: endpoint({
    extension: true,
    method: "POST",
    path: "/stock-alerts/create-stock-alert",
    body: createStockAlertBody,
    reply: stockAlertReply,
  }),
};
