/**
 * The messages a customer and a sale were sent (issue 31): e-mails from mail_outbox and WhatsApp
 * messages with Meta's statuses, newest first, on the gestor's customer and sale pages. Every role
 * that opens those pages (a secretary only her units' sales and families, decision 0061). The Painel
 * counts the last day's failures and lists them (`failedMessages`), a secretary her units'.
 */
import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { uuidParam } from "../fields.ts";
import { CUSTOMER_NOT_FOUND } from "./customers.ts";
import { DELIVERY_MESSAGES } from "./delivery.ts";

export const MESSAGE_CHANNELS = ["email", "whatsapp"] as const;
export const MESSAGE_STATUSES = ["queued", "sent", "delivered", "read", "failed", "cancelled"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What the lists call each status. */
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: "Na fila",
  sent: "Enviada",
  delivered: "Entregue",
  read: "Lida",
  failed: "Falhou",
  /** A reminder whose order was paid or cancelled first, or a customer who withdrew: `error` says which. */
  cancelled: "Não enviada",
};

export const MESSAGE_CHANNEL_LABELS: Record<(typeof MESSAGE_CHANNELS)[number], string> = {
  email: "E-mail",
  whatsapp: "WhatsApp",
};

/** What the lists say of a failed WhatsApp message whose e-mail went instead. */
export const FELL_BACK_TO_EMAIL = "E-mail enviado no lugar";

export const sentMessage = z.object({
  id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** What it reports: the e-mail's subject, or the WhatsApp template's label. */
  title: z.string(),
  /** Masked: "(81) 9****-4567", "m***@exemplo.com.br". */
  recipient: z.string(),
  createdAt: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  statusAt: z.string().nullable(),
  /** Why it failed (Meta's error code and title, or the mail error's name); null otherwise. */
  error: z.string().nullable(),
  /** A failed WhatsApp message whose e-mail went instead. */
  fellBackToEmail: z.boolean(),
  saleId: z.string().nullable(),
});
export type SentMessage = z.infer<typeof sentMessage>;

const messagesReply = z.object({ messages: z.array(sentMessage) });

/** How far back the Painel counts and lists failed messages. */
export const FAILED_MESSAGES_HOURS = 24;

/** A failed message on the Painel's list, with whom and what it was about, to open their pages. */
export const failedMessage = sentMessage.extend({
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  saleReferenceCode: z.string().nullable(),
});
export type FailedMessage = z.infer<typeof failedMessage>;

export const gestorMessages = {
  /** A customer's messages, newest first (the last 100). 404 for an unknown or deleted account. */
  customerMessages: endpoint({
    method: "GET",
    path: "/gestor/customers/:customerId/messages",
    params: z.object({ customerId: uuidParam(CUSTOMER_NOT_FOUND) }),
    paramsNotFound: true,
    reply: messagesReply,
  }),
  /** A sale's messages, newest first. 404 for an unknown sale or one of another unit (0061). */
  saleMessages: endpoint({
    method: "GET",
    path: "/gestor/sales/:saleId/messages",
    params: z.object({ saleId: uuidParam(DELIVERY_MESSAGES.saleNotFound) }),
    paramsNotFound: true,
    reply: messagesReply,
  }),
  /**
   * The messages that failed in the last FAILED_MESSAGES_HOURS, newest first (the last 100): every
   * role that opens the Painel; a secretary those about her units' sales and families (0061).
   */
  failedMessages: endpoint({
    method: "GET",
    path: "/gestor/messages/failed",
    reply: z.object({ messages: z.array(failedMessage) }),
  }),
};
