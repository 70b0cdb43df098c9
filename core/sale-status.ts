/** The statuses of a sale, the one home of their names: the API, the database and the labels read them. */
import { z } from "zod";

/**
 * "processing": claimed, the acquirer's answer not recorded yet; "refunded" and "charged_back":
 * the payment was given back by the store or disputed by the cardholder (docs/decisions/0018).
 */
export const saleStatus = z.enum([
  "processing",
  "pending",
  "paid",
  "declined",
  "cancelled",
  "expired",
  "refunded",
  "charged_back",
]);
export type SaleStatus = z.infer<typeof saleStatus>;
