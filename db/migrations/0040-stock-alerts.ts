import { sql, type Kysely } from "kysely";

// "Avise-me quando chegar" (issue 28). Frozen: imports nothing from the code.
//
// - One row per e-mail waiting for a sold-out item code of a unit: the logged-in customer's
//   (customer_id set) or one a visitor typed with consent (consent_at: when they ticked it).
// - When the item's stock returns (available 0 → more), each pending row gets one e-mail through
//   the outbox and notified_at, in the stock change's transaction: a later return sends nothing.
// - One pending alert per (store, item, e-mail): a partial unique index, so a second request is
//   idempotent and, once notified, the same address may ask again.
// - storefront_url: the storefront's address the alert was asked from; the e-mail's link leads
//   there, to the product page as it is when stock returns (docs/decisions/0069-stock-alerts.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("stock_alerts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    // CODCOLIGADA; no foreign key, as everywhere a unit code is kept (0034).
    .addColumn("unit_code", "text", (c) => c.notNull())
    .addColumn("item_totvs_id", "integer", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("customer_id", "text", (c) => c.references("customers.id"))
    .addColumn("consent_at", "text", (c) => c.notNull())
    .addColumn("storefront_url", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("notified_at", "text")
    .execute();
  // Also the stock change's lookup of an item's pending alerts.
  await db.schema
    .createIndex("stock_alerts_pending")
    .unique()
    .on("stock_alerts")
    .columns(["store_id", "item_totvs_id", "email"])
    .where(sql.ref("notified_at"), "is", null)
    .execute();
  // "Excluir minha conta" removes a customer's alerts.
  await db.schema.createIndex("stock_alerts_customer").on("stock_alerts").column("customer_id").execute();
  await db.schema.createIndex("stock_alerts_email").on("stock_alerts").column("email").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stock_alerts").execute();
}
