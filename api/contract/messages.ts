/**
 * WhatsApp consent (issue 31; docs/decisions/0080-whatsapp-channel.md): a customer opts in at
 * sign-up, in /conta or at the checkout, and withdraws in /conta or by answering "SAIR". Beyond
 * spec §7 (decision 0026): against a school API without these calls the storefront asks nothing
 * about WhatsApp. `available` is false while the store has WhatsApp off (no WHATSAPP_* settings):
 * the pages then ask nothing either.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";

export const WHATSAPP_CONSENT_SOURCES = ["cadastro", "conta", "checkout"] as const;
export type WhatsappConsentSource = (typeof WHATSAPP_CONSENT_SOURCES)[number];

/** What the pages say, one home for the sign-up, /conta, the checkout and the privacy policy. */
export const WHATSAPP_TEXTS = {
  /** The checkbox, unticked by default wherever it is asked. */
  /** Names every purpose (LGPD art. 8º §4), the cart reminder too (a MARKETING template, issue 31). */
  consentLabel:
    "Quero receber pelo WhatsApp os avisos dos meus pedidos (pagamento, lembretes e retirada) e lembretes de itens esquecidos no carrinho.",
  consentHint: 'Enviamos para o seu celular cadastrado. Para parar, responda "SAIR" ou desmarque em Minha Conta.',
  sectionTitle: "Avisos pelo WhatsApp",
  consentedSince: (date: string) => `Você recebe avisos pelo WhatsApp desde ${date}.`,
  notConsented: "Você recebe os avisos só por e-mail.",
  noMobile: "Cadastre um celular com DDD para receber avisos pelo WhatsApp.",
  consentSaved: "Pronto: você vai receber os avisos dos seus pedidos e do seu carrinho pelo WhatsApp.",
  consentWithdrawn: "Pronto: você não recebe mais avisos pelo WhatsApp.",
  unavailable: "Os avisos pelo WhatsApp não estão disponíveis nesta loja.",
  /** The answer that withdraws consent, case and accents ignored. */
  stopWord: "SAIR",
} as const;

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
