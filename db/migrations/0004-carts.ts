import { sql, type Kysely } from "kysely";

// Carts kept per student (spec §3 cart, bags, items), the gestor's removals the
// customer has not been told about yet, and coupon uses (filled at purchase).
// Partial unique indexes are plain SQL in both SQLite and PostgreSQL; the API also
// serialises writes per customer, so the indexes are only the last line of defence.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("carts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("customer_id", "text", (c) => c.notNull().references("customers.id"))
    .addColumn("affiliate_id", "text")
    .addColumn("coupon_id", "text", (c) => c.references("coupons.id"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("deleted_at", "text")
    .addColumn("finished_at", "text")
    .execute();
  await db.schema
    .createIndex("carts_one_open_per_customer")
    .on("carts")
    .columns(["customer_id", "store_id"])
    .unique()
    .where(sql.ref("deleted_at"), "is", null)
    .where(sql.ref("finished_at"), "is", null)
    .execute();
  await db.schema.createIndex("carts_customer").on("carts").column("customer_id").execute();

  await db.schema
    .createTable("cart_bags")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("cart_id", "text", (c) => c.notNull().references("carts.id"))
    .addColumn("student_id", "text", (c) => c.notNull().references("students.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("cart_bags_cart_student", ["cart_id", "student_id"])
    .execute();

  await db.schema
    .createTable("cart_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("bag_id", "text", (c) => c.notNull().references("cart_bags.id"))
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id"))
    .addColumn("item_totvs_id", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("cart_items_bag_item", ["bag_id", "item_totvs_id"])
    .execute();

  await db.schema
    .createTable("cart_removals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("cart_id", "text", (c) => c.notNull().references("carts.id"))
    .addColumn("customer_id", "text", (c) => c.notNull().references("customers.id"))
    .addColumn("item_totvs_id", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("removed_at", "text", (c) => c.notNull())
    .addColumn("reported_at", "text")
    .execute();
  await db.schema.createIndex("cart_removals_customer").on("cart_removals").column("customer_id").execute();

  await db.schema
    .createTable("coupon_uses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("coupon_id", "text", (c) => c.notNull().references("coupons.id"))
    .addColumn("customer_id", "text", (c) => c.notNull().references("customers.id"))
    .addColumn("sale_id", "text", (c) => c.references("sales.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("coupon_uses_coupon").on("coupon_uses").columns(["coupon_id", "customer_id"]).execute();

  // A double click on "Adicionar" must not link the same student twice.
  await db.schema
    .createIndex("customer_students_one_live_link")
    .on("customer_students")
    .columns(["customer_id", "student_id"])
    .unique()
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("customer_students_one_live_link").execute();
  for (const table of ["coupon_uses", "cart_removals", "cart_items", "cart_bags", "carts"]) {
    await db.schema.dropTable(table).execute();
  }
}
