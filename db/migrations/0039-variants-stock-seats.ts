import { sql, type Kysely } from "kysely";

// Sizes, stock and seats (issue 28; decision 0067). Frozen: imports nothing from the code.
//
// - A product may have variants (the "Tamanho" it names in option_name): each variant is sold
//   under its own item code, unique in the store like a product's; its prices, when null, are
//   the product's. size_chart keeps the product's measurements table as JSON
//   ({ "columns": [..], "rows": [[..]] }). capacity is a course's or event's seats (null:
//   unlimited).
// - stock_levels holds what can still be sold of an item code in a unit: pieces for a product
//   or a variant, free seats for a course. No row: the item is not tracked and sells as before.
//   available never goes below zero (the CHECK), and the claim takes it with a conditional
//   update, so two finishes for the last piece cannot both win.
// - stock_movements is the ledger: every change of available writes its row in the same
//   transaction (per item, available = first level + Σ delta).
// - sale_bag_items keeps the option chosen (snapshot), how much stock the line took, and when it
//   was given back (release is idempotent by that timestamp).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("products").addColumn("option_name", "text").execute();
  await db.schema.alterTable("products").addColumn("size_chart", "text").execute();
  await db.schema.alterTable("products").addColumn("capacity", "integer").execute();

  await db.schema
    .createTable("product_variants")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id"))
    .addColumn("item_totvs_id", "integer", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("price_cents", "integer")
    .addColumn("sale_price_cents", "integer")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("product_variants_store_item_totvs", ["store_id", "item_totvs_id"])
    .addUniqueConstraint("product_variants_product_value", ["product_id", "value"])
    .execute();

  await db.schema
    .createTable("stock_levels")
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    // CODCOLIGADA; no foreign key, as everywhere a unit code is kept (0034).
    .addColumn("unit_code", "text", (c) => c.notNull())
    .addColumn("item_totvs_id", "integer", (c) => c.notNull())
    .addColumn("available", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("stock_levels_pk", ["store_id", "unit_code", "item_totvs_id"])
    .addCheckConstraint("stock_levels_available_not_negative", sql`available >= 0`)
    .execute();

  await db.schema
    .createTable("stock_movements")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("unit_code", "text", (c) => c.notNull())
    .addColumn("item_totvs_id", "integer", (c) => c.notNull())
    .addColumn("delta", "integer", (c) => c.notNull())
    // 'sale', 'release', 'retake', 'adjust', 'import', 'capacity', 'seat_offer'...
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("sale_id", "text", (c) => c.references("sales.id"))
    .addColumn("staff_id", "text")
    .addColumn("note", "text")
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  // An item's history (the gestor's Estoque) and a sale's movements.
  await db.schema
    .createIndex("stock_movements_item")
    .on("stock_movements")
    .columns(["store_id", "unit_code", "item_totvs_id", "at"])
    .execute();
  await db.schema.createIndex("stock_movements_sale").on("stock_movements").column("sale_id").execute();

  await db.schema.alterTable("sale_bag_items").addColumn("option_name", "text").execute();
  await db.schema.alterTable("sale_bag_items").addColumn("option_value", "text").execute();
  await db.schema
    .alterTable("sale_bag_items")
    .addColumn("stock_taken", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("sale_bag_items").addColumn("stock_returned_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["stock_returned_at", "stock_taken", "option_value", "option_name"])
    await db.schema.alterTable("sale_bag_items").dropColumn(column).execute();
  await db.schema.dropTable("stock_movements").execute();
  await db.schema.dropTable("stock_levels").execute();
  await db.schema.dropTable("product_variants").execute();
  for (const column of ["capacity", "size_chart", "option_name"])
    await db.schema.alterTable("products").dropColumn(column).execute();
}
