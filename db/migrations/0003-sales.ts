import type { Kysely } from "kysely";

// Order history (spec §7 sales and sale bags). The checkout fills these tables; the
// rows keep a copy of what was bought (title, prices, image, slugs) so a receipt
// still reads right after the catalogue changes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sales")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("customer_id", "text", (c) => c.notNull().references("customers.id"))
    .addColumn("cart_id", "text")
    .addColumn("payment_method_code", "text", (c) => c.notNull())
    .addColumn("installments", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("subtotal_cents", "integer", (c) => c.notNull())
    .addColumn("discount_cents", "integer", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("coupon_code", "text")
    .addColumn("card_brand", "text")
    .addColumn("card_last4", "text")
    .addColumn("boleto_barcode", "text")
    .addColumn("boleto_digitable_line", "text")
    .addColumn("boleto_due_date", "text")
    .addColumn("reference_code", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("sales_store_reference_code", ["store_id", "reference_code"])
    .execute();
  await db.schema.createIndex("sales_customer_created").on("sales").columns(["customer_id", "created_at"]).execute();

  await db.schema
    .createTable("sale_bags")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sale_id", "text", (c) => c.notNull().references("sales.id"))
    .addColumn("student_id", "text", (c) => c.references("students.id"))
    .addColumn("student_name", "text", (c) => c.notNull())
    .addColumn("student_ra", "text")
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sale_bags_sale").on("sale_bags").column("sale_id").execute();

  await db.schema
    .createTable("sale_bag_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sale_bag_id", "text", (c) => c.notNull().references("sale_bags.id"))
    .addColumn("product_id", "text", (c) => c.references("products.id"))
    .addColumn("item_totvs_id", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("unit_code", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("unit_price_cents", "integer", (c) => c.notNull())
    .addColumn("original_unit_price_cents", "integer", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("product_slug", "text", (c) => c.notNull())
    .addColumn("category_slug", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sale_bag_items_bag").on("sale_bag_items").column("sale_bag_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sale_bag_items").execute();
  await db.schema.dropTable("sale_bags").execute();
  await db.schema.dropTable("sales").execute();
}
