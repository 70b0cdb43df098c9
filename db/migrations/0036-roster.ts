import { sql, SqliteAdapter, type Kysely } from "kysely";

// The school's roster (issue 27): enrolled students come from the school's ERP by a CSV import
// or, later, a sync call, both keyed by RA. Frozen: imports nothing from the code.
//
// - An enrolment is one row per student and school period (CODPERLET): duplicates are merged
//   first (the live row wins, then the one not ended the longest, then the greatest id), so the
//   import can upsert on (student_id, codperlet). It gains the grade (codgrade), the class
//   (turma) and the shift (turno) of that period. "Not enrolled in this period" stays what spec
//   §3 calls schoolYears[].deletedAt: the row is kept with deleted_at set.
// - students.roster_hash is the SHA-256 of the roster row last applied, so the same file twice
//   writes nothing.
// - A responsible is either the school's (source 'escola', in slot 1 or 2 of the roster row) or a
//   parent's (source 'cliente', typed in the store): an import replaces only the school's.
// - roster_uploads holds a previewed file, gzip'd, until it is applied (or expires in 24 h).
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof SqliteAdapter ? "blob" : "bytea";

  await sql`
    delete from student_school_years
    where exists (
      select 1 from student_school_years better
      where better.student_id = student_school_years.student_id
        and better.codperlet = student_school_years.codperlet
        and better.id <> student_school_years.id
        and (
          (better.deleted_at is null and student_school_years.deleted_at is not null)
          or (better.deleted_at is null and student_school_years.deleted_at is null
              and better.id > student_school_years.id)
          or (better.deleted_at is not null and student_school_years.deleted_at is not null
              and (better.deleted_at > student_school_years.deleted_at
                   or (better.deleted_at = student_school_years.deleted_at and better.id > student_school_years.id)))
        )
    )`.execute(db);
  await db.schema
    .createIndex("student_school_years_student_period")
    .on("student_school_years")
    .columns(["student_id", "codperlet"])
    .unique()
    .execute();
  // Marking the students missing from a unit's file, and a unit's students.
  await db.schema
    .createIndex("student_school_years_period_unit")
    .on("student_school_years")
    .columns(["codperlet", "codcoligada"])
    .execute();
  for (const column of ["codgrade", "turma", "turno", "updated_at"])
    await db.schema.alterTable("student_school_years").addColumn(column, "text").execute();

  await db.schema.alterTable("students").addColumn("roster_hash", "text").execute();
  await db.schema.alterTable("students").addColumn("roster_updated_at", "text").execute();

  await db.schema
    .alterTable("responsibles")
    .addColumn("source", "text", (c) => c.notNull().defaultTo("cliente"))
    .execute();
  await db.schema.alterTable("responsibles").addColumn("roster_slot", "integer").execute();
  await db.schema
    .createIndex("responsibles_roster_slot")
    .on("responsibles")
    .columns(["student_id", "roster_slot"])
    .unique()
    .where(sql.ref("roster_slot"), "is not", null)
    .execute();

  await db.schema.createIndex("customer_students_student").on("customer_students").column("student_id").execute();

  await db.schema
    .createTable("roster_uploads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    // 'alunos' (the roster) or 'series' (the grades).
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("staff_id", "text")
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("csv_gzip", bytes, (c) => c.notNull())
    .addColumn("row_count", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("applied_at", "text")
    .execute();
  await db.schema.createIndex("roster_uploads_expires").on("roster_uploads").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("roster_uploads").execute();
  await db.schema.dropIndex("customer_students_student").execute();
  await db.schema.dropIndex("responsibles_roster_slot").execute();
  await db.schema.alterTable("responsibles").dropColumn("roster_slot").execute();
  await db.schema.alterTable("responsibles").dropColumn("source").execute();
  await db.schema.alterTable("students").dropColumn("roster_updated_at").execute();
  await db.schema.alterTable("students").dropColumn("roster_hash").execute();
  for (const column of ["updated_at", "turno", "turma", "codgrade"])
    await db.schema.alterTable("student_school_years").dropColumn(column).execute();
  await db.schema.dropIndex("student_school_years_period_unit").execute();
  await db.schema.dropIndex("student_school_years_student_period").execute();
}
