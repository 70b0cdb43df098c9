import { sql, type Kysely } from "kysely";

// A full class's waiting list (issue 28; docs/decisions/0070-waiting-list.md). Frozen: imports
// nothing from the code.
//
// - One row per parent waiting for a seat of a course's item code in a unit: a customer's
//   account (customer_id) and the e-mail the offer goes to (the account's, or one a visitor typed
//   with consent: consent_at).
// - position orders the line (the lowest is first); the gestor reorders by swapping positions.
// - status: 'waiting' in line; 'offered' a freed seat is held for them (taken from stock_levels
//   with a 'seat_offer' ledger row) until offer_expires_at; 'converted' their finish took it
//   (converted_sale_id); 'expired' the offer lapsed; 'left' they left or the gestor removed them.
// - offer_token_hash: SHA-256 of the offer link's random token (the token itself is only in the
//   e-mail); unique, so a link finds one offer.
// - One live entry (waiting or offered) per (store, item, e-mail): a partial unique index.
// - storefront_url: the storefront's address the parent joined from, the offer link's base (as
//   stock_alerts' in 0040).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("waiting_list_entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    // CODCOLIGADA; no foreign key, as everywhere a unit code is kept (0034).
    .addColumn("unit_code", "text", (c) => c.notNull())
    .addColumn("item_totvs_id", "integer", (c) => c.notNull())
    .addColumn("customer_id", "text", (c) => c.references("customers.id"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("consent_at", "text", (c) => c.notNull())
    .addColumn("storefront_url", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("offer_token_hash", "text")
    .addColumn("offered_at", "text")
    .addColumn("offer_expires_at", "text")
    // No foreign key: the claim marks the entry before it writes the sale, in its transaction.
    .addColumn("converted_sale_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint(
      "waiting_list_entries_status",
      sql`status in ('waiting', 'offered', 'converted', 'expired', 'left')`,
    )
    .execute();
  await db.schema
    .createIndex("waiting_list_entries_live")
    .unique()
    .on("waiting_list_entries")
    .columns(["store_id", "item_totvs_id", "email"])
    .where(sql.ref("status"), "in", sql`('waiting', 'offered')`)
    .execute();
  // The line of an item, in order (the next to offer, the gestor's list).
  await db.schema
    .createIndex("waiting_list_entries_line")
    .on("waiting_list_entries")
    .columns(["store_id", "unit_code", "item_totvs_id", "status", "position"])
    .execute();
  await db.schema
    .createIndex("waiting_list_entries_token")
    .unique()
    .on("waiting_list_entries")
    .column("offer_token_hash")
    .execute();
  // The expiry sweep's lookup.
  await db.schema
    .createIndex("waiting_list_entries_offer_expiry")
    .on("waiting_list_entries")
    .columns(["status", "offer_expires_at"])
    .execute();
  // "Excluir minha conta" and "Baixar meus dados".
  await db.schema
    .createIndex("waiting_list_entries_customer")
    .on("waiting_list_entries")
    .column("customer_id")
    .execute();
  await db.schema.createIndex("waiting_list_entries_email").on("waiting_list_entries").column("email").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("waiting_list_entries").execute();
}
