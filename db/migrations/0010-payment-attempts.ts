import type { Kysely } from "kysely";

// The finish in three steps (docs/decisions/0018-payment-flow.md): a sale is claimed as
// "processing" before the acquirer is asked, with the attempt number and the idempotency key
// the acquirer gets; charging_until says a request is charging it right now (null when no one
// is), so a second finish waits for it instead of charging again. The sandbox keeps its own
// ledger of payments, as an acquirer does, so a key it has seen answers the first payment.
// job_locks lets one server of many run a periodic job (reconciliation, the boleto sweep).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("sales")
    .addColumn("attempt", "integer", (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("sales").addColumn("idempotency_key", "text").execute();
  await db.schema.alterTable("sales").addColumn("charging_until", "text").execute();
  // Unique: two sales can never share the acquirer's key. "processing" is not "declined", so
  // 0006's sales_one_live_per_cart already counts a claimed sale as the cart's live one.
  await db.schema.createIndex("sales_idempotency_key").unique().on("sales").column("idempotency_key").execute();
  await db.schema.createIndex("sales_status_updated").on("sales").columns(["status", "updated_at"]).execute();

  await db.schema
    .createTable("sandbox_payments")
    .addColumn("idempotency_key", "text", (column) => column.primaryKey())
    .addColumn("sale_id", "text", (column) => column.notNull())
    .addColumn("transaction_id", "text", (column) => column.notNull().unique())
    .addColumn("method", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("amount_cents", "integer", (column) => column.notNull())
    .addColumn("message", "text")
    .addColumn("card_brand", "text")
    .addColumn("card_last4", "text")
    .addColumn("boleto_barcode", "text")
    .addColumn("boleto_digitable_line", "text")
    .addColumn("boleto_due_date", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("sandbox_payments_sale").on("sandbox_payments").column("sale_id").execute();

  await db.schema
    .createTable("job_locks")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("holder", "text", (column) => column.notNull())
    .addColumn("locked_until", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("job_locks").execute();
  await db.schema.dropTable("sandbox_payments").execute();
  await db.schema.dropIndex("sales_status_updated").execute();
  await db.schema.dropIndex("sales_idempotency_key").execute();
  await db.schema.alterTable("sales").dropColumn("charging_until").execute();
  await db.schema.alterTable("sales").dropColumn("idempotency_key").execute();
  await db.schema.alterTable("sales").dropColumn("attempt").execute();
}
