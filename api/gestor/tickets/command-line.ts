/**
 * "Fale conosco" tickets for the command line (docs/decisions/0023-support-tickets.md):
 * `scripts/gestor.ts list-tickets` and `show-ticket`. The gestor area reads, answers, closes and
 * reopens tickets through api/gestor/tickets/service.ts (docs/decisions/0033),
 * which takes a ticket's replies from `listTicketReplies` here.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import type { Kysely } from "kysely";
import { isCalendarDate, startOfBrazilDay } from "#core/dates.ts";
import type { Database } from "#db/schema.ts";
import { GestorError } from "../gestor-error.ts";

interface TicketFilters {
  /** Only tickets in this status ("aberto"). */
  status?: string;
  /** "AAAA-MM-DD": tickets from that day on, in the store's time zone. */
  since?: string;
}

/** The tickets, oldest first (the order to answer them in). */
export async function listTickets({ db }: { db: Kysely<Database> }, { status, since }: TicketFilters = {}) {
  let query = db
    .selectFrom("support_tickets")
    .select(["protocol", "created_at", "name", "email", "subject", "status"])
    .orderBy("created_at")
    .orderBy("protocol");
  if (status) query = query.where("status", "=", status);
  if (since !== undefined) {
    if (!isCalendarDate(since)) throw new GestorError(`Data inválida em --since: ${since}. Use AAAA-MM-DD.`);
    query = query.where("created_at", ">=", startOfBrazilDay(since));
  }
  return query.execute();
}

/** One ticket in full, by its protocol. */
export async function findTicket({ db }: { db: Kysely<Database> }, protocol: string) {
  const ticket = await db
    .selectFrom("support_tickets")
    .selectAll()
    .where("protocol", "=", protocol.trim())
    .executeTakeFirst();
  if (!ticket) throw new GestorError(`Nenhuma mensagem com o protocolo ${protocol}.`);
  return ticket;
}

/** A ticket's replies from the gestor area, oldest first (show-ticket prints them). */
export function listTicketReplies({ db }: { db: Kysely<Database> }, ticketId: string) {
  return db
    .selectFrom("support_ticket_replies")
    .select(["id", "created_at", "staff_name", "message"])
    .where("ticket_id", "=", ticketId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
