/**
 * The products' CSV, in the shape a school's ERP exports (docs/decisions/0032-catalogue-editing.md):
 * semicolon-separated, reais with a decimal comma, UTF-8 with or without a BOM, a header row of
 * PRODUCT_CSV_COLUMNS. A preview and an import run the same work in one transaction: the
 * preview always rolls it back; the import commits it only when no row has an error, so an
 * import with one bad row writes nothing.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { PRODUCT_CSV_COLUMNS, type ImportError, type ImportReport } from "../../contract/gestor/catalogue.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { cellFromSpreadsheet, NEUTRALISE_FORMULAS } from "../spreadsheet-cells.ts";
import {
  allProductsText,
  changedFields,
  checkProductFields,
  findProductRow,
  ProductFieldError,
  writeProduct,
} from "./catalogue-products.ts";

/** More rows than a school's catalogue holds: a file past this is a mistake. */
export const CSV_MAX_ROWS = 5000;

interface CsvRow {
  line: number;
  values: Record<string, string>;
}

/** The file's rows by header, or the errors that stop reading it at all (line 1: the header). */
export function readProductCsv(csv: string): { rows: CsvRow[]; errors: ImportError[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, {
      delimiter: ";",
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { rows: [], errors: [{ line, column: "", message: "O arquivo não é um CSV legível (aspas sem fechar?)." }] };
  }
  const [header, ...data] = records;
  if (!header) return { rows: [], errors: [{ line: 1, column: "", message: "O arquivo está vazio." }] };
  const names = header.record.map((name) => name.trim());
  const errors: ImportError[] = [
    ...PRODUCT_CSV_COLUMNS.filter((column) => !names.includes(column)).map((column) => ({
      line: 1,
      column,
      message: `Falta a coluna ${column} no cabeçalho.`,
    })),
    ...names
      .filter((name) => !(PRODUCT_CSV_COLUMNS as string[]).includes(name))
      .map((name) => ({ line: 1, column: name, message: `Coluna desconhecida: "${name}".` })),
  ];
  if (data.length > CSV_MAX_ROWS)
    errors.push({ line: 1, column: "", message: `O arquivo tem mais de ${CSV_MAX_ROWS} produtos.` });
  if (data.length === 0) errors.push({ line: 1, column: "", message: "O arquivo não tem nenhum produto." });
  if (errors.length > 0) return { rows: [], errors };
  const rows = data.map(({ record, info }) => ({
    line: info.lines,
    // A cell the export kept as text with an apostrophe (spreadsheet-cells.ts) comes back as it was.
    values: Object.fromEntries(names.map((name, index) => [name, cellFromSpreadsheet(record[index] ?? "")])),
  }));
  return { rows, errors: [] };
}

class RolledBack extends Error {
  readonly report: ImportReport;
  constructor(report: ImportReport) {
    super("rolled back");
    this.report = report;
  }
}

/**
 * Checks and applies every row in one transaction (a row sees the rows before it, so a code or
 * slug repeated in the file is caught). `commit` false (the preview), or any row wrong: nothing
 * stays. Committed, one audit entry "catalogue.import" with the counts.
 */
export async function importProducts(
  db: Kysely<Database>,
  storeId: number,
  csv: string,
  { commit, actor, now }: { commit: boolean; actor: AuditActor; now: Date },
): Promise<ImportReport> {
  const read = readProductCsv(csv);
  if (read.errors.length > 0) return { rows: [], errors: read.errors, creates: 0, updates: 0, unchanged: 0 };
  try {
    return await db.transaction().execute(async (trx) => {
      const report: ImportReport = { rows: [], errors: [], creates: 0, updates: 0, unchanged: 0 };
      const lineOfCode = new Map<number, number>();
      for (const { line, values } of read.rows) {
        const summary = { line, itemTOTVSId: values.itemTOTVSId ?? "", NOME: values.NOME ?? "" };
        const checked = checkProductFields(values);
        if (checked.errors) {
          report.errors.push(
            ...checked.errors.map((error) => ({ line, column: error.column, message: error.message })),
          );
          continue;
        }
        // A code twice in one file: which row should win is the gestor's to say, not ours.
        const code = checked.fields.itemTOTVSId;
        const earlier = lineOfCode.get(code);
        if (earlier !== undefined) {
          report.errors.push({
            line,
            column: "itemTOTVSId",
            message: `O código ${code} já aparece na linha ${earlier} do arquivo.`,
          });
          continue;
        }
        lineOfCode.set(code, line);
        try {
          const existing = await findProductRow(trx, storeId, { itemTOTVSId: checked.fields.itemTOTVSId });
          const written = await writeProduct(trx, storeId, checked.fields, existing, { now });
          const action = written.created
            ? "criar"
            : changedFields(written.before, written.after).changed
              ? "atualizar"
              : "sem mudança";
          report.rows.push({ ...summary, action });
          if (action === "criar") report.creates++;
          else if (action === "atualizar") report.updates++;
          else report.unchanged++;
        } catch (error) {
          if (!(error instanceof ProductFieldError)) throw error;
          report.errors.push({ line, column: error.column, message: error.message });
        }
      }
      if (!commit || report.errors.length > 0) throw new RolledBack(report);
      await recordAudit(
        trx,
        actor,
        {
          action: "catalogue.import",
          targetType: "catalogue",
          targetId: null,
          summary: `Importou produtos por CSV: ${report.creates} criados, ${report.updates} atualizados, ${report.unchanged} sem mudança`,
          after: { creates: report.creates, updates: report.updates, unchanged: report.unchanged },
        },
        now,
      );
      return report;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.report;
    throw error;
  }
}

/** The whole catalogue in the import's shape: importing it back changes nothing. */
export async function exportProductsCsv(db: Kysely<Database>, storeId: number): Promise<string> {
  const rows = await allProductsText(db, storeId);
  // The BOM lets a spreadsheet read the accents as UTF-8; the import takes it or not.
  // A product named "=HYPERLINK(…)" is text in the spreadsheet, not a formula (spreadsheet-cells.ts).
  const csv = stringify(rows, {
    header: true,
    columns: PRODUCT_CSV_COLUMNS,
    delimiter: ";",
    record_delimiter: "\r\n",
    ...NEUTRALISE_FORMULAS,
  });
  return `\uFEFF${csv}`;
}
