import type { Kysely, Selectable } from "kysely";
import { maskedCpf } from "#core/cpf.ts";
import { unitFrom, type SchoolUnit } from "#core/school-units.ts";
import type { StudentConsentVersion } from "#core/student-consent.ts";
import type { Database, ResponsibleTable, StudentConsentTable, StudentTable } from "#db/schema.ts";
import type { Responsible, Student, StudentAffiliate, StudentLink, StudentSchoolYear } from "../contract/students.ts";
import { unitsOfStudentsStores } from "../units/repository.ts";

type StudentRow = Selectable<StudentTable>;
type ResponsibleRow = Selectable<ResponsibleTable>;

/**
 * A responsible as replies carry it. CPFs of students and responsibles go out masked
 * (docs/decisions/0013); only the reply to the call that typed one shows it whole.
 */
export function toResponsible(row: ResponsibleRow): Responsible {
  return {
    id: row.id,
    nome: row.nome,
    cpf: maskedCpf(row.cpf),
    email: row.email,
    telefone1: row.telefone1,
    parentesco: row.parentesco,
    cep: row.cep,
    cidade: row.cidade,
    estado: row.estado,
    bairro: row.bairro,
    rua: row.rua,
    numero: row.numero,
  };
}

/** Students with their school years, units and responsibles, in the order of `ids`. */
export async function loadStudents(db: Kysely<Database>, ids: string[]): Promise<Map<string, Student>> {
  const result = new Map<string, Student>();
  if (ids.length === 0) return result;
  const [students, years, responsibles, unitsByStore] = await Promise.all([
    db.selectFrom("students").selectAll().where("id", "in", ids).execute(),
    schoolYearsOf(db, ids),
    db.selectFrom("responsibles").selectAll().where("student_id", "in", ids).orderBy("nome").execute(),
    unitsOfStudentsStores(db, ids),
  ]);
  for (const row of students) {
    const schoolYears = years.filter((year) => year.student_id === row.id).map(toSchoolYear);
    result.set(
      row.id,
      toStudent(
        row,
        schoolYears,
        responsibles.filter((r) => r.student_id === row.id),
        unitsByStore.get(row.store_id) ?? [],
      ),
    );
  }
  return result;
}

/**
 * The students' enrolments, newest period first, with their grade's names (the store's series of
 * that period and codgrade, when it has one).
 */
export function schoolYearsOf(db: Kysely<Database>, studentIds: string[]) {
  return db
    .selectFrom("student_school_years as year")
    .innerJoin("students", "students.id", "year.student_id")
    .leftJoin("series", (join) =>
      join
        .onRef("series.store_id", "=", "students.store_id")
        .onRef("series.period_code", "=", "year.codperlet")
        .onRef("series.codgrade", "=", "year.codgrade"),
    )
    .select([
      "year.student_id",
      "year.codperlet",
      "year.codcoligada",
      "year.deleted_at",
      "year.codgrade",
      "year.turma",
      "year.turno",
      "series.course",
      "series.grade_name",
    ])
    .where("year.student_id", "in", studentIds)
    .orderBy("year.codperlet", "desc")
    .execute();
}

/** An enrolment as spec §7 replies carry it, with the grade fields of issue 27. */
export function toSchoolYear(year: Awaited<ReturnType<typeof schoolYearsOf>>[number]): StudentSchoolYear {
  return {
    CODPERLET: year.codperlet,
    CODCOLIGADA: year.codcoligada,
    deletedAt: year.deleted_at,
    codgrade: year.codgrade,
    CURSO: year.course,
    HABILITACAO: year.grade_name,
    TURMA: year.turma,
    TURNO: year.turno,
  };
}

