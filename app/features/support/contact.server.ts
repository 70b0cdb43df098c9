/**
 * "Fale conosco" on /atendimento (docs/decisions/0023-support-tickets.md): the form's loader
 * and action. Plain POST-redirect-GET: the protocol of the ticket just sent travels to the page
 * in a signed flash cookie, read once, so the confirmation survives the redirect without
 * JavaScript and is never a URL anyone could forge.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { getEnv } from "#app/.server/env.server.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { currentCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { loadCustomerProfile } from "#app/features/accounts/customer-profile.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { maskPhone } from "#core/masks.ts";
import { supportTicketSchema } from "#core/validation/support-fields.ts";
import { type ContactPrefill, type ContactReply } from "./contact-form-reply.ts";
import type { SignedCookie } from "#app/.server/signed-cookie.server.ts";
import { storeCookie } from "#app/.server/store-cookie.server.ts";
import { contactUnits } from "./school-units.server.ts";

export const MESSAGE_SENT = "Mensagem enviada!";
export const NOT_SENT = "Não foi possível enviar sua mensagem. Recarregue a página e tente novamente.";

/** When the store API has no ticket call: the central's own contacts, as the page shows them. */
export function unavailable(): string {
  const { CONTACT_PHONE, CONTACT_EMAIL } = getEnv();
  return `No momento não é possível enviar mensagens por este formulário. Fale com a nossa central pelo telefone ${CONTACT_PHONE} ou pelo e-mail ${CONTACT_EMAIL}.`;
}

/**
 * Only the field's presence and emptiness: the library's signed "valid from" time would add a
 * key of its own to rotate, and says nothing a person filling the form could fail.
 */
const honeypot = new Honeypot({ validFromFieldName: null });
export const HONEYPOT_FIELD = "name__confirm";

const PROTOCOL = /^\d{4}-\d{6}$/;
let protocolCookie: SignedCookie | undefined;

/** The flash of the protocol just given: signed like the toasts, and as short-lived. */
function sentProtocolCookie(): SignedCookie {
  protocolCookie ??= storeCookie("loja_atendimento", "toast", { maxAge: 10 * 60 });
  return protocolCookie;
}

/** What a logged-in customer's form starts with: the account's name, e-mail and phone. */
async function prefillOf(args: RequestArgs): Promise<ContactPrefill> {
  const current = currentCustomer(args.context);
  if (!current) return {};
  const { name, email } = current.customer;
  let phone = "";
  try {
    phone = maskPhone((await loadCustomerProfile(args)).cellPhone);
  } catch (error) {
    // The phone is a convenience: the form works without it.
    if (!(error instanceof StoreApiError)) throw error;
  }
  return { name, email, ...(phone ? { phone } : {}) };
}

export async function contactPageData(args: RequestArgs) {
  const sent: unknown = await sentProtocolCookie().parse(args.request.headers.get("cookie"));
  const protocol = typeof sent === "string" && PROTOCOL.test(sent) ? sent : null;
  const [prefill, units] = await Promise.all([prefillOf(args), contactUnits(storeApi(args.context))]);
  const body = { prefill, protocol, units };
  // Read once: a reload shows the form again.
  if (!protocol) return body;
  return data(body, { headers: { "Set-Cookie": await sentProtocolCookie().serialize("", { maxAge: 0 }) } });
}

/** Whether the form came with its honeypot, left empty (a person never sees the field). */
async function isSpam(formData: FormData): Promise<boolean> {
  if (!formData.has(HONEYPOT_FIELD)) return true;
  try {
    await honeypot.check(formData);
    return false;
  } catch (error) {
    if (error instanceof SpamError) return true;
    throw error;
  }
}

export async function sendContactMessage({ request, context }: RequestArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: supportTicketSchema });
  const refuse = (message: string, status: number) =>
    formReply<ContactReply>({ result: submission.reply({ formErrors: [message] }) }, status);
  if (await isSpam(formData)) return refuse(NOT_SENT, 400);
  if (submission.status !== "success") return formReply<ContactReply>({ result: submission.reply() }, 400);
  let protocol: string;
  try {
    protocol = (await storeApi(context).createSupportTicket(submission.value)).protocol;
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    // The school's own store API may have no ticket call: the page offers the phones instead.
    if (error.status === 404) return refuse(unavailable(), 503);
    // 400, 429 and an API that is down: its Portuguese message, with what was typed.
    return refuse(error.message, error.status >= 500 ? 503 : error.status);
  }
  // No #hash: React Router takes a redirect to the page's own path plus a hash for a scroll,
  // and would not load the page again to show the protocol. It shows at the top.
  return toasts().redirectWithSuccess("/atendimento", MESSAGE_SENT, {
    headers: { "Set-Cookie": await sentProtocolCookie().serialize(protocol) },
  });
}
