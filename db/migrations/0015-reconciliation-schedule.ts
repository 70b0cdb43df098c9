import type { Kysely } from "kysely";

// Reconciliation with many sales (docs/decisions/0018-payment-flow.md, "Reconciliation"): each
// sale says when the acquirer may next be asked about it (null: at the next run), so a young
// sale is asked often and an old boleto or a paid sale rarely. acquirer_alert keeps what the
// acquirer reported that the store could not apply (money for an attempt already declined), for
// the gestor's list of sales.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sales").addColumn("next_check_at", "text").execute();
  await db.schema.alterTable("sales").addColumn("acquirer_alert", "text").execute();
  await db.schema.createIndex("sales_status_next_check").on("sales").columns(["status", "next_check_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("sales_status_next_check").execute();
  await db.schema.alterTable("sales").dropColumn("acquirer_alert").execute();
  await db.schema.alterTable("sales").dropColumn("next_check_at").execute();
}
