/**
 * Atendimento in the gestor area (docs/decisions/0033-gestor-coupons-and-ticket-replies.md):
 * the tickets of /atendimento's "Fale conosco", for both roles.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { gestorTickets, ticketFilters, ticketReplyFields } from "#api/contract/gestor/tickets.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { requireStaff } from "../staff-guard.server.ts";

export const TICKET_TOASTS = {
  replied: "Resposta enviada por e-mail e guardada na mensagem.",
  closed: "Mensagem fechada.",
  reopened: "Mensagem reaberta.",
} as const;

export async function ticketListPage(request: Request) {
  const { call } = await requireStaff(request, { part: "tickets" });
  const filters = ticketFilters.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await call(gestorTickets.list, {}, { query: filters });
  return {
    list,
    filters: { status: filters.status ?? "", from: filters.from ?? "", to: filters.to ?? "", q: filters.q ?? "" },
  };
}

export async function ticketPage(request: Request, ticketId: string) {
  const { call } = await requireStaff(request, { part: "tickets" });
  try {
    return await call(gestorTickets.get, { ticketId });
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404) throw data(error.message, { status: 404 });
    throw error;
  }
}

/** The ticket page's forms: "reply" (with the message), "close" and "reopen" (convention 2). */
export async function ticketAction(request: Request, ticketId: string) {
  const { call } = await requireStaff(request, { part: "tickets" });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = GESTOR_PATHS.ticket(ticketId);
  if (intent === "reply") {
    const submission = parseWithZod(formData, { schema: ticketReplyFields });
    if (submission.status !== "success") return formReply({ result: submission.reply() }, 400);
    try {
      await call(gestorTickets.reply, { ticketId }, { body: submission.value });
    } catch (error) {
      if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
      return formReply({ result: submission.reply({ formErrors: [error.message] }) }, error.status);
    }
    return toasts().redirectWithSuccess(back, TICKET_TOASTS.replied);
  }
  if (intent !== "close" && intent !== "reopen") throw data("Ação desconhecida.", { status: 400 });
  try {
    await call(intent === "close" ? gestorTickets.close : gestorTickets.reopen, { ticketId });
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return toasts().redirectWithError(back, error.message);
  }
  return toasts().redirectWithSuccess(back, intent === "close" ? TICKET_TOASTS.closed : TICKET_TOASTS.reopened);
}
