/**
 * "Alunos matriculados"' reads (issue 27): the students enrolled in a period, with the status of
 * their enrolment there (spec §3 `schoolYears[].deletedAt`: marked not enrolled, never deleted),
 * and one student's page. What leaves here is masked as the store's replies are: a CPF as
 * "***.982.247-**" (decision 0013).
 */
import type { Kysely } from "kysely";
import { maskedCpf } from "#core/cpf.ts";
import type { Database } from "#db/schema.ts";
import { GESTOR_PAGE_SIZE, paging } from "../../contract/gestor/paging.ts";
import type { RosterListRow, RosterStudentDetails } from "../../contract/gestor/roster.ts";
import { containsText } from "../text-search.ts";

type Db = Kysely<Database>;

export interface RosterListQuery {
  q: string;
  unidade: string;
  /** CODPERLET, already chosen (the current period when the filter was blank). */
  period: string;
  serie: string;
  notEnrolledOnly: boolean;
  page: number;
}

/** The period's enrolments matching the filters, by student name; one page. */
export async function listRosterStudents(db: Db, storeId: number, query: RosterListQuery) {
  const matching = db
    .selectFrom("student_school_years as year")
    .innerJoin("students", "students.id", "year.student_id")
    .leftJoin("series", (join) =>
      join
        .onRef("series.codgrade", "=", "year.codgrade")
        .onRef("series.period_code", "=", "year.codperlet")
        .on("series.store_id", "=", storeId),
    )
    .where("students.store_id", "=", storeId)
    .where("year.codperlet", "=", query.period)
    .$if(query.q !== "", (qb) =>
      qb.where((eb) => eb.or([containsText("students.nome", query.q), containsText("students.ra", query.q)])),
    )
    .$if(query.unidade !== "", (qb) => qb.where("year.codcoligada", "=", query.unidade))
    .$if(query.serie !== "", (qb) => qb.where("year.codgrade", "=", query.serie))
    .$if(query.notEnrolledOnly, (qb) => qb.where("year.deleted_at", "is not", null));
  const { n } = await matching.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const total = Number(n);
  const at = paging(query.page, total);
  const rows = await matching
    .select([
      "students.id",
      "students.ra",
      "students.nome",
      "year.codcoligada",
      "year.codgrade",
      "year.turma",
      "year.turno",
      "year.deleted_at",
      "series.grade_name",
    ])
    .orderBy("students.nome")
    .orderBy("students.id")
    .limit(GESTOR_PAGE_SIZE)
    .offset(at.offset)
    .execute();
  return {
    CODPERLET: query.period,
    rows: rows.map((row): RosterListRow => ({
      id: row.id,
      RA: row.ra,
      nome: row.nome,
      CODCOLIGADA: row.codcoligada,
      codgrade: row.codgrade,
      gradeName: row.grade_name ?? null,
      turma: row.turma,
      turno: row.turno,
      enrolled: row.deleted_at === null,
    })),
    page: at.page,
    pageCount: at.pageCount,
    total,
  };
}

/** One student's page, or undefined for an id the store does not have. */
export async function rosterStudentDetails(
  db: Db,
  storeId: number,
  studentId: string,
): Promise<RosterStudentDetails | undefined> {
  const student = await db
    .selectFrom("students")
    .selectAll()
    .where("id", "=", studentId)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  if (!student) return undefined;
  const [enrolments, responsibles, customers] = await Promise.all([
    db
      .selectFrom("student_school_years as year")
      .leftJoin("series", (join) =>
        join
          .onRef("series.codgrade", "=", "year.codgrade")
          .onRef("series.period_code", "=", "year.codperlet")
          .on("series.store_id", "=", storeId),
      )
      .select([
        "year.codperlet",
        "year.codcoligada",
        "year.codgrade",
        "year.turma",
        "year.turno",
        "year.deleted_at",
        "series.grade_name",
        "series.course",
      ])
      .where("year.student_id", "=", student.id)
      .orderBy("year.codperlet", "desc")
      .execute(),
    db
      .selectFrom("responsibles")
      .select(["nome", "cpf", "email", "telefone1", "parentesco", "source"])
      .where("student_id", "=", student.id)
      // The school's first (by slot), then what parents typed.
      .orderBy("source", "desc")
      .orderBy("roster_slot")
      .orderBy("nome")
      .execute(),
    db
      .selectFrom("customer_students as link")
      .innerJoin("customers", "customers.id", "link.customer_id")
      .select(["customers.id", "customers.name", "customers.email", "link.created_at"])
      .where("link.student_id", "=", student.id)
      .where("link.deleted_at", "is", null)
      .where("link.is_self", "=", 0)
      .where("customers.deleted_at", "is", null)
      .orderBy("customers.name")
      .execute(),
  ]);
  return {
    student: {
      id: student.id,
      RA: student.ra,
      nome: student.nome,
      dtnascimento: student.dtnascimento,
      cpf: student.cpf ? maskedCpf(student.cpf) || null : null,
      email: student.email,
      telefone1: student.telefone1,
      address: {
        cep: student.cep,
        rua: student.rua,
        numero: student.numero,
        complemento: student.complemento,
        bairro: student.bairro,
        cidade: student.cidade,
        estado: student.estado,
      },
      rosterUpdatedAt: student.roster_updated_at,
    },
    enrolments: enrolments.map((year) => ({
      CODPERLET: year.codperlet,
      CODCOLIGADA: year.codcoligada,
      codgrade: year.codgrade,
      gradeName: year.grade_name ?? null,
      course: year.course ?? null,
      turma: year.turma,
      turno: year.turno,
      deletedAt: year.deleted_at,
    })),
    responsibles: responsibles.map((responsible) => ({
      nome: responsible.nome,
      cpf: maskedCpf(responsible.cpf),
      email: responsible.email,
      telefone1: responsible.telefone1,
      parentesco: responsible.parentesco,
      source: responsible.source,
    })),
    customers: customers.map((customer) => ({
      id: customer.id,
      name: customer.name,
      email: customer.email,
      linkedAt: customer.created_at,
    })),
  };
}
