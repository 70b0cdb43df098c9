import type { Kysely } from "kysely";

// The customer's address complement ("Apto 101, Bloco B"): optional, so an empty text for the
// rows that exist and for a sign-up that leaves it blank (issue 25, point 14).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("customers")
    .addColumn("complement", "text", (column) => column.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("customers").dropColumn("complement").execute();
}
