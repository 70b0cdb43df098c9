/** The grades' (series) reads and writes for the gestor's Séries (issue 27). */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { GestorGrade, GradeFields } from "../../contract/gestor/grades.ts";

type Db = Kysely<Database>;

export interface GradeRow {
  id: number;
  period_code: string;
  codgrade: string;
  course: string;
  grade_name: string;
  position: number;
}

const COLUMNS = ["id", "period_code", "codgrade", "course", "grade_name", "position"] as const;

/** A grade as the gestor reads it. */
export const gestorGrade = (row: GradeRow, productCount: number): GestorGrade => ({
  id: row.id,
  CODPERLET: row.period_code,
  codgrade: row.codgrade,
  CURSO: row.course,
  HABILITACAO: row.grade_name,
  position: row.position,
  productCount,
});

/** The fields of a grade as the form and the CSV name them. */
export const fieldsOf = (row: GradeRow): GradeFields => ({
  codgrade: row.codgrade,
  CURSO: row.course,
  HABILITACAO: row.grade_name,
});

/**
 * A period's grades in the storefront's order (api/series/routes.ts reads by position too);
 * the code settles a tie an import's ORDEM may leave.
 */
export function periodGrades(db: Db, storeId: number, period: string): Promise<GradeRow[]> {
  return db
    .selectFrom("series")
    .select(COLUMNS)
    .where("store_id", "=", storeId)
    .where("period_code", "=", period)
    .orderBy("position")
    .orderBy("codgrade")
    .execute();
}

/** Every period's grades, period by period (the export of them all). */
export function allGrades(db: Db, storeId: number): Promise<GradeRow[]> {
  return db
    .selectFrom("series")
    .select(COLUMNS)
    .where("store_id", "=", storeId)
    .orderBy("period_code")
    .orderBy("position")
    .orderBy("codgrade")
    .execute();
}

export function findGrade(db: Db, storeId: number, id: number): Promise<GradeRow | undefined> {
  return db
    .selectFrom("series")
    .select(COLUMNS)
    .where("store_id", "=", storeId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export function findGradeByCode(db: Db, storeId: number, period: string, codgrade: string) {
  return db
    .selectFrom("series")
    .select(COLUMNS)
    .where("store_id", "=", storeId)
    .where("period_code", "=", period)
    .where("codgrade", "=", codgrade)
    .executeTakeFirst();
}

/** How many products name each grade of `ids`. */
export async function productCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("product_series")
    .select(["serie_id", (eb) => eb.fn.countAll<string | number>().as("count")])
    .where("serie_id", "in", ids)
    .groupBy("serie_id")
    .execute();
  return new Map(rows.map((row) => [row.serie_id, Number(row.count)]));
}

/** How many of the store's enrolments (live or ended) name the grade in its period. */
export async function enrolmentCount(
  db: Db,
  storeId: number,
  grade: Pick<GradeRow, "period_code" | "codgrade">,
): Promise<number> {
  const row = await db
    .selectFrom("student_school_years")
    .innerJoin("students", "students.id", "student_school_years.student_id")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("students.store_id", "=", storeId)
    .where("student_school_years.codperlet", "=", grade.period_code)
    .where("student_school_years.codgrade", "=", grade.codgrade)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Whether the grade has a material list in its period (0043 names it by code). */
export async function hasMaterialList(db: Db, storeId: number, grade: Pick<GradeRow, "period_code" | "codgrade">) {
  const list = await db
    .selectFrom("material_lists")
    .select("id")
    .where("store_id", "=", storeId)
    .where("period_code", "=", grade.period_code)
    .where("codgrade", "=", grade.codgrade)
    .executeTakeFirst();
  return list !== undefined;
}

/** The grade's material list, if any, under the grade's new code. */
export async function renameListGrade(
  db: Db,
  storeId: number,
  grade: Pick<GradeRow, "period_code" | "codgrade">,
  codgrade: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable("material_lists")
    .set({ codgrade, updated_at: now.toISOString() })
    .where("store_id", "=", storeId)
    .where("period_code", "=", grade.period_code)
    .where("codgrade", "=", grade.codgrade)
    .execute();
}

/** The periods that have grades, newest first, with how many each has. */
export async function gradePeriods(db: Db, storeId: number) {
  const rows = await db
    .selectFrom("series")
    .select(["period_code", (eb) => eb.fn.countAll<string | number>().as("count")])
    .where("store_id", "=", storeId)
    .groupBy("period_code")
    .orderBy("period_code", "desc")
    .execute();
  return rows.map((row) => ({ CODPERLET: row.period_code, gradeCount: Number(row.count) }));
}

/** The position after the period's last grade. */
export async function nextPosition(db: Db, storeId: number, period: string): Promise<number> {
  const row = await db
    .selectFrom("series")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("store_id", "=", storeId)
    .where("period_code", "=", period)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function insertGrade(
  db: Db,
  storeId: number,
  grade: GradeFields & { CODPERLET: string; position: number },
  now: Date,
): Promise<number> {
  const { id } = await db
    .insertInto("series")
    .values({
      store_id: storeId,
      period_code: grade.CODPERLET,
      codgrade: grade.codgrade,
      course: grade.CURSO,
      grade_name: grade.HABILITACAO,
      position: grade.position,
      updated_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateGradeRow(
  db: Db,
  id: number,
  changes: Partial<GradeFields> & { position?: number },
  now: Date,
): Promise<void> {
  await db
    .updateTable("series")
    .set({
      ...(changes.codgrade === undefined ? {} : { codgrade: changes.codgrade }),
      ...(changes.CURSO === undefined ? {} : { course: changes.CURSO }),
      ...(changes.HABILITACAO === undefined ? {} : { grade_name: changes.HABILITACAO }),
      ...(changes.position === undefined ? {} : { position: changes.position }),
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .execute();
}

/**
 * Two writers racing past a check that the code is free meet migration 0035's unique
 * (store, CODPERLET, codgrade).
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
