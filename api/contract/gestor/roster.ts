/**
 * "Alunos matriculados" (issue 27): the roster's CSV import in two calls, preview then import
 * of the previewed file by its upload id and SHA-256, and the file's model. Admins only.
 */
import { z } from "zod";
import { counted } from "#core/text.ts";
import { endpoint } from "../endpoint.ts";
import { periodCodeField } from "../catalogue.ts";
import { storeIdField, uuidParam } from "../fields.ts";
import { pageField, pageOf } from "./paging.ts";
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from "./search-text.ts";

/** A roster file as text: 20,000 students are about 6 MB; twice that is still a roster. */
export const ROSTER_CSV_MAX_BYTES = 12 * 1024 * 1024;
export const ROSTER_CSV_TOO_LARGE = "O arquivo deve ter no máximo 12 MB.";
/** The preview's body: the file's text as JSON (escaped quotes and line breaks) and its name. */
export const ROSTER_UPLOAD_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

const counts = z.object({
  created: z.number(),
  updated: z.number(),
  reenrolled: z.number(),
  unchanged: z.number(),
  notEnrolled: z.number(),
});
export type RosterCounts = z.infer<typeof counts>;

/** "3 alunos novos, 1 atualizado, 0 matriculados de novo, 5 sem mudança, 0 marcados como não matriculados". */
export function rosterCountsText(of: RosterCounts): string {
  return [
    counted(of.created, "aluno novo", "alunos novos"),
    counted(of.updated, "atualizado", "atualizados"),
    counted(of.reenrolled, "matriculado de novo", "matriculados de novo"),
    `${of.unchanged} sem mudança`,
    counted(of.notEnrolled, "marcado como não matriculado", "marcados como não matriculados"),
  ].join(", ");
}

const rosterError = z.object({
  line: z.number(),
  /** The CSV column, "" for the whole line or file. */
  column: z.string(),
  message: z.string(),
  /** As the page shows it: "Linha 12, CPF do responsável 1: CPF inválido." */
  text: z.string(),
});
const change = z.object({ line: z.number(), RA: z.string(), nome: z.string() });

const rosterReport = z.object({
  fileName: z.string(),
  rowCount: z.number(),
  counts,
  /** The first 200 errors; errorCount says how many there are. */
  errors: z.array(rosterError),
  errorCount: z.number(),
  /** The first 50 rows of each kind of change. */
  changes: z.object({
    creates: z.array(change),
    updates: z.array(change),
    reenrols: z.array(change),
    notEnrolled: z.array(z.object({ RA: z.string(), CODPERLET: z.string(), CODCOLIGADA: z.string() })),
  }),
  /** Present when the file has no error: what the import names. */
  upload: z.object({ id: z.string(), sha256: z.string() }).nullable(),
});
export type RosterReport = z.infer<typeof rosterReport>;

export const ROSTER_STUDENT_NOT_FOUND = "Aluno não encontrado.";

/**
 * The list's filters, as the page's GET form sends them: a name or RA (any part), a unit, a
 * period (the current one when absent), a grade, and `naoMatriculados=1` for those marked not
 * enrolled in the period. Blank fields filter nothing.
 */
export const rosterFilters = z.object({
  q: z.string().trim().max(SEARCH_MAX_LENGTH, { message: SEARCH_TOO_LONG }).default(""),
  unidade: z
    .string()
    .trim()
    .regex(/^(\d{1,4})?$/, { message: "Escolha uma unidade da lista." })
    .default(""),
  periodo: z.union([z.literal(""), periodCodeField]).default(""),
  serie: z.string().trim().max(20, { message: "Código de série muito longo." }).default(""),
  naoMatriculados: z.enum(["", "1"]).catch("").default(""),
});

/** A student of the list: their enrolment in the period, and whether it is live. */
const rosterListRow = z.object({
  id: z.string(),
  RA: z.string().nullable(),
  nome: z.string(),
  CODCOLIGADA: z.string(),
  codgrade: z.string().nullable(),
  /** The grade's name (HABILITACAO) in Séries, when the period has it. */
  gradeName: z.string().nullable(),
  turma: z.string().nullable(),
  turno: z.string().nullable(),
  enrolled: z.boolean(),
});
export type RosterListRow = z.infer<typeof rosterListRow>;

