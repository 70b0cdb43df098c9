/**
 * The grades' CSV (issue 27), in the school's ERP naming: CODPERLET;CODGRADE;CURSO;HABILITACAO;ORDEM,
 * read and written as the catalogue's (api/gestor/csv-file.ts). A row is matched to a grade by
 * its natural key (CODPERLET, CODGRADE): a new one is created, a known one updated, a grade the
 * file leaves out is left as it is. The preview reads and compares, writing nothing; the import
 * compares again inside its transaction (the grades may have changed since) and writes every
 * row or, when any row is wrong, nothing. The same file twice: the second changes nothing.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { counted } from "#core/text.ts";
import { periodCodeField } from "../../contract/catalogue.ts";
import {
  GRADE_CSV_COLUMNS,
  GRADE_CSV_MAX_ROWS,
  gradeFields,
  type GradeFields,
  type GradeImportReport,
} from "../../contract/gestor/grades.ts";
import { ApiError, badRequest } from "../../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { readGestorCsv, writeGestorCsv, type CsvError } from "../csv-file.ts";
import {
  allGrades,
  insertGrade,
  isUniqueViolation,
  nextPosition,
  periodGrades,
  updateGradeRow,
  type GradeRow,
} from "./repository.ts";

type Db = Kysely<Database>;

const ORDER_INVALID = "Informe a ordem como um número inteiro de 1 a 999, ou deixe em branco.";
/** The schema's field names as the file's columns, for the errors. */
const COLUMN_OF: Record<string, string> = { codgrade: "CODGRADE", CURSO: "CURSO", HABILITACAO: "HABILITACAO" };

interface CheckedRow {
  line: number;
  CODPERLET: string;
  fields: GradeFields;
  /** null: blank, the grade keeps its place (a new one goes last). */
  order: number | null;
}

type Write =
  | { kind: "create"; row: CheckedRow }
  | { kind: "update"; row: CheckedRow; grade: GradeRow; changes: Partial<GradeFields> & { position?: number } };

function checkRow(line: number, values: Record<string, string>): CheckedRow | CsvError[] {
  const errors: CsvError[] = [];
  const period = periodCodeField.safeParse(values.CODPERLET ?? "");
  if (!period.success) errors.push({ line, column: "CODPERLET", message: period.error.issues[0]!.message });
  const fields = gradeFields.safeParse({
    codgrade: values.CODGRADE,
    CURSO: values.CURSO,
    HABILITACAO: values.HABILITACAO,
  });
  if (!fields.success)
    for (const issue of fields.error.issues)
      errors.push({ line, column: COLUMN_OF[String(issue.path[0])] ?? "", message: issue.message });
  const orderText = (values.ORDEM ?? "").trim();
  const order = orderText === "" ? null : Number(orderText);
  if (order !== null && !(/^\d{1,3}$/.test(orderText) && order >= 1))
    errors.push({ line, column: "ORDEM", message: ORDER_INVALID });
  if (errors.length > 0 || !period.success || !fields.success) return errors;
  return { line, CODPERLET: period.data, fields: fields.data, order };
}

