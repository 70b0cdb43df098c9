/**
 * "Fale conosco" (docs/decisions/0023-support-tickets.md): spec §7 says calls stand behind the
 * support page but does not show them, so this call is the bundled API's, named in §7's style.
 * A school API without it answers 404, and /atendimento then offers its phones and e-mail.
 */
import { z } from "zod";
import { supportTicketFields } from "#core/validation/support-fields.ts";
import { endpoint } from "./endpoint.ts";
import { storeIdField } from "./fields.ts";

const ticketReply = z.object({
  ticket: z.object({
    id: z.string(),
    /** "2026-000123": what the customer quotes to the central. */
    protocol: z.string(),
    createdAt: z.string(),
  }),
});
export type SupportTicketReply = z.infer<typeof ticketReply>;

export const support = {
  /**
   * No login needed; with a live bearer token the ticket is kept with the account. Limited per
   * address and per e-mail (429). Stores the ticket, e-mails it to the central and confirms it
   * to the sender. 201.
   */
  createTicket: endpoint({
    extension: true,
    method: "POST",
    path: "/tickets/create-ticket",
    body: z.object({ storeId: storeIdField, ...supportTicketFields }),
    reply: ticketReply,
  }),
};
