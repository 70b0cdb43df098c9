import type { Kysely } from "kysely";

// A card sale paid on the acquirer's hosted page (Mercado Pago's Checkout Pro, without
// JavaScript: docs/decisions/0019-mercado-pago.md) keeps the page's address, so a double click or
// a second tab goes to the same page, and when that page stops taking payments, so the
// reconciliation does not decline the sale while the shopper can still pay. Null for every other sale.
// A declined attempt keeps why, for /conclusao when the shopper comes back from that page.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sales").addColumn("hosted_checkout_url", "text").execute();
  await db.schema.alterTable("sales").addColumn("hosted_checkout_expires_at", "text").execute();
  await db.schema.alterTable("sales").addColumn("decline_message", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sales").dropColumn("decline_message").execute();
  await db.schema.alterTable("sales").dropColumn("hosted_checkout_expires_at").execute();
  await db.schema.alterTable("sales").dropColumn("hosted_checkout_url").execute();
}