function toStudent(
  row: StudentRow,
  schoolYears: Student["schoolYears"],
  responsibles: ResponsibleRow[],
  units: readonly SchoolUnit[],
): Student {
  const codes = [...new Set(schoolYears.filter((year) => year.deletedAt === null).map((year) => year.CODCOLIGADA))];
  const Affiliates: StudentAffiliate[] = codes.map((code) => ({
    CODCOLIGADA: code,
    // The store's units of today (school_units); spec §9's fallback for a code it does not have.
    name: unitFrom(units, code).name,
    id: code,
  }));
  return {
    id: row.id,
    nome: row.nome,
    RA: row.ra,
    cpf: row.cpf === null ? null : maskedCpf(row.cpf),
    email: row.email,
    telefone1: row.telefone1,
    cep: row.cep,
    rua: row.rua,
    numero: row.numero,
    bairro: row.bairro,
    cidade: row.cidade,
    estado: row.estado,
    naturalidade: row.naturalidade,
    estadonatal: row.estadonatal,
    turno: row.turno,
    schoolYears,
    Affiliates,
    Responsibles: responsibles.map(toResponsible),
  };
}

/** The customer's live links (not soft-deleted), oldest first. */
export function liveLinks(db: Kysely<Database>, customerId: string) {
  return db
    .selectFrom("customer_students")
    .select(["id", "student_id", "created_at"])
    .where("customer_id", "=", customerId)
    .where("deleted_at", "is", null);
}

/**
 * The customer's linked students as the API answers them (spec §3 student link), oldest link first,
 * then by RA and name. The customer's own record ("Sou Aluno") is not one of their students
 * (docs/decisions/0043): only `withOwn` (their data export) lists it.
 */
export async function listStudentLinks(
  db: Kysely<Database>,
  customerId: string,
  { withOwn = false }: { withOwn?: boolean } = {},
): Promise<StudentLink[]> {
  let query = liveLinks(db, customerId);
  if (!withOwn) query = query.where("is_self", "=", 0);
  const links = await query.execute();
  const students = await loadStudents(
    db,
    links.map((link) => link.student_id),
  );
  const sortKey = (link: (typeof links)[number]) => {
    const student = students.get(link.student_id);
    return [link.created_at, student?.RA ?? "~", student?.nome ?? "", link.id].join("\u0000");
  };
  return links
    .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0))
    .flatMap((link) => {
      const student = students.get(link.student_id);
      return student ? [{ id: link.id, studentId: link.student_id, student }] : [];
    });
}

/** One live link of the customer, by link id, or undefined. */
export async function findStudentLink(
  db: Kysely<Database>,
  customerId: string,
  linkId: string,
): Promise<StudentLink | undefined> {
  const link = await liveLinks(db, customerId).where("id", "=", linkId).executeTakeFirst();
  if (!link) return undefined;
  const student = (await loadStudents(db, [link.student_id])).get(link.student_id);
  return student && { id: link.id, studentId: link.student_id, student };
}

/** The live link between the customer and the student, if any. */
export function findLinkOfStudent(db: Kysely<Database>, customerId: string, studentId: string) {
  return liveLinks(db, customerId).where("student_id", "=", studentId).executeTakeFirst();
}

/** Links the student to the customer (the caller checked there is no live link). */
/** A new link; `self` for the customer's own record ("Sou Aluno", docs/decisions/0043). */
export async function insertLink(
  db: Kysely<Database>,
  customerId: string,
  studentId: string,
  createdAt: string,
  { self = false }: { self?: boolean } = {},
) {
  const id = crypto.randomUUID();
  await db
    .insertInto("customer_students")
    .values({
      id,
      customer_id: customerId,
      student_id: studentId,
      created_at: createdAt,
      deleted_at: null,
      is_self: self ? 1 : 0,
    })
    .execute();
  return id;
}

/** Keeps the responsible adult's consent to the student's data (LGPD art. 14, docs/decisions/0013). */
export async function insertConsent(
  db: Kysely<Database>,
  consent: { customerId: string; studentId: string; purpose: StudentConsentTable["purpose"] },
  version: StudentConsentVersion,
  acceptedAt: string,
) {
  await db
    .insertInto("student_consents")
    .values({
      id: crypto.randomUUID(),
      customer_id: consent.customerId,
      student_id: consent.studentId,
      purpose: consent.purpose,
      text_version: version,
      accepted_at: acceptedAt,
    })
    .execute();
}
