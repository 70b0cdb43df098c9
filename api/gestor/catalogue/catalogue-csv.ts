/**
 * The products' CSV, in the shape a school's ERP exports (docs/decisions/0032-catalogue-editing.md):
 * semicolon-separated, reais with a decimal comma, UTF-8 with or without a BOM, a header row of
 * PRODUCT_CSV_COLUMNS, then the options' columns (OPTION_CSV_COLUMNS, optional). A preview and an import run the same work in one transaction: the
 * preview always rolls it back; the import commits it only when no row has an error, so an
 * import with one bad row writes nothing.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  CATALOGUE_CSV_COLUMNS,
  OPTION_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  type ImportReport,
} from "../../contract/gestor/catalogue.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { readGestorCsv, writeGestorCsv } from "../csv-file.ts";
import {
  allProductsText,
  changedFields,
  checkProductFields,
  findProductRow,
  ProductFieldError,
  writeProduct,
} from "./catalogue-products.ts";
import { catalogueCsvRows, checkProductRowExtras, importOptionRow, productRowExtras } from "./catalogue-csv-options.ts";
import { followCapacity } from "./course-capacity.ts";
import { productExtrasText, writeProductExtras } from "./product-options.ts";

/** More rows than a school's catalogue holds: a file past this is a mistake. */
export const CSV_MAX_ROWS = 5000;

/** The file's rows by header, or the errors that stop reading it at all (line 1: the header). */
export const readProductCsv = (csv: string) =>
  readGestorCsv(csv, {
    columns: PRODUCT_CSV_COLUMNS,
    optionalColumns: Object.values(OPTION_CSV_COLUMNS),
    maxRows: CSV_MAX_ROWS,
    rowNoun: { one: "produto", many: "produtos" },
  });

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
      const count = (action: ImportReport["rows"][number]["action"]) => {
        if (action === "criar") report.creates++;
        else if (action === "atualizar") report.updates++;
        else report.unchanged++;
      };
      const refuse = (line: number, errors: readonly ProductFieldError[]) =>
        report.errors.push(...errors.map((error) => ({ line, column: error.column, message: error.message })));
      // A code twice in one file (products and options alike): which row should win is the
      // gestor's to say, not ours.
      const repeated = (line: number, code: number) => {
        const earlier = lineOfCode.get(code);
        if (earlier !== undefined)
          refuse(line, [
            new ProductFieldError("itemTOTVSId", `O código ${code} já aparece na linha ${earlier} do arquivo.`),
          ]);
        else lineOfCode.set(code, line);
        return earlier !== undefined;
      };
      const positions = new Map<string, number>();
      const nextPosition = (productId: string) => {
        const position = positions.get(productId) ?? 0;
        positions.set(productId, position + 1);
        return position;
      };
      const movement = { staffId: actor.kind === "staff" ? actor.staffId : null, at: now.toISOString() };
      for (const { line, values } of read.rows) {
        const summary = { line, itemTOTVSId: values.itemTOTVSId ?? "", NOME: values.NOME ?? "" };
        try {
          if ((values[OPTION_CSV_COLUMNS.parent] ?? "").trim() !== "") {
            const code = Number(values.itemTOTVSId);
            if (Number.isInteger(code) && repeated(line, code)) continue;
            const option = await importOptionRow(trx, storeId, values, nextPosition, now);
            if ("errors" in option) refuse(line, option.errors);
            else {
              report.rows.push({ ...summary, NOME: option.title, action: option.action });
              count(option.action);
            }
            continue;
          }
          const checked = checkProductFields(values);
          if (checked.errors) {
            refuse(line, checked.errors);
            continue;
          }
          if (repeated(line, checked.fields.itemTOTVSId)) continue;
          const existing = await findProductRow(trx, storeId, { itemTOTVSId: checked.fields.itemTOTVSId });
          const extras = productRowExtras(values, existing);
          if (extras.errors) {
            refuse(line, extras.errors);
            continue;
          }
          const refused = await checkProductRowExtras(trx, existing?.id, extras.extras, checked.fields.TIPO);
          if (refused) {
            refuse(line, [refused]);
            continue;
          }
          const written = await writeProduct(trx, storeId, checked.fields, existing, { now });
          await writeProductExtras(trx, written.id, extras.extras);
          await followCapacity(
            trx,
            storeId,
            existing,
            { ...checked.fields, capacity: extras.extras.capacity },
            movement,
          );
          const extrasAfter = productExtrasText({
            id: written.id,
            option_name: extras.extras.optionName ?? null,
            size_chart: extras.extras.sizeChart ? JSON.stringify(extras.extras.sizeChart) : null,
            capacity: extras.extras.capacity ?? null,
          });
          const action = written.created
            ? "criar"
            : changedFields(
                  { ...written.before!, ...productExtrasText(existing!) },
                  { ...written.after, ...extrasAfter },
                ).changed
              ? "atualizar"
              : "sem mudança";
          report.rows.push({ ...summary, action });
          count(action);
        } catch (error) {
          if (!(error instanceof ProductFieldError)) throw error;
          refuse(line, [error]);
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
  return writeGestorCsv(await catalogueCsvRows(db, storeId, await allProductsText(db, storeId)), CATALOGUE_CSV_COLUMNS);
}