const rosterStudent = z.object({
  student: z.object({
    id: z.string(),
    RA: z.string().nullable(),
    nome: z.string(),
    dtnascimento: z.string().nullable(),
    /** Masked: "***.982.247-**" (decision 0013); null when none. */
    cpf: z.string().nullable(),
    email: z.string().nullable(),
    telefone1: z.string().nullable(),
    address: z.object({
      cep: z.string().nullable(),
      rua: z.string().nullable(),
      numero: z.string().nullable(),
      complemento: z.string().nullable(),
      bairro: z.string().nullable(),
      cidade: z.string().nullable(),
      estado: z.string().nullable(),
    }),
    /** When an import or the sync last changed the student (ISO), null for one never imported. */
    rosterUpdatedAt: z.string().nullable(),
  }),
  /** Newest period first. */
  enrolments: z.array(
    z.object({
      CODPERLET: z.string(),
      CODCOLIGADA: z.string(),
      codgrade: z.string().nullable(),
      gradeName: z.string().nullable(),
      course: z.string().nullable(),
      turma: z.string().nullable(),
      turno: z.string().nullable(),
      /** When the student was marked not enrolled in the period; null while enrolled. */
      deletedAt: z.string().nullable(),
    }),
  ),
  responsibles: z.array(
    z.object({
      nome: z.string(),
      /** Masked, as the student's. */
      cpf: z.string(),
      email: z.string(),
      telefone1: z.string(),
      parentesco: z.number(),
      /** "escola": the school's roster; "cliente": typed by a parent. */
      source: z.enum(["escola", "cliente"]),
    }),
  ),
  /** The customers the student is linked to now. */
  customers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), linkedAt: z.string() })),
});
export type RosterStudentDetails = z.infer<typeof rosterStudent>;

const path = "/gestor/roster";

export const gestorRoster = {
  /**
   * Bearer (admin). The students with an enrolment in the period (the current one when absent),
   * by name, with its status there; paged.
   */
  list: endpoint({
    method: "GET",
    path: `${path}/students`,
    query: rosterFilters.extend({ storeId: storeIdField, page: pageField }),
    reply: pageOf(rosterListRow).extend({ CODPERLET: z.string() }),
  }),
  /** Bearer (admin). One student: data, enrolments by period, responsibles, linked customers. 404. */
  student: endpoint({
    method: "GET",
    path: `${path}/students/:studentId`,
    params: z.object({ studentId: uuidParam(ROSTER_STUDENT_NOT_FOUND) }),
    paramsNotFound: true,
    query: z.object({ storeId: storeIdField }),
    reply: rosterStudent,
  }),
  /**
   * Bearer (admin). Checks a roster CSV against the store (units, grades, students) and says
   * what importing it would do; changes no student. A file without errors is kept 24 h for the
   * import.
   */
  previewImport: endpoint({
    method: "POST",
    path: `${path}/import/preview`,
    body: z.object({
      storeId: storeIdField,
      csv: z.string({ message: "Envie o arquivo CSV." }).max(ROSTER_CSV_MAX_BYTES, { message: ROSTER_CSV_TOO_LARGE }),
      fileName: z
        .string()
        .trim()
        .max(200)
        .optional()
        .transform((name) => name || "alunos.csv"),
    }),
    reply: rosterReport,
  }),
  /**
   * Bearer (admin). Imports the previewed file in one transaction, or nothing (409) when the
   * store changed so that a row is now wrong, or the upload expired, changed or was imported
   * already. Students missing from the file are marked not enrolled in the file's (period,
   * unit) pairs only. Audited "roster.import".
   */
  runImport: endpoint({
    method: "POST",
    path: `${path}/import`,
    body: z.object({
      storeId: storeIdField,
      uploadId: uuidParam("Arquivo conferido não encontrado. Envie-o de novo."),
      sha256: z.string().regex(/^[0-9a-f]{64}$/, { message: "Arquivo conferido não encontrado. Envie-o de novo." }),
    }),
    /** `periods`: the file's CODPERLETs, for the list to show what was imported. */
    reply: z.object({ fileName: z.string(), counts, periods: z.array(z.string()) }),
  }),
  /** Bearer (admin). The file's model, text/csv: the header and one example row. */
  template: endpoint({
    method: "GET",
    path: `${path}/template`,
    query: z.object({ storeId: storeIdField }),
    reply: null,
  }),
};
