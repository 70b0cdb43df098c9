import { sql, type Kysely } from "kysely";
import { todayInBrazil } from "#core/dates.ts";
import type { Database } from "#db/schema.ts";
import type { support } from "../contract/support.ts";
import type { BodyOf } from "../contract/endpoint.ts";
import type { ApiDeps } from "../deps.ts";
import { enqueueMail } from "../mail/mail-outbox.ts";
import { ticketUnit } from "./ticket-unit.ts";
import { assertStoreExists } from "../stores/repository.ts";
import { ticketReceiptEmail, ticketToCentralEmail, type TicketForMail } from "./ticket-emails.ts";

export type NewTicket = BodyOf<typeof support.createTicket>;

/**
 * The year's next protocol, "2026-000123" (the year in the store's time zone): one atomic
 * upsert on the year's counter, so concurrent tickets, on one server or several, never share
 * a number. Inside the ticket's transaction: a rollback gives the number back.
 */
async function nextProtocol(trx: Kysely<Database>, now: Date): Promise<string> {
  const year = Number(todayInBrazil(now).slice(0, 4));
  const row = await trx
    .insertInto("support_ticket_counters")
    .values({ year, last_number: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet({ last_number: sql`support_ticket_counters.last_number + 1` }))
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return `${year}-${String(row.last_number).padStart(6, "0")}`;
}

/**
 * Stores a "Fale conosco" ticket and queues its two e-mails in the same transaction
 * (docs/decisions/0023-support-tickets.md): to the central (deps.supportEmail, CONTACT_EMAIL)
 * and the receipt to the sender. Without a central address the ticket is still kept, for the
 * gestor's list-tickets.
 */
export async function createTicket(deps: ApiDeps, input: NewTicket, customerId: string | null) {
  await assertStoreExists(deps, input.storeId);
  const id = crypto.randomUUID();
  const at = deps.now();
  const createdAt = at.toISOString();
  // What the sender wrote, as the table and the e-mails keep it.
  const { name, email, subject, message } = input;
  const written = { name, email, phone: input.phone ?? null, ra: input.ra ?? null, subject, message };
  const protocol = await deps.db.transaction().execute(async (trx) => {
    const protocol = await nextProtocol(trx, at);
    const unitCode = await ticketUnit(trx, { storeId: input.storeId, ra: written.ra, customerId });
    await trx
      .insertInto("support_tickets")
      .values({
        id,
        store_id: input.storeId,
        protocol,
        customer_id: customerId,
        unit_code: unitCode,
        ...written,
        created_at: createdAt,
      })
      .execute();
    const forMail: TicketForMail = { protocol, ...written, createdAt, withAccount: customerId !== null };
    if (deps.supportEmail)
      await enqueueMail(trx, deps, "support-ticket", ticketToCentralEmail(deps.supportEmail, forMail));
    await enqueueMail(trx, deps, "support-ticket-receipt", ticketReceiptEmail(forMail));
    return protocol;
  });
  return { id, protocol, createdAt };
}
