import type { Kysely } from "kysely";

// LGPD art. 14 (docs/decisions/0013): the responsible adult's consent to keep a child's
// data, one row each time it is given (linking by RA, creating a student without RA),
// with the version of the text they accepted and when.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("student_consents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("customer_id", "text", (c) => c.notNull().references("customers.id"))
    .addColumn("student_id", "text", (c) => c.notNull().references("students.id"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("text_version", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("student_consents_customer").on("student_consents").column("customer_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("student_consents").execute();
}
