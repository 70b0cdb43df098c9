import { sql, type Kysely } from "kysely";

// Checkout (docs/decisions/0010): what the payment gateway answered, and one live sale per cart.
// A declined attempt stays as a "declined" sale for the record; any other sale of the
// same cart is refused by the index, so two finishes of one cart never make two sales.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sales").addColumn("gateway_transaction_id", "text").execute();
  await db.schema.alterTable("sales").addColumn("paid_at", "text").execute();
  await sql`create unique index sales_one_live_per_cart on sales (cart_id) where status <> 'declined'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("sales_one_live_per_cart").execute();
  await db.schema.alterTable("sales").dropColumn("paid_at").execute();
  await db.schema.alterTable("sales").dropColumn("gateway_transaction_id").execute();
}
