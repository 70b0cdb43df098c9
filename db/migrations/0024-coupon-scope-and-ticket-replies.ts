import type { Kysely } from "kysely";

// The gestor's coupons and tickets (docs/decisions/0033-gestor-coupons-and-ticket-replies.md):
// a coupon may be limited to some school units and/or categories (no row: every one); a
// ticket keeps the replies the staff sent from the area, with who sent them, and when it
// last changed (answered, closed, reopened).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("coupon_units")
    .addColumn("coupon_id", "text", (c) => c.notNull().references("coupons.id"))
    // A product's CODCOLIGADA (products.unit_code).
    .addColumn("unit_code", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("coupon_units_pk", ["coupon_id", "unit_code"])
    .execute();
  await db.schema
    .createTable("coupon_categories")
    .addColumn("coupon_id", "text", (c) => c.notNull().references("coupons.id"))
    .addColumn("category_id", "text", (c) => c.notNull().references("categories.id"))
    .addPrimaryKeyConstraint("coupon_categories_pk", ["coupon_id", "category_id"])
    .execute();

  await db.schema
    .createTable("support_ticket_replies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("ticket_id", "text", (c) => c.notNull().references("support_tickets.id"))
    // No foreign key: the reply outlives a staff account; the name is kept as it was.
    .addColumn("staff_id", "text", (c) => c.notNull())
    .addColumn("staff_name", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("support_ticket_replies_ticket")
    .on("support_ticket_replies")
    .columns(["ticket_id", "created_at"])
    .execute();
  await db.schema.alterTable("support_tickets").addColumn("updated_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("support_tickets").dropColumn("updated_at").execute();
  await db.schema.dropTable("support_ticket_replies").execute();
  await db.schema.dropTable("coupon_categories").execute();
  await db.schema.dropTable("coupon_units").execute();
}
