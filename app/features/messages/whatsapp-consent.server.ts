/**
 * WhatsApp consent in the storefront (issue 31; docs/decisions/0080-whatsapp-channel.md): asked
 * at sign-up, in /conta and at the checkout, only where the store API has the calls (decision
 * 0026) and the store has WhatsApp on. The store API enforces every rule, whatever the page did.
 */
import { WHATSAPP_TEXTS, type WhatsappConsent, type WhatsappConsentSource } from "#api/contract/messages.ts";
import { requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError, storeApiFor, type StoreApiClient } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { WHATSAPP_CONSENT_ANCHOR, WHATSAPP_CONSENT_FIELD } from "./whatsapp-consent-intents.ts";

export { WHATSAPP_CONSENT_INTENT } from "./whatsapp-consent-intents.ts";

const BACK = `/conta#${WHATSAPP_CONSENT_ANCHOR}`;

/** A consent that could not be saved where it was ticked: the rest went on, Minha Conta can do it. */
export const CONSENT_LATER =
  "Não foi possível registrar agora o aceite dos avisos pelo WhatsApp. Você pode aceitar em Minha Conta.";

/** Whether the box was ticked in this form. */
export const consentTicked = (formData: FormData) => formData.get(WHATSAPP_CONSENT_FIELD) === "on";

/** Whether to ask: the store API has the calls and the store sends WhatsApp (a failure asks nothing). */
export async function whatsappConsentAsked(api: StoreApiClient): Promise<boolean> {
  if (!api.supports("whatsappAvailability") || !api.supports("setWhatsappConsent")) return false;
  try {
    return await api.whatsappAvailability();
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    console.error("[whatsapp] disponibilidade indisponível:", error.message);
    return false;
  }
}

/** Statuses that are not the store API refusing this consent (no session, no such call). */
const NOT_A_REFUSAL = new Set([401, 403, 404]);

/**
 * What the parent reads when the consent ticked was not saved (issue 31): the store API's reason
 * when it refused it (a 4xx, e.g. 422 "Cadastre um celular com DDD…"), else CONSENT_LATER.
 */
function consentNotSaved(reason: string | null): string {
  if (!reason) return CONSENT_LATER;
  const lowered = reason.charAt(0).toLowerCase() + reason.slice(1);
  return `Não foi possível registrar o aceite do WhatsApp: ${lowered} Você pode aceitar em Minha Conta.`;
}

/**
 * Gives consent where the box was ticked (sign-up, checkout): null when saved, else what to tell
 * the parent (consentNotSaved). A refusal or failure is logged and never stops what the form was
 * for (the account, the order).
 */
export async function giveConsent(api: StoreApiClient, source: WhatsappConsentSource): Promise<string | null> {
  try {
    await api.setWhatsappConsent(true, source);
    return null;
  } catch (error) {
    // A redirect (a session that ended) is not ours to swallow.
    if (error instanceof Response) throw error;
    console.error(`[whatsapp] consentimento (${source}) não registrado:`, (error as Error).message);
    const refused = error instanceof StoreApiError && error.status < 500 && !NOT_A_REFUSAL.has(error.status);
    return consentNotSaved(refused ? error.message : null);
  }
}

/** At sign-up, with the token of the login made at creation (the session does not hold it yet). */
export const giveConsentAtSignUp = (request: Request, token: string) =>
  giveConsent(storeApiFor(request, token), "cadastro");

/** What /conta's section shows: hidden without the calls or with WhatsApp off; null when unreadable now. */
export type WhatsappSection = { shown: false } | { shown: true; consent: WhatsappConsent | null };

export async function loadWhatsappSection(api: StoreApiClient): Promise<WhatsappSection> {
  if (!api.supports("getWhatsappConsent") || !api.supports("setWhatsappConsent")) return { shown: false };
  try {
    const consent = await api.getWhatsappConsent();
    return consent.available ? { shown: true, consent } : { shown: false };
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    console.error("[conta] consentimento do WhatsApp indisponível:", error.message);
    return { shown: true, consent: null };
  }
}

/** Whether the checkout asks: the store asks for consent and the customer has not given it. */
export async function checkoutConsentAsked(api: StoreApiClient): Promise<boolean> {
  const section = await loadWhatsappSection(api);
  return section.shown && section.consent !== null && section.consent.consentedAt === null;
}

/** /conta's form: the box ticked opts in, unticked withdraws; the store API's refusal comes back in a toast. */
export async function whatsappConsentAction({ context }: RequestArgs, formData: FormData) {
  requireCustomer(context);
  const consent = consentTicked(formData);
  const api = storeApi(context);
  if (!api.supports("setWhatsappConsent")) return toasts().redirectWithError("/conta", WHATSAPP_TEXTS.unavailable);
  try {
    await api.setWhatsappConsent(consent, "conta");
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    return toasts().redirectWithError(BACK, error.message);
  }
  return toasts().redirectWithSuccess(BACK, consent ? WHATSAPP_TEXTS.consentSaved : WHATSAPP_TEXTS.consentWithdrawn);
}