/** What the file would do to the grades as they are in `db`. */
async function planImport(
  db: Db,
  storeId: number,
  csv: string,
): Promise<{ report: GradeImportReport; writes: Write[] }> {
  const report: GradeImportReport = { rows: [], errors: [], creates: 0, updates: 0, unchanged: 0 };
  const read = readGestorCsv(csv, {
    columns: GRADE_CSV_COLUMNS,
    maxRows: GRADE_CSV_MAX_ROWS,
    rowNoun: { one: "série", many: "séries" },
  });
  if (read.errors.length > 0) return { report: { ...report, errors: read.errors }, writes: [] };
  const checked: CheckedRow[] = [];
  const lineOfKey = new Map<string, number>();
  for (const { line, values } of read.rows) {
    const row = checkRow(line, values);
    if (Array.isArray(row)) {
      report.errors.push(...row);
      continue;
    }
    // A grade twice in one file: which row should win is the gestor's to say, not ours.
    const key = `${row.CODPERLET};${row.fields.codgrade}`;
    const earlier = lineOfKey.get(key);
    if (earlier !== undefined) {
      report.errors.push({
        line,
        column: "CODGRADE",
        message: `A série ${row.fields.codgrade} do período ${row.CODPERLET} já aparece na linha ${earlier} do arquivo.`,
      });
      continue;
    }
    lineOfKey.set(key, line);
    checked.push(row);
  }
  if (report.errors.length > 0) return { report, writes: [] };

  const writes: Write[] = [];
  const periods = new Map<string, { grades: Map<string, GradeRow>; next: number }>();
  for (const period of new Set(checked.map((row) => row.CODPERLET))) {
    const grades = await periodGrades(db, storeId, period);
    periods.set(period, {
      grades: new Map(grades.map((grade) => [grade.codgrade, grade])),
      next: await nextPosition(db, storeId, period),
    });
  }
  for (const row of checked) {
    const period = periods.get(row.CODPERLET)!;
    const grade = period.grades.get(row.fields.codgrade);
    let action: GradeImportReport["rows"][number]["action"];
    if (!grade) {
      action = "criar";
      writes.push({ kind: "create", row: { ...row, order: row.order ?? period.next++ } });
    } else {
      const changes = {
        ...(grade.course === row.fields.CURSO ? {} : { CURSO: row.fields.CURSO }),
        ...(grade.grade_name === row.fields.HABILITACAO ? {} : { HABILITACAO: row.fields.HABILITACAO }),
        ...(row.order === null || row.order === grade.position ? {} : { position: row.order }),
      };
      action = Object.keys(changes).length === 0 ? "sem mudança" : "atualizar";
      if (action === "atualizar") writes.push({ kind: "update", row, grade, changes });
    }
    report.rows.push({
      line: row.line,
      CODPERLET: row.CODPERLET,
      codgrade: row.fields.codgrade,
      HABILITACAO: row.fields.HABILITACAO,
      action,
    });
    if (action === "criar") report.creates++;
    else if (action === "atualizar") report.updates++;
    else report.unchanged++;
  }
  return { report, writes };
}

/** What an import of `csv` would do; writes nothing. */
export async function previewGradeImport(db: Db, storeId: number, csv: string): Promise<GradeImportReport> {
  return (await planImport(db, storeId, csv)).report;
}

const IMPORT_RACED = "As séries mudaram enquanto o arquivo era importado. Nada foi gravado: confira a prévia de novo.";

/**
 * Every row in one transaction, or nothing (400) when any row is wrong. Audited
 * "grades.import" with the counts (also when nothing changed: the gestor did import).
 */
export async function runGradeImport(
  db: Db,
  storeId: number,
  csv: string,
  { actor, now }: { actor: AuditActor; now: Date },
): Promise<GradeImportReport> {
  try {
    return await db.transaction().execute(async (trx) => {
      const { report, writes } = await planImport(trx, storeId, csv);
      if (report.errors.length > 0)
        throw badRequest(
          `Nada foi importado: ${counted(report.errors.length, "erro", "erros")} no arquivo. Confira a prévia.`,
        );
      for (const write of writes)
        if (write.kind === "create")
          await insertGrade(
            trx,
            storeId,
            { ...write.row.fields, CODPERLET: write.row.CODPERLET, position: write.row.order! },
            now,
          );
        else await updateGradeRow(trx, write.grade.id, write.changes, now);
      await recordAudit(
        trx,
        actor,
        {
          action: "grades.import",
          targetType: "grades",
          targetId: null,
          summary: `Importou séries por CSV: ${report.creates} criadas, ${report.updates} atualizadas, ${report.unchanged} sem mudança`,
          after: { creates: report.creates, updates: report.updates, unchanged: report.unchanged },
        },
        now,
      );
      return report;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, IMPORT_RACED);
    throw error;
  }
}

/** One period's grades, or all of them, in the import's shape: importing it back changes nothing. */
export async function exportGradesCsv(db: Db, storeId: number, period: string | undefined): Promise<string> {
  const grades = period ? await periodGrades(db, storeId, period) : await allGrades(db, storeId);
  return writeGestorCsv(
    grades.map((grade) => ({
      CODPERLET: grade.period_code,
      CODGRADE: grade.codgrade,
      CURSO: grade.course,
      HABILITACAO: grade.grade_name,
      ORDEM: grade.position,
    })),
    GRADE_CSV_COLUMNS,
  );
}
