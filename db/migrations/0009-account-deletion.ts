import type { Kysely } from "kysely";

// "Excluir minha conta" (docs/decisions/0016-privacy-export-and-account-deletion.md): the
// customer row stays, emptied of personal data, because sales and coupon uses point to it and
// are kept for accounting; deleted_at says when the account was deleted.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("customers").addColumn("deleted_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("customers").dropColumn("deleted_at").execute();
}
