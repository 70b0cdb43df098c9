/**
 * The sync of the school's ERP (issue 27; decision 0060): `PUT` calls that upsert one student
 * (with this period's enrolment and responsibles) or one grade by its natural key, made with an
 * integration key of the call's scope or an admin's session. Idempotent: the same call again
 * answers "sem mudança" and writes only its audit entry. Documented in the OpenAPI document
 * under "Integração (ERP)".
 */
import { z } from "zod";
import { raField } from "#core/validation/student-fields.ts";
// The roster's one row schema (decision 0059): the CSV import and this call cannot disagree.
import { rosterStudentFields } from "./roster-row.ts";
import { periodCodeField } from "../catalogue.ts";
import { endpoint } from "../endpoint.ts";
import { storeIdField } from "../fields.ts";
import { gradeFields } from "./grades.ts";

/** What a sync call did: the same call again answers "sem mudança". */
export const SYNC_RESULTS = ["criado", "atualizado", "sem mudança"] as const;
export type SyncResult = (typeof SYNC_RESULTS)[number];

export const ROSTER_SYNC_MESSAGES = {
  studentNotFound: (ra: string) => `Nenhum aluno com o RA ${ra} nesta loja.`,
  enrolmentNotFound: (ra: string, period: string) => `O aluno de RA ${ra} não tem matrícula no período ${period}.`,
  enrolledRequired: "Informe enrolled: true (matriculado) ou false (não matriculado).",
  positionInvalid: "Informe a posição como um número inteiro de 1 a 999, ou deixe de fora.",
} as const;

/**
 * The store: a key's own (storeId, when sent, must be it); for an admin's session, the one named
 * or the deployment's.
 */
const storeQuery = z.object({ storeId: storeIdField.optional() });

export const EXAMPLE_SYNC_STUDENT = {
  nome: "Beatriz Carvalho Lima",
  dtnascimento: "2014-05-20",
  cpf: "529.982.247-25",
  email: "beatriz.lima@example.com",
  telefone1: "(81) 99876-5432",
  cep: "52011-000",
  rua: "Rua das Flores",
  numero: "120",
  complemento: "Apto 301",
  bairro: "Graças",
  cidade: "Recife",
  estado: "PE",
  enrolment: { CODCOLIGADA: "1", CODPERLET: "202600", codgrade: "EF06", turma: "B", turno: "Manhã" },
  responsibles: [
    {
      nome: "Mariana Carvalho Lima",
      cpf: "111.444.777-35",
      email: "mariana.lima@example.com",
      telefone1: "(81) 99123-4567",
      parentesco: 7,
    },
  ],
};

/**
 * The student as the CSV's row (the same fields, the same rules), in JSON; the RA is the path's.
 * Optional fields may be null or left out; `responsibles` (0 to 2) replace the school's,
 * slot by slot, never one a parent registered.
 */
export const rosterSyncStudentBody = rosterStudentFields.omit({ RA: true }).meta({
  description:
    "O aluno como uma linha do CSV de alunos matriculados, em JSON: os mesmos campos e as mesmas regras. O RA vem do caminho. Datas em aaaa-mm-dd ou dd/mm/aaaa; CPF com ou sem máscara; turno Manhã, Tarde, Integral ou Noite; parentesco 7 mãe, 9 responsável, outro número pai. Até 2 responsáveis: substituem os da escola, nunca os que a família cadastrou.",
  // `example`: Zod leaves `examples` out of a schema whose input differs from its output.
  example: EXAMPLE_SYNC_STUDENT,
});

const studentReply = z.object({
  student: z.object({ id: z.string(), RA: z.string() }),
  result: z.enum(SYNC_RESULTS),
});

const gradeBody = gradeFields.omit({ codgrade: true }).extend({
  /** The place in its period (1 first); left out, a new grade goes last and a known one stays. */
  position: z
    .number({ message: ROSTER_SYNC_MESSAGES.positionInvalid })
    .int({ message: ROSTER_SYNC_MESSAGES.positionInvalid })
    .min(1, { message: ROSTER_SYNC_MESSAGES.positionInvalid })
    .max(999, { message: ROSTER_SYNC_MESSAGES.positionInvalid })
    .optional(),
});

const path = "/gestor/roster";

export const gestorRosterSync = {
  /**
   * Integration key (roster) or Bearer (admin). Creates or updates the student of this RA with
   * the period's enrolment and the school's responsibles, under the roster's lock, as the CSV
   * import does; marks no other student. Audited "roster.sync-student", also when nothing changed.
   */
  putStudent: endpoint({
    method: "PUT",
    path: `${path}/students/by-ra/:ra`,
    params: z.object({ ra: raField }),
    query: storeQuery,
    body: rosterSyncStudentBody,
    reply: studentReply,
    integrationKey: "roster",
  }),
  /**
   * Integration key (roster) or Bearer (admin). Marks the student (not) enrolled in the period
   * (spec §3 schoolYears[].deletedAt), never deleted; 404 for an unknown RA or no enrolment in
   * the period. Audited "roster.sync-enrolment".
   */
  putEnrolment: endpoint({
    method: "PUT",
    path: `${path}/students/by-ra/:ra/enrolments/:codperlet`,
    params: z.object({ ra: raField, codperlet: periodCodeField }),
    query: storeQuery,
    body: z.object({ enrolled: z.boolean({ message: ROSTER_SYNC_MESSAGES.enrolledRequired }) }),
    reply: studentReply.extend({ enrolment: z.object({ CODPERLET: z.string(), enrolled: z.boolean() }) }),
    integrationKey: "roster",
  }),
  /**
   * Integration key (grades) or Bearer (admin). Creates or updates the grade of this period and
   * code, with Séries' rules. Audited "grade.sync".
   */
  putGrade: endpoint({
    method: "PUT",
    path: `${path}/grades/:codperlet/:codgrade`,
    params: z.object({ codperlet: periodCodeField, codgrade: gradeFields.shape.codgrade }),
    query: storeQuery,
    body: gradeBody.meta({
      example: { CURSO: "Ensino Fundamental II", HABILITACAO: "6º Ano", position: 1 },
    }),
    reply: z.object({
      grade: z.object({ id: z.number(), CODPERLET: z.string(), codgrade: z.string() }),
      result: z.enum(SYNC_RESULTS),
    }),
    integrationKey: "grades",
  }),
};
