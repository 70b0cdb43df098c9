import { sql, SqliteAdapter, type Kysely } from "kysely";

// The gestor area (issue 15, docs/decisions/0028-gestor-area.md): the school's staff have
// accounts of their own, never customers'; their sessions live here (revocable, 8 h absolute,
// 30 min idle); invitations and password resets are one-time links; every staff action is a
// row of audit_log, which the database itself refuses to change or delete.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Lower case, trimmed: one account per address.
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    // "admin" or "atendimento" (`STAFF_ROLES` in api/contract/gestor/staff.ts).
    .addColumn("role", "text", (c) => c.notNull())
    // Null until the invited person sets a password through their link.
    .addColumn("password_hash", "text")
    // Base32 TOTP secret; set at enrolment, active once totp_enabled_at is set.
    .addColumn("totp_secret", "text")
    .addColumn("totp_enabled_at", "text")
    // The last TOTP time step accepted: a code works once (RFC 6238 §5.2).
    .addColumn("totp_last_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("deactivated_at", "text")
    .execute();

  await db.schema
    .createTable("staff_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    // created_at + 8 h: no activity extends it.
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    // Null while the second factor is still to be given (or, for an admin, to be enrolled).
    .addColumn("mfa_passed_at", "text")
    .addColumn("address", "text")
    .execute();
  await db.schema.createIndex("staff_sessions_staff").on("staff_sessions").column("staff_id").execute();

  await db.schema
    .createTable("staff_password_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    // "convite" (first password) or "redefinicao" (an admin's reset).
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();

  await db.schema
    .createTable("staff_recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("staff_recovery_codes_staff").on("staff_recovery_codes").column("staff_id").execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    // "staff" (the area) or "cli" (scripts/gestor.ts, shown as "linha de comando").
    .addColumn("actor_kind", "text", (c) => c.notNull())
    // No foreign key: the entry outlives whatever it names.
    .addColumn("staff_id", "text")
    // The staff member's e-mail at the time, or "linha de comando".
    .addColumn("actor_label", "text", (c) => c.notNull())
    // A dotted name: "cart.remove-item", "product.update" (`AuditEntry` in api/gestor/audit/audit-log.ts).
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text", (c) => c.notNull())
    .addColumn("target_id", "text")
    // What happened, in Portuguese, as the log page shows it.
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("before_json", "text")
    .addColumn("after_json", "text")
    .addColumn("address", "text")
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();
  await db.schema.createIndex("audit_log_target").on("audit_log").columns(["target_type", "target_id"]).execute();
  await db.schema.createIndex("audit_log_staff").on("audit_log").columns(["staff_id", "at"]).execute();

  // Nobody edits the log, not even a bug of ours: the database refuses.
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const event of ["update", "delete"])
      await sql
        .raw(
          `create trigger audit_log_no_${event} before ${event} on audit_log begin select raise(abort, 'audit_log is append-only'); end`,
        )
        .execute(db);
  } else {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$ begin raise exception 'audit_log is append-only'; end $$`.execute(
      db,
    );
    await sql`create trigger audit_log_append_only before update or delete on audit_log for each statement execute function audit_log_append_only()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter))
    await sql`drop function if exists audit_log_append_only() cascade`.execute(db);
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("staff_recovery_codes").execute();
  await db.schema.dropTable("staff_password_links").execute();
  await db.schema.dropTable("staff_sessions").execute();
  await db.schema.dropTable("staff").execute();
}
