/**
 * The gestor's Séries (issue 27): the grades of each school period, as the school's ERP names
 * them (CODPERLET, codgrade, CURSO, HABILITACAO), in the order the storefront's grade selection
 * (spec §3) and /compra-rapida show them. Admins only. A grade is known by its natural key
 * (store, CODPERLET, codgrade: migration 0035), which the CSV import matches on.
 *
 * One schema (gradeFields) checks the gestor's form in the browser, its action, the API's
 * create and update, and each row of an import, with the same Portuguese messages.
 */
import { z } from "zod";
import { periodCodeField } from "../catalogue.ts";
import { endpoint } from "../endpoint.ts";
import { asFormText, given, importError, text } from "./catalogue.ts";
import { integerId } from "../fields.ts";

export const GRADE_MESSAGES = {
  notFound: "Série não encontrada.",
  samePeriod: "Escolha um período de destino diferente do de origem.",
} as const;

export const gradeCodeTaken = (codgrade: string, period: string) =>
  `Já existe a série ${codgrade} no período ${period}.`;

/** The period after `period`: 202600 → 202700 (the "Copiar para" button's target). */
export const nextPeriodCode = (period: string) => `${Number(period.slice(0, 4)) + 1}00`;

/** The period before `period`: 202600 → 202500 ("Copiar do ano anterior" of a material list). */
export const previousPeriodCode = (period: string) => `${Number(period.slice(0, 4)) - 1}00`;

/** What a grade is: its ERP code, its course or level (CURSO) and its name (HABILITACAO). */
export const gradeFields = z.object({
  codgrade: z.preprocess(
    given,
    z
      .string({ message: "Informe o código da série (CODGRADE)." })
      .trim()
      .max(20, { message: "Use no máximo 20 caracteres." })
      .regex(/^[A-Za-z0-9._/-]+$/, {
        message: "Use só letras sem acento, números, ponto, barra, hífen ou sublinhado, sem espaços.",
      }),
  ),
  /** "Ensino Fundamental II". */
  CURSO: text("Informe o curso (CURSO).", 80),
  /** "6º Ano": the name the grade selection shows. */
  HABILITACAO: text("Informe o nome da série (HABILITACAO).", 80),
});
export type GradeFields = z.infer<typeof gradeFields>;

/** A new grade: its fields and its period. */
export const newGradeFields = gradeFields.extend({ CODPERLET: periodCodeField });

/** A period's grades copied to another that has none (the product links stay behind). */
export const copyPeriodFields = z
  .object({ from: periodCodeField, to: periodCodeField })
  .refine((copy) => copy.from !== copy.to, { message: GRADE_MESSAGES.samePeriod, path: ["to"] });

/** The file's columns, in the ERP's naming; ORDEM may be blank. */
export const GRADE_CSV_COLUMNS = ["CODPERLET", "CODGRADE", "CURSO", "HABILITACAO", "ORDEM"] as const;
/** A network's grades fit many times over; a larger file is a mistake. */
export const GRADE_CSV_MAX_BYTES = 64 * 1024;
export const GRADE_CSV_TOO_LARGE = "O arquivo deve ter no máximo 64 KB.";
export const GRADE_CSV_MAX_ROWS = 1000;

const grade = z.object({
  id: z.number(),
  CODPERLET: z.string(),
  codgrade: z.string(),
  CURSO: z.string(),
  HABILITACAO: z.string(),
  position: z.number(),
  /** How many products name the grade: one that any does cannot be removed. */
  productCount: z.number(),
});
export type GestorGrade = z.infer<typeof grade>;

const gradeImportReport = z.object({
  rows: z.array(
    z.object({
      line: z.number(),
      CODPERLET: z.string(),
      codgrade: z.string(),
      HABILITACAO: z.string(),
      action: z.enum(["criar", "atualizar", "sem mudança"]),
    }),
  ),
  errors: z.array(importError),
  creates: z.number(),
  updates: z.number(),
  unchanged: z.number(),
});
export type GradeImportReport = z.infer<typeof gradeImportReport>;

const csvBody = z.object({
  csv: z.string({ message: "Envie o arquivo CSV." }).max(GRADE_CSV_MAX_BYTES, { message: GRADE_CSV_TOO_LARGE }),
});

const gradePath = z.object({ gradeId: integerId(GRADE_MESSAGES.notFound) });
const gradeReply = z.object({ grade: z.object({ id: z.number() }) });
const path = "/gestor/grades";

// The fixed paths (copy, import, export) are registered before `/:gradeId` (api/gestor/grades/routes.ts).
export const gestorGrades = {
  /** Bearer (admin). A period's grades in order, and every period that has any. */
  list: endpoint({
    method: "GET",
    path,
    query: z.object({ CODPERLET: periodCodeField }),
    reply: z.object({
      CODPERLET: z.string(),
      grades: z.array(grade),
      periods: z.array(z.object({ CODPERLET: z.string(), gradeCount: z.number() })),
    }),
  }),
  /** Bearer (admin). Audited "grades.copy-period" with the count; refused (409) when `to` has grades. */
  copyPeriod: endpoint({
    method: "POST",
    path: `${path}/copy`,
    body: asFormText(copyPeriodFields),
    reply: z.object({ copied: z.number() }),
  }),
  /** Bearer (admin). Reads a CSV and says what an import would do; writes nothing. */
  previewImport: endpoint({ method: "POST", path: `${path}/import/preview`, body: csvBody, reply: gradeImportReport }),
  /**
   * Bearer (admin). Writes every row in one transaction, or nothing (400) when a row is wrong;
   * idempotent by (CODPERLET, codgrade). Audited "grades.import" with the counts.
   */
  runImport: endpoint({ method: "POST", path: `${path}/import`, body: csvBody, reply: gradeImportReport }),
  /** Bearer (admin). text/csv in the import's columns: one period's grades, or every period's. */
  exportCsv: endpoint({
    method: "GET",
    path: `${path}/export`,
    query: z.object({ CODPERLET: periodCodeField.optional() }),
    reply: null,
  }),
  /** Bearer (admin). Audited "grade.create"; the new grade comes last in its period. */
  create: endpoint({ method: "POST", path, body: asFormText(newGradeFields), reply: gradeReply }),
  /** Bearer (admin). */
  get: endpoint({
    method: "GET",
    path: `${path}/:gradeId`,
    params: gradePath,
    paramsNotFound: true,
    reply: z.object({ grade }),
  }),
  /** Bearer (admin). Audited "grade.update" with what changed. */
  update: endpoint({
    method: "POST",
    path: `${path}/:gradeId`,
    params: gradePath,
    paramsNotFound: true,
    body: asFormText(gradeFields),
    reply: gradeReply,
  }),
  /** Bearer (admin). One place up or down in its period. Audited "grade.move". */
  move: endpoint({
    method: "POST",
    path: `${path}/:gradeId/move`,
    params: gradePath,
    paramsNotFound: true,
    body: z.object({ direction: z.enum(["up", "down"], { message: "Escolha subir ou descer." }) }),
    reply: gradeReply,
  }),
  /** Bearer (admin). Only a grade no product names (409 otherwise). Audited "grade.remove". */
  remove: endpoint({
    method: "POST",
    path: `${path}/:gradeId/remove`,
    params: gradePath,
    paramsNotFound: true,
    reply: gradeReply,
  }),
};
