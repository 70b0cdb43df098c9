/**
 * A WhatsApp message given up (issue 31; docs/decisions/0080-whatsapp-channel.md): refused by
 * Meta for good, out of attempts, or reported failed by Meta's webhook. It is marked failed and,
 * in the same transaction, its fallback e-mail is queued when it has one and its news still holds
 * (`outdatedReason`): the news reaches the customer once, by e-mail instead.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { enqueueMail, type OutboxDeps } from "../mail/mail-outbox.ts";

/** The final statuses: nothing moves a message out of them. */
export const FINAL_STATUSES = ["failed", "cancelled"] as const;

/** Why a queued message was not sent (the gestor's list). */
export const SALE_SETTLED = "Pedido pago ou cancelado antes do envio";
export const PIX_EXPIRED = "Pix expirado antes do envio";

/** The kinds that hand the customer a Pix code: useless, and misleading, once it expired. */
const PIX_KINDS: readonly string[] = ["pix-expiring", "order-received-pix"];

/**
 * Why a message, or its fallback e-mail, must no longer reach the customer (issue 31 review): a
 * reminder (`quiet_hours` = 1) whose order stopped waiting for payment, or a Pix message whose Pix
 * expired. Null while it still holds. The one home of this rule: the worker cancels such a message
 * before sending it, and a failed one goes without its fallback e-mail.
 */
export async function outdatedReason(
  db: Kysely<Database>,
  message: { kind: string; sale_id: string | null; quiet_hours: number },
  at: Date,
): Promise<string | null> {
  if (message.sale_id === null) return null;
  const sale = await db
    .selectFrom("sales")
    .select(["status", "pix_expires_at"])
    .where("id", "=", message.sale_id)
    .executeTakeFirst();
  if (message.quiet_hours === 1 && sale?.status !== "pending") return SALE_SETTLED;
  if (
    PIX_KINDS.includes(message.kind) &&
    sale?.pix_expires_at != null &&
    Date.parse(sale.pix_expires_at) <= at.getTime()
  )
    return PIX_EXPIRED;
  return null;
}

/**
 * Marks the message failed with `reason` (Meta's code and title) unless it already is final, and
 * queues its fallback e-mail unless the message is outdated (a paid order's reminder, an expired
 * Pix: failed without one). Answers whether it was marked now. Pass a transaction.
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
      "whatsapp_messages.kind",
      "whatsapp_messages.quiet_hours",
      "whatsapp_messages.fallback_subject",
      "whatsapp_messages.fallback_text",
      "whatsapp_messages.fallback_html",
      "customers.email",
      "customers.deleted_at",
    ])
    .where("whatsapp_messages.id", "=", id)
    .executeTakeFirstOrThrow();
  if (row.fallback_subject === null || row.deleted_at !== null || !row.email) return true;
  if ((await outdatedReason(trx, row, deps.now())) !== null) return true;
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
