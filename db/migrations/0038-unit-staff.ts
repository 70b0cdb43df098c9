import { sql, type Kysely } from "kysely";

// Staff of one unit (issue 27; decision 0061): a secretary ("secretaria") works for the units
// an admin gives her, kept here; the network's roles have none and see every unit. Tickets get
// the unit they concern, so a secretary finds her unit's: set on creation from the RA typed or
// the sender's only student, and for existing tickets from the RA's newest live school year
// (frozen SQL). Indexes for the scoped lists: a unit's sale lines and its enrolled students.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_units")
    .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id"))
    // CODCOLIGADA; no foreign key, as everywhere a unit code is kept (0034).
    .addColumn("unit_code", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("staff_units_pk", ["staff_id", "unit_code"])
    .execute();

  await db.schema.alterTable("support_tickets").addColumn("unit_code", "text").execute();
  await sql`
    update support_tickets set unit_code = (
      select y.codcoligada
      from students s
      join student_school_years y on y.student_id = s.id and y.deleted_at is null
      where s.store_id = support_tickets.store_id and s.ra = support_tickets.ra
      order by y.codperlet desc
      limit 1
    )
    where ra is not null`.execute(db);
  await db.schema.createIndex("support_tickets_unit").on("support_tickets").columns(["unit_code", "status"]).execute();

  await db.schema
    .createIndex("sale_bag_items_unit")
    .on("sale_bag_items")
    .columns(["unit_code", "sale_bag_id"])
    .execute();
  await db.schema
    .createIndex("student_school_years_unit")
    .on("student_school_years")
    .columns(["codcoligada", "student_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("student_school_years_unit").execute();
  await db.schema.dropIndex("sale_bag_items_unit").execute();
  await db.schema.dropIndex("support_tickets_unit").execute();
  await db.schema.alterTable("support_tickets").dropColumn("unit_code").execute();
  await db.schema.dropTable("staff_units").execute();
}
