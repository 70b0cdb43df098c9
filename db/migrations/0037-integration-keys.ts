import type { Kysely } from "kysely";

// Integration keys (issue 27): the school's ERP keeps the roster and the grades current with
// `PUT` calls under /gestor/roster/…, authorised by a key an admin creates in "Integrações".
// The secret is shown once and only its SHA-256 is kept (a 256-bit random secret needs no slow
// KDF, as staff sessions' tokens). A key is revoked, never deleted: the audit log names it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("integration_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    // What the admin called it: "TOTVS RM, carga noturna".
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    // The secret's last 4 characters, to tell keys apart in the list and the log.
    .addColumn("token_hint", "text", (c) => c.notNull())
    // Comma list of what it may write: "roster", "grades".
    .addColumn("scopes", "text", (c) => c.notNull())
    // The staff member who created it; null from the command line.
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("last_used_address", "text")
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "text")
    .execute();
  await db.schema
    .createIndex("integration_keys_store")
    .on("integration_keys")
    .columns(["store_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("integration_keys").execute();
}
