import type { Kysely } from "kysely";

// Failed logins slow down per account and address instead of locking the account for
// everyone (docs/decisions/0014-account-hardening.md): each row is one account+address pair.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("login_throttles")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("last_failed_at", "bigint", (c) => c.notNull())
    .addColumn("blocked_until", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_throttles").execute();
}
