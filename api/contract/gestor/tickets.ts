/**
 * "Fale conosco" tickets in the gestor area (issue 15; docs/decisions/0033-gestor-coupons-and-ticket-replies.md):
 * list, read, reply by e-mail (the reply kept on the ticket), close and reopen. Both roles.
 */
import { z } from "zod";
import { isCalendarDate } from "#core/dates.ts";
import { endpoint } from "../endpoint.ts";
import { pageField, pageOf } from "./paging.ts";

export const TICKET_STATUSES = ["aberto", "respondido", "fechado"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  aberto: "Aberto",
  respondido: "Respondido",
  fechado: "Fechado",
};

export const TICKET_MESSAGES = {
  notFound: "Mensagem não encontrada.",
  closed: "Esta mensagem está fechada. Reabra-a para responder.",
  alreadyClosed: "Esta mensagem já está fechada.",
  notClosed: "Esta mensagem não está fechada.",
} as const;

export const TICKET_REPLY_MAX = 5000;

/** The reply form: one schema for the area's form and the API's body. */
export const ticketReplyFields = z.object({
  message: z
    .string({ message: "Escreva a resposta." })
    .trim()
    .min(1, { message: "Escreva a resposta." })
    .max(TICKET_REPLY_MAX, {
      message: `A resposta pode ter até ${TICKET_REPLY_MAX.toLocaleString("pt-BR")} caracteres.`,
    }),
});

/** A filter's day, "AAAA-MM-DD"; anything else is no filter, so an edited address never fails. */
const dayFilter = z.string().refine(isCalendarDate).optional().catch(undefined);

/** The list's filters, as the page's GET form sends them. */
export const ticketFilters = z.object({
  status: z.enum(TICKET_STATUSES).optional().catch(undefined),
  /** From this day on, to this day included (the store's time zone). */
  from: dayFilter,
  to: dayFilter,
  /** Part of the name, e-mail or protocol. */
  q: z.string().trim().max(100).optional().catch(undefined),
  page: pageField,
});

const ticketRow = z.object({
  id: z.string(),
  protocol: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  /** A SupportSubject key ("pagamento"). */
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
});

const ticketReply = z.object({
  ticket: ticketRow.extend({
    phone: z.string().nullable(),
    ra: z.string().nullable(),
    message: z.string(),
    /** The sender's account, when they were logged in. */
    customerId: z.string().nullable(),
    updatedAt: z.string().nullable(),
  }),
  replies: z.array(z.object({ id: z.string(), at: z.string(), staffName: z.string(), message: z.string() })),
});

const ticketPath = "/gestor/tickets/:ticketId";

export const gestorTickets = {
  /** Bearer (staff). Newest first. */
  list: endpoint({ method: "GET", path: "/gestor/tickets", query: ticketFilters, reply: pageOf(ticketRow) }),
  /** Bearer (staff). The ticket and its replies, oldest first. 404 when unknown. */
  get: endpoint({ method: "GET", path: ticketPath, reply: ticketReply }),
  /** Bearer (staff). Keeps the reply, e-mails it to the sender and marks the ticket "respondido". Audited. */
  reply: endpoint({ method: "POST", path: `${ticketPath}/reply`, body: ticketReplyFields, reply: ticketReply }),
  /** Bearer (staff). "fechado". Audited. */
  close: endpoint({ method: "POST", path: `${ticketPath}/close`, reply: ticketReply }),
  /** Bearer (staff). Back to "aberto". Audited. */
  reopen: endpoint({ method: "POST", path: `${ticketPath}/reopen`, reply: ticketReply }),
};
