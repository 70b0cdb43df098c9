/**
 * The roster's reads and writes (issue 27), in chunks: a 20,000-row file is a few dozen
 * statements, each within SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
 */
import { SqliteAdapter, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { RosterCounts } from "../../contract/gestor/roster.ts";
import { NEW_STUDENT_DEFAULTS } from "../../contract/students.ts";
import {
  planCounts,
  type CurrentEnrolment,
  type CurrentStudent,
  type LiveEnrolment,
  type PlannedRow,
  type RosterPlan,
  type RosterState,
} from "./roster-diff.ts";
import type { RosterStudent } from "../../contract/gestor/roster-row.ts";

type Db = Kysely<Database>;

/** Keys per `in (…)` read. */
const READ_CHUNK = 500;
/** Rows per multi-row insert: students have 25 columns (12,500 parameters), the others fewer. */
const STUDENT_CHUNK = 500;
const ROW_CHUNK = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * What the diff needs of the store for these rows: the units, the grades of their periods, the
 * students with their RAs and enrolments, and who is enrolled now in each (period, unit) pair
 * they name (only when `pairs` are given: the sync of one student marks no one missing).
 */
export async function readRosterState(
  db: Db,
  storeId: number,
  rows: readonly { row: RosterStudent }[],
  pairs: readonly { codperlet: string; codcoligada: string }[],
): Promise<RosterState> {
  const periods = [...new Set(rows.map(({ row }) => row.enrolment.CODPERLET))];
  const [units, grades] = await Promise.all([
    db.selectFrom("school_units").select("code").where("store_id", "=", storeId).execute(),
    periods.length === 0
      ? []
      : db
          .selectFrom("series")
          .select(["period_code", "codgrade"])
          .where("store_id", "=", storeId)
          .where("period_code", "in", periods)
          .execute(),
  ]);

  const studentsByRa = new Map<string, CurrentStudent>();
  for (const ras of chunks(
    rows.map(({ row }) => row.RA),
    READ_CHUNK,
  )) {
    const students = await db
      .selectFrom("students")
      .select(["id", "ra", "roster_hash"])
      .where("store_id", "=", storeId)
      .where("ra", "in", ras)
      .execute();
    if (students.length === 0) continue;
    const enrolments = await db
      .selectFrom("student_school_years")
      .select(["id", "student_id", "codperlet", "codcoligada", "codgrade", "turma", "turno", "deleted_at"])
      .where(
        "student_id",
        "in",
        students.map((student) => student.id),
      )
      .execute();
    const byStudent = new Map<string, CurrentEnrolment[]>();
    for (const row of enrolments) {
      const list = byStudent.get(row.student_id) ?? [];
      list.push({
        id: row.id,
        codperlet: row.codperlet,
        codcoligada: row.codcoligada,
        codgrade: row.codgrade,
        turma: row.turma,
        turno: row.turno,
        deletedAt: row.deleted_at,
      });
      byStudent.set(row.student_id, list);
    }
    for (const student of students)
      studentsByRa.set(student.ra!, {
        id: student.id,
        ra: student.ra!,
        rosterHash: student.roster_hash,
        enrolments: byStudent.get(student.id) ?? [],
      });
  }

  const liveInPairs: LiveEnrolment[] = [];
  for (const { codperlet, codcoligada } of pairs) {
    const live = await db
      .selectFrom("student_school_years")
      .innerJoin("students", "students.id", "student_school_years.student_id")
      .select(["student_school_years.id", "student_school_years.student_id", "students.ra"])
      .where("students.store_id", "=", storeId)
      .where("students.ra", "is not", null)
      .where("student_school_years.codperlet", "=", codperlet)
      .where("student_school_years.codcoligada", "=", codcoligada)
      .where("student_school_years.deleted_at", "is", null)
      .execute();
    for (const row of live)
      liveInPairs.push({ enrolmentId: row.id, studentId: row.student_id, ra: row.ra!, codperlet, codcoligada });
  }

  return {
    unitCodes: new Set(units.map((unit) => unit.code)),
    grades: new Set(grades.map((grade) => `${grade.period_code}:${grade.codgrade}`)),
    studentsByRa,
    liveInPairs,
  };
}

/**
 * Holds the roster's lock until the transaction ends, so two imports (or an import and a sync)
 * never diff the same state: PostgreSQL's transaction-level advisory lock; SQLite's "begin
 * immediate" (db/client.ts) already lets one writing transaction run at a time.
 */
export async function lockRoster(trx: Db, storeId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  // Key: the store, in a space of our own (0x52_4f_53 = "ROS").
  await trx
    .selectNoFrom((eb) => eb.fn("pg_advisory_xact_lock", [eb.val(0x524f53), eb.val(storeId)]).as("locked"))
    .execute();
}

/** Writes a plan without errors; rows without changes write nothing. */
export async function writeRosterPlan(trx: Db, storeId: number, plan: RosterPlan, at: string): Promise<RosterCounts> {
  const created = plan.creates.map((planned) => ({ ...planned, studentId: crypto.randomUUID() }));
  const changed = [...created, ...plan.updates] as (PlannedRow & { studentId: string })[];

  // The student follows the shift of their newest period only (students.turno, read by old replies).
  for (const withShift of [true, false]) {
    const rows = changed.filter((planned) => planned.newestPeriod === withShift);
    for (const chunk of chunks(rows, STUDENT_CHUNK))
      await trx
        .insertInto("students")
        .values(
          chunk.map(({ row, hash, studentId }) => ({
            id: studentId,
            store_id: storeId,
            ra: row.RA,
            nome: row.nome,
            cpf: row.cpf,
            email: row.email,
            telefone1: row.telefone1,
            dtnascimento: row.dtnascimento,
            ...NEW_STUDENT_DEFAULTS,
            naturalidade: null,
            estadonatal: null,
            cep: row.cep,
            rua: row.rua,
            numero: row.numero,
            complemento: row.complemento,
            bairro: row.bairro,
            cidade: row.cidade,
            estado: row.estado,
            turno: row.enrolment.turno,
            created_at: at,
            roster_hash: hash,
            roster_updated_at: at,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(["store_id", "ra"]).doUpdateSet((eb) => ({
            nome: eb.ref("excluded.nome"),
            cpf: eb.ref("excluded.cpf"),
            email: eb.ref("excluded.email"),
            telefone1: eb.ref("excluded.telefone1"),
            dtnascimento: eb.ref("excluded.dtnascimento"),
            cep: eb.ref("excluded.cep"),
            rua: eb.ref("excluded.rua"),
            numero: eb.ref("excluded.numero"),
            complemento: eb.ref("excluded.complemento"),
            bairro: eb.ref("excluded.bairro"),
            cidade: eb.ref("excluded.cidade"),
            estado: eb.ref("excluded.estado"),
            roster_hash: eb.ref("excluded.roster_hash"),
            roster_updated_at: eb.ref("excluded.roster_updated_at"),
            ...(withShift && { turno: eb.ref("excluded.turno") }),
          })),
        )
        .execute();
  }

  const enrolled = [...changed, ...(plan.reenrols as (PlannedRow & { studentId: string })[])];
  for (const chunk of chunks(enrolled, ROW_CHUNK))
    await trx
      .insertInto("student_school_years")
      .values(
        chunk.map(({ row, studentId }) => ({
          id: crypto.randomUUID(),
          student_id: studentId,
          codperlet: row.enrolment.CODPERLET,
          codcoligada: row.enrolment.CODCOLIGADA,
          codgrade: row.enrolment.codgrade,
          turma: row.enrolment.turma,
          turno: row.enrolment.turno,
          deleted_at: null,
          updated_at: at,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(["student_id", "codperlet"]).doUpdateSet((eb) => ({
          codcoligada: eb.ref("excluded.codcoligada"),
          codgrade: eb.ref("excluded.codgrade"),
          turma: eb.ref("excluded.turma"),
          turno: eb.ref("excluded.turno"),
          deleted_at: null,
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .execute();

  await writeSchoolResponsibles(trx, changed);

  for (const chunk of chunks(plan.notEnrolled, ROW_CHUNK))
    await trx
      .updateTable("student_school_years")
      .set({ deleted_at: at, updated_at: at })
      .where(
        "id",
        "in",
        chunk.map((enrolment) => enrolment.enrolmentId),
      )
      .execute();

  return planCounts(plan);
}

/**
 * The school's responsibles of each changed student become the row's, slot by slot (their ids
 * stay); a slot the row no longer fills goes. A parent's responsibles (source 'cliente') are
 * never touched.
 */
async function writeSchoolResponsibles(trx: Db, changed: readonly { row: RosterStudent; studentId: string }[]) {
  const responsibles = changed.flatMap(({ row, studentId }) =>
    row.responsibles.map((responsible, index) => ({
      id: crypto.randomUUID(),
      student_id: studentId,
      nome: responsible.nome,
      cpf: responsible.cpf,
      email: responsible.email,
      telefone1: responsible.telefone1,
      parentesco: responsible.parentesco,
      source: "escola" as const,
      roster_slot: index + 1,
    })),
  );
  for (const chunk of chunks(responsibles, ROW_CHUNK))
    await trx
      .insertInto("responsibles")
      .values(chunk)
      .onConflict((conflict) =>
        conflict
          .columns(["student_id", "roster_slot"])
          .where("roster_slot", "is not", null)
          .doUpdateSet((eb) => ({
            nome: eb.ref("excluded.nome"),
            cpf: eb.ref("excluded.cpf"),
            email: eb.ref("excluded.email"),
            telefone1: eb.ref("excluded.telefone1"),
            parentesco: eb.ref("excluded.parentesco"),
          })),
      )
      .execute();
  for (const filled of [0, 1]) {
    const ids = changed.filter(({ row }) => row.responsibles.length === filled).map(({ studentId }) => studentId);
    for (const chunk of chunks(ids, READ_CHUNK))
      await trx
        .deleteFrom("responsibles")
        .where("source", "=", "escola")
        .where("student_id", "in", chunk)
        .where("roster_slot", ">", filled)
        .execute();
  }
}
