import type { Kysely } from "kysely";

// Secrets the servers of one store share through its database (docs/decisions/0035-several-servers.md):
// on PostgreSQL without SESSION_SECRET, the root secret every signing key is derived from,
// generated once by whichever server starts first.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("server_secrets")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("server_secrets").execute();
}
