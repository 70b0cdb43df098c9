/**
 * The "Entrar na lista de espera" form's fields (app/features/stock/waiting-list-form.tsx):
 * checked in the browser and by the /lista-de-espera action with the same schemas, and again by
 * the store API.
 */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { stockAlertEmailField } from "#api/contract/stock-alerts.ts";
import { WAITING_LIST_MESSAGES } from "#api/contract/waiting-list.ts";
import { isProductPath } from "#app/lib/product-path.ts";

export const WAITING_LIST_PATH = "/lista-de-espera";

/** The form's anchor on the product page (a refusal without JavaScript links back to it). */
export const WAITING_LIST_ANCHOR = "lista-de-espera";

const course = {
  itemTOTVSId: z.coerce.number<number>().int().positive(),
  /** Where the form is: the product page the parent goes back to. */
  productPath: z.string().refine(isProductPath),
};

/** A logged-in customer: their account's e-mail joins; the button is the request. */
export const customerWaitingSchema = z.object(course);

/** A visitor: the address and the explicit consent (Conform reads a ticked box as true). */
export const visitorWaitingSchema = z.object({
  ...course,
  email: stockAlertEmailField,
  consent: z
    .boolean({ message: WAITING_LIST_MESSAGES.consentRequired })
    .refine((ticked) => ticked, { message: WAITING_LIST_MESSAGES.consentRequired }),
});

export type WaitingListFields = Record<"itemTOTVSId" | "productPath" | "email" | "consent", string>;

/** What /lista-de-espera answers for a refused request: the form's result and what it needs to show again. */
export interface WaitingListReply {
  result: SubmissionResult<string[]>;
  itemTOTVSId: number;
  productPath: string;
  customerEmail: string | null;
}

/** The offer page's two buttons (/lista-de-espera/:token): keep the seat, or give it up. */
export const SEAT_OFFER_INTENTS = { accept: "garantir", decline: "recusar" } as const;
