import type { Kysely } from "kysely";

// "Fale conosco" on /atendimento (docs/decisions/0023-support-tickets.md): each message is a
// ticket with a readable protocol, "2026-000123", numbered per year by an atomic upsert on
// its counter row, so two servers sharing the database never hand out one number twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("support_tickets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull())
    .addColumn("protocol", "text", (c) => c.notNull().unique())
    // Null for a visitor's message; the account's id when the sender was logged in.
    .addColumn("customer_id", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("ra", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("aberto"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // The gestor lists tickets by status and date.
  await db.schema
    .createIndex("support_tickets_status")
    .on("support_tickets")
    .columns(["status", "created_at"])
    .execute();
  // An account's tickets: its data export and its deletion read them.
  await db.schema.createIndex("support_tickets_customer").on("support_tickets").column("customer_id").execute();
  await db.schema
    .createTable("support_ticket_counters")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("support_ticket_counters").execute();
  await db.schema.dropTable("support_tickets").execute();
}
