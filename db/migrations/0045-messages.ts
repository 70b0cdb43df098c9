import type { Kysely } from "kysely";

// Messages that reach parents where they read them (issue 31; docs/decisions/0080-whatsapp-channel.md).
// Frozen: imports nothing from the code.
//
// - customers.whatsapp_consent_at / whatsapp_consent_source: when and where the customer opted in
//   to WhatsApp ('cadastro', 'conta', 'checkout'); both null when they never did or withdrew
//   (in /conta or by answering "SAIR").
// - whatsapp_messages: the WhatsApp outbox, beside mail_outbox and leased the same way: one row per
//   template message, written in the transaction of what it reports, sent by a worker through the
//   Cloud API. `status` follows the message: 'queued' → 'sent' (the Cloud API took it, `wamid` is
//   its id) → 'delivered' → 'read', or 'failed' (refused, given up, or failed per Meta's webhook),
//   or 'cancelled' (a reminder whose order was paid or cancelled before it went). A failed message
//   with a fallback e-mail queues it (fallback_mail_id). `quiet_hours` = 1 for reminders, which are
//   never sent at night. `in_flight_at`: a send was started and its answer not recorded yet (a
//   crash there is resolved by the webhook's echo of the row's id, not by sending again).
// - mail_outbox.customer_id / sale_id: whom and what an e-mail is about, for the gestor's list of a
//   customer's and a sale's messages; null for older rows and e-mails about neither.
// - message_reminders: each reminder sent at most once per order or cart: (kind, subject_id).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("customers").addColumn("whatsapp_consent_at", "text").execute();
  await db.schema.alterTable("customers").addColumn("whatsapp_consent_source", "text").execute();

  await db.schema
    .createTable("whatsapp_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("customer_id", "text", (c) => c.notNull().references("customers.id"))
    .addColumn("sale_id", "text")
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("parameters", "text", (c) => c.notNull())
    .addColumn("quiet_hours", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("fallback_subject", "text")
    .addColumn("fallback_text", "text")
    .addColumn("fallback_html", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("claim_token", "text")
    .addColumn("in_flight_at", "text")
    .addColumn("sent_at", "text")
    .addColumn("wamid", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("status_at", "text")
    .addColumn("failed_at", "text")
    .addColumn("last_error", "text")
    .addColumn("fallback_mail_id", "text")
    .execute();
  await db.schema
    .createIndex("whatsapp_messages_due")
    .on("whatsapp_messages")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("whatsapp_messages_wamid").unique().on("whatsapp_messages").column("wamid").execute();
  await db.schema
    .createIndex("whatsapp_messages_customer")
    .on("whatsapp_messages")
    .columns(["customer_id", "created_at"])
    .execute();
  await db.schema.createIndex("whatsapp_messages_sale").on("whatsapp_messages").column("sale_id").execute();
  // The Painel counts the last day's failures.
  await db.schema
    .createIndex("whatsapp_messages_failed")
    .on("whatsapp_messages")
    .columns(["store_id", "failed_at"])
    .execute();

  await db.schema.alterTable("mail_outbox").addColumn("customer_id", "text").execute();
  await db.schema.alterTable("mail_outbox").addColumn("sale_id", "text").execute();
  await db.schema.createIndex("mail_outbox_customer").on("mail_outbox").column("customer_id").execute();
  await db.schema.createIndex("mail_outbox_sale").on("mail_outbox").column("sale_id").execute();

  await db.schema
    .createTable("message_reminders")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("message_reminders_pk", ["kind", "subject_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("message_reminders").execute();
  await db.schema.dropIndex("mail_outbox_sale").execute();
  await db.schema.dropIndex("mail_outbox_customer").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("sale_id").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("customer_id").execute();
  await db.schema.dropTable("whatsapp_messages").execute();
  await db.schema.alterTable("customers").dropColumn("whatsapp_consent_source").execute();
  await db.schema.alterTable("customers").dropColumn("whatsapp_consent_at").execute();
}
