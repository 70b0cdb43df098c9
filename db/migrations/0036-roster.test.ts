import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrationTestDatabases } from "#tests/fixtures/migration-databases.ts";
import { migrateToLatest, type StoreDatabase } from "../client.ts";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const BEFORE = "0034-school-units";

// On SQLite by default; on PostgreSQL when TEST_DATABASE_URL names a server (scripts/test.sh).
const seededAt = migrationTestDatabases(NOW);

const studentIdOf = async (db: StoreDatabase, ra: string) =>
  (await db.selectFrom("students").select("id").where("ra", "=", ra).executeTakeFirstOrThrow()).id;

async function addSchoolYear(
  db: StoreDatabase,
  id: string,
  studentId: string,
  codperlet: string,
  deletedAt: string | null,
) {
  await sql`insert into student_school_years (id, student_id, codperlet, codcoligada, deleted_at)
    values (${id}, ${studentId}, ${codperlet}, '1', ${deletedAt})`.execute(db);
}

describe("migration 0036 (roster)", () => {
  it("keeps one enrolment per student and period, the live one first", async () => {
    const db = await seededAt(BEFORE);
    const lucas = await studentIdOf(db, "20250001");
    const beatriz = await studentIdOf(db, "20250002");
    // Lucas: a second live row and an ended one for 202600; Beatriz: two ended rows for 202500.
    await addSchoolYear(db, "zz-live", lucas, "202600", null);
    await addSchoolYear(db, "ended", lucas, "202600", "2026-02-01T00:00:00.000Z");
    await addSchoolYear(db, "older-end", beatriz, "202500", "2025-06-01T00:00:00.000Z");
    await addSchoolYear(db, "newer-end", beatriz, "202500", "2025-12-01T00:00:00.000Z");
    await migrateToLatest(db);

    const lucasYears = await db
      .selectFrom("student_school_years")
      .selectAll()
      .where("student_id", "=", lucas)
      .execute();
    expect(lucasYears.map((year) => [year.id, year.deleted_at])).toEqual([["zz-live", null]]);
    const beatrizYears = await db
      .selectFrom("student_school_years")
      .select(["id", "codperlet"])
      .where("student_id", "=", beatriz)
      .orderBy("codperlet")
      .execute();
    expect(beatrizYears.map((year) => year.id)).toEqual(["newer-end", expect.any(String)]);
    expect(beatrizYears.map((year) => year.codperlet)).toEqual(["202500", "202600"]);
    await expect(addSchoolYear(db, "again", lucas, "202600", null)).rejects.toThrow();
  });

  it("marks a parent's responsible as theirs and leaves new columns empty on an upgraded store", async () => {
    const db = await seededAt(BEFORE);
    await migrateToLatest(db);
    const responsibles = await db.selectFrom("responsibles").select(["source", "roster_slot"]).execute();
    expect(responsibles.every((row) => row.source === "cliente" && row.roster_slot === null)).toBe(true);
    const students = await db.selectFrom("students").select(["roster_hash", "roster_updated_at"]).execute();
    expect(students.every((row) => row.roster_hash === null && row.roster_updated_at === null)).toBe(true);
  });

  it("gives the demo students this year's grade, class and shift and the school's responsibles", async () => {
    const db = await seededAt("latest");
    const years = await db
      .selectFrom("student_school_years")
      .innerJoin("students", "students.id", "student_school_years.student_id")
      .select(["students.ra", "codperlet", "codcoligada", "codgrade", "turma", "student_school_years.turno"])
      .orderBy("students.ra")
      .execute();
    expect(years[0]).toEqual({
      ra: "20250001",
      codperlet: "202600",
      codcoligada: "1",
      codgrade: "EF06",
      turma: "B",
      turno: "Manhã",
    });
    const grades = await db.selectFrom("series").select("codgrade").where("period_code", "=", "202600").execute();
    expect(years.every((year) => grades.some((grade) => grade.codgrade === year.codgrade))).toBe(true);

    const responsibles = await db
      .selectFrom("responsibles")
      .select(["student_id", "source", "roster_slot"])
      .orderBy("student_id")
      .orderBy("roster_slot")
      .execute();
    expect(responsibles.every((row) => row.source === "escola")).toBe(true);
    const lucas = await studentIdOf(db, "20250001");
    expect(responsibles.filter((row) => row.student_id === lucas).map((row) => row.roster_slot)).toEqual([1, 2]);
  });

  it("refuses a second school responsible in the same slot, not a second parent's", async () => {
    const db = await seededAt("latest");
    const lucas = await studentIdOf(db, "20250001");
    const responsible = await db
      .selectFrom("responsibles")
      .selectAll()
      .where("student_id", "=", lucas)
      .where("roster_slot", "=", 1)
      .executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto("responsibles")
        .values({ ...responsible, id: "another" })
        .execute(),
    ).rejects.toThrow();
    const parents = [1, 2].map((n) => ({
      ...responsible,
      id: `parent-${n}`,
      source: "cliente" as const,
      roster_slot: null,
    }));
    await db.insertInto("responsibles").values(parents).execute();
  });

  it("stages an uploaded file's bytes", async () => {
    const db = await seededAt("latest");
    const bytes = new Uint8Array([31, 139, 8, 0, 255]);
    await db
      .insertInto("roster_uploads")
      .values({
        id: "upload-1",
        store_id: 1,
        kind: "alunos",
        staff_id: null,
        file_name: "alunos.csv",
        sha256: "ab",
        csv_gzip: bytes,
        row_count: 1,
        created_at: NOW.toISOString(),
        expires_at: NOW.toISOString(),
      })
      .execute();
    const row = await db.selectFrom("roster_uploads").select("csv_gzip").executeTakeFirstOrThrow();
    expect(new Uint8Array(row.csv_gzip)).toEqual(bytes);
  });
});
