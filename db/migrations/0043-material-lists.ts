import { sql, type Kysely } from "kysely";

// The school's material lists (issue 29; docs/decisions/0071-material-lists.md). Frozen:
// imports nothing from the code.
//
// - material_lists: one list per (store, school period, grade), the grade as the ERP names it
//   (series.codgrade of that period: 0035). `publish_from` (YYYY-MM-DD, the school's calendar
//   day) is when parents start to see it; null: a draft. `discount_percentage` (whole percent,
//   1..50) is "Lista completa com X% de desconto"; null: none. `notice` is the school's note
//   for the whole list ("Entregar com nome até 05/02").
// - material_list_lines: the list's lines in order. A line names a product (a product with
//   sizes: the parent chooses the size), a quantity, whether it is required, a note for parents
//   and "uso coletivo" (kept only to warn the gestor: the law forbids asking parents for it).
//   A product appears once per list.
// - sales and sale_bags keep the list discount granted at purchase, apart from the coupon's
//   (discount_cents), so receipts and refunds say what each was: total = subtotal −
//   list_discount_cents − discount_cents. sale_bags.material_list_title names the list.
// - cart_bags.material_list_id: the list a bag was filled from ("Lista de material"), so the
//   cart can say which list's discount a bag has or lost; null: none.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("material_lists")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("period_code", "text", (c) => c.notNull())
    .addColumn("codgrade", "text", (c) => c.notNull())
    .addColumn("notice", "text")
    .addColumn("publish_from", "text")
    .addColumn("discount_percentage", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint(
      "material_lists_discount",
      sql`discount_percentage is null or (discount_percentage >= 1 and discount_percentage <= 50)`,
    )
    .execute();
  await db.schema
    .createIndex("material_lists_grade")
    .unique()
    .on("material_lists")
    .columns(["store_id", "period_code", "codgrade"])
    .execute();

  await db.schema
    .createTable("material_list_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("list_id", "text", (c) => c.notNull().references("material_lists.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("required", "integer", (c) => c.notNull())
    .addColumn("collective_use", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("note", "text")
    .addCheckConstraint("material_list_lines_quantity", sql`quantity >= 1 and quantity <= 99`)
    .execute();
  await db.schema
    .createIndex("material_list_lines_product")
    .unique()
    .on("material_list_lines")
    .columns(["list_id", "product_id"])
    .execute();
  // "Which lists name this product" (the gestor's product page; a product that leaves the catalogue).
  await db.schema
    .createIndex("material_list_lines_by_product")
    .on("material_list_lines")
    .column("product_id")
    .execute();

  await db.schema
    .alterTable("cart_bags")
    .addColumn("material_list_id", "text", (c) => c.references("material_lists.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("sales")
    .addColumn("list_discount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("sale_bags")
    .addColumn("list_discount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("sale_bags").addColumn("material_list_title", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sale_bags").dropColumn("material_list_title").execute();
  await db.schema.alterTable("sale_bags").dropColumn("list_discount_cents").execute();
  await db.schema.alterTable("sales").dropColumn("list_discount_cents").execute();
  await db.schema.alterTable("cart_bags").dropColumn("material_list_id").execute();
  await db.schema.dropTable("material_list_lines").execute();
  await db.schema.dropTable("material_lists").execute();
}
