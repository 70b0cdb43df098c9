/**
 * "Alunos matriculados" (issue 27): the roster's CSV import in two calls, preview then import
 * of the previewed file by its upload id and SHA-256, and the file's model. Admins only.
 */
import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { storeIdField, uuidParam } from "../fields.ts";

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

const path = "/gestor/roster";

export const gestorRoster = {
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
    reply: z.object({ fileName: z.string(), counts }),
  }),
  /** Bearer (admin). The file's model, text/csv: the header and one example row. */
  template: endpoint({
    method: "GET",
    path: `${path}/template`,
    query: z.object({ storeId: storeIdField }),
    reply: null,
  }),
};
