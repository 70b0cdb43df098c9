/**
 * The "Avise-me quando chegar" form's fields (app/features/stock/notify-me-form.tsx): checked in the
 * browser and by the /avise-me action with the same schemas, and again by the store API.
 */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { STOCK_ALERT_MESSAGES, stockAlertEmailField } from "#api/contract/stock-alerts.ts";
import { isProductPath } from "#app/lib/product-path.ts";

// The form's address and id (NOTIFY_ME_PATH, notifyMeFormId) live in notify-me-address.ts,
// without Zod, so the form imports them alone and the schemas load on its first focus
// (docs/decisions/0081-js-budget.md).

const item = {
  itemTOTVSId: z.coerce.number<number>().int().positive(),
  /** Where the form is: the product page the shopper goes back to. */
  productPath: z.string().refine(isProductPath),
};

/** A logged-in customer: their account's e-mail waits; the button is the request. */
export const customerNotifySchema = z.object(item);

/** A visitor: the address and the explicit consent (Conform reads a ticked box as true). */
export const visitorNotifySchema = z.object({
  ...item,
  email: stockAlertEmailField,
  consent: z
    .boolean({ message: STOCK_ALERT_MESSAGES.consentRequired })
    .refine((ticked) => ticked, { message: STOCK_ALERT_MESSAGES.consentRequired }),
});

export type NotifyMeFields = Record<"itemTOTVSId" | "productPath" | "email" | "consent", string>;

/** What /avise-me answers for a refused request: the form's result and what it needs to show again. */
export interface NotifyMeReply {
  result: SubmissionResult<string[]>;
  itemTOTVSId: number;
  productPath: string;
  customerEmail: string | null;
}
