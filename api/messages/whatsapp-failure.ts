/**
 * A WhatsApp message given up (issue 31; docs/decisions/0080-whatsapp-channel.md): refused by
 * Meta for good, out of attempts, or reported failed by Meta's webhook. It is marked failed and,
 * in the same transaction, its fallback e-mail is queued when it has one: the news reaches the
 * customer once, by e-mail instead.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { enqueueMail, type OutboxDeps } from "../mail/mail-outbox.ts";

/** The final statuses: nothing moves a message out of them. */
export const FINAL_STATUSES = ["failed", "cancelled"] as const;

/**
 * Marks the message failed with `reason` (Meta's code and title) unless it already is final, and
 * queues its fallback e-mail. Answers whether it was marked now. Pass a transaction.
 */
export async function failWhatsappMessage(
  trx: Kysely<Database>,
  deps: OutboxDeps,
  id: string,
  reason: string,
): Promise<boolean> {
  const at = deps.now().toISOString();
  const marked = await trx
    .updateTable("whatsapp_messages")
    .set({
      status: "failed",
      status_at: at,
      failed_at: at,
      last_error: reason.slice(0, 120),
      in_flight_at: null,
      claimed_until: null,
      claim_token: null,
    })
    .where("id", "=", id)
    .where("status", "not in", FINAL_STATUSES)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) return false;
  const row = await trx
    .selectFrom("whatsapp_messages")
    .innerJoin("customers", "customers.id", "whatsapp_messages.customer_id")
    .select([
      "whatsapp_messages.customer_id",
      "whatsapp_messages.sale_id",
      "whatsapp_messages.fallback_subject",
      "whatsapp_messages.fallback_text",
      "whatsapp_messages.fallback_html",
      "customers.email",
      "customers.deleted_at",
    ])
    .where("whatsapp_messages.id", "=", id)
    .executeTakeFirstOrThrow();
  if (row.fallback_subject === null || row.deleted_at !== null || !row.email) return true;
  const mailId = await enqueueMail(
    trx,
    deps,
    "whatsapp-fallback",
    { to: row.email, subject: row.fallback_subject, text: row.fallback_text ?? "", html: row.fallback_html ?? "" },
    { customerId: row.customer_id, saleId: row.sale_id },
  );
  await trx.updateTable("whatsapp_messages").set({ fallback_mail_id: mailId }).where("id", "=", id).execute();
  return true;
}
