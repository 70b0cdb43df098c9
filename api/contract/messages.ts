/**
 * WhatsApp consent (issue 31; docs/decisions/0080-whatsapp-channel.md): a customer opts in at
 * sign-up, in /conta or at the checkout, and withdraws in /conta or by answering "SAIR". Beyond
 * spec §7 (decision 0026): against a school API without these calls the storefront asks nothing
 * about WhatsApp. `available` is false while the store has WhatsApp off (no WHATSAPP_* settings):
 * the pages then ask nothing either.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { WHATSAPP_CONSENT_SOURCES } from "./whatsapp-texts.ts";

// The texts live apart, without Zod, so the pages import them alone (docs/decisions/0081-js-budget.md).
export { WHATSAPP_TEXTS, type WhatsappConsentSource } from "./whatsapp-texts.ts";

export const whatsappConsent = z.object({
  /** The store sends WhatsApp (its WHATSAPP_* settings are on). */
  available: z.boolean(),
  /** When the customer opted in (ISO), null when never or withdrawn. */
  consentedAt: z.string().nullable(),
  source: z.enum(WHATSAPP_CONSENT_SOURCES).nullable(),
  /** The number messages go to, masked ("(81) 9****-4567"); null without a mobile number. */
  phone: z.string().nullable(),
});
export type WhatsappConsent = z.infer<typeof whatsappConsent>;

export const whatsappConsentChange = z.object({
  consent: z.boolean(),
  source: z.enum(WHATSAPP_CONSENT_SOURCES, { message: "Origem do consentimento inválida." }),
});

export const messages = {
  /** Public: whether the store sends WhatsApp (the sign-up page asks only then). */
  whatsappAvailability: endpoint({
    extension: true,
    method: "GET",
    path: "/messages/whatsapp-availability",
    reply: z.object({ available: z.boolean() }),
  }),
  /** Bearer required: the account's consent. */
  getWhatsappConsent: endpoint({
    extension: true,
    method: "GET",
    path: "/messages/whatsapp-consent",
    reply: whatsappConsent,
  }),
  /**
   * Bearer required: opts in (keeping the date of the first opt-in while it lasts) or withdraws.
   * 409 with WHATSAPP_TEXTS.unavailable when the store has WhatsApp off, 422 with noMobile to
   * opt in without a mobile number; nothing changes then.
   */
  setWhatsappConsent: endpoint({
    extension: true,
    method: "POST",
    path: "/messages/whatsapp-consent",
    body: whatsappConsentChange,
    reply: whatsappConsent,
  }),
};
