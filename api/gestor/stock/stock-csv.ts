/**
 * Estoque's CSV (issue 28), read and written as the other gestor files (api/gestor/csv-file.ts):
 * unidade;codigo_item;produto;opcao;disponivel. The export is the filtered list; the import sets
 * each row's "disponivel" (produto and opcao are there for the reader, and ignored), as an
 * adjust whose reason is "Importação de estoque": an item not tracked yet starts being tracked.
 * The preview compares, writing nothing; the import compares again in its transaction (a sale
 * may have taken a piece since) and writes every row or, when any row is wrong, nothing.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { counted } from "#core/text.ts";
import {
  itemCodeField,
  STOCK_CSV_COLUMNS,
  STOCK_CSV_MAX_ROWS,
  STOCK_MESSAGES,
  STOCK_IMPORT_REASON,
  type StockFilters,
  type StockImportReport,
} from "../../contract/gestor/stock.ts";
import { unitCodeField } from "../../contract/gestor/units.ts";
import { ApiError, badRequest } from "../../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { readGestorCsv, writeGestorCsv, type CsvError } from "../csv-file.ts";
import type { StaffScope } from "../staff/staff-scope.ts";
import { applyStockCount, trackableItemName } from "./adjust-stock.ts";
import { allStockItems } from "./stock-items.ts";

type Db = Kysely<Database>;

const COUNT_INVALID = "Informe o disponível como um número inteiro de 0 a 100.000.";

interface CheckedRow {
  line: number;
  unitCode: string;
  itemTOTVSId: number;
  available: number;
}

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error!.issues[0]!.message;

function checkRow(line: number, values: Record<string, string>): CheckedRow | CsvError[] {
  const errors: CsvError[] = [];
  const unit = unitCodeField.safeParse(values.unidade ?? "");
  if (!unit.success) errors.push({ line, column: "unidade", message: firstMessage(unit) });
  const item = itemCodeField.safeParse(values.codigo_item ?? "");
  if (!item.success) errors.push({ line, column: "codigo_item", message: firstMessage(item) });
  const count = (values.disponivel ?? "").trim();
  const available = /^\d{1,6}$/.test(count) ? Number(count) : NaN;
  if (!(available <= 100_000)) errors.push({ line, column: "disponivel", message: COUNT_INVALID });
  if (errors.length > 0) return errors;
  return { line, unitCode: unit.data!, itemTOTVSId: item.data as number, available };
}

/** What each row would do, or the errors; `db` is the import's transaction when it runs. */
async function planImport(db: Db, storeId: number, csv: string, scope: StaffScope) {
  const read = readGestorCsv(csv, {
    columns: STOCK_CSV_COLUMNS,
    maxRows: STOCK_CSV_MAX_ROWS,
    rowNoun: { one: "item", many: "itens" },
    ignoreHeaderCase: true,
  });
  const report: StockImportReport = { rows: [], errors: [...read.errors], creates: 0, updates: 0, unchanged: 0 };
  const writes: CheckedRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, values } of read.rows) {
    const row = checkRow(line, values);
    if (Array.isArray(row)) {
      report.errors.push(...row);
      continue;
    }
    const key = `${row.unitCode}/${row.itemTOTVSId}`;
    if (seen.has(key)) {
      report.errors.push({
        line,
        column: "codigo_item",
        message: `O item ${row.itemTOTVSId} da unidade ${row.unitCode} já está na linha ${seen.get(key)}.`,
      });
      continue;
    }
    seen.set(key, line);
    let name: string;
    let classSeats: boolean;
    try {
      ({ name, classSeats } = await trackableItemName(db, storeId, row.unitCode, row.itemTOTVSId, scope));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const outOfScope = error.status === 404 && scope.kind === "units" && !scope.unitCodes.includes(row.unitCode);
      report.errors.push({
        line,
        column: outOfScope ? "unidade" : "codigo_item",
        message: outOfScope ? "Você só pode importar o estoque das suas unidades." : error.message,
      });
      continue;
    }
    const level = await db
      .selectFrom("stock_levels")
      .select("available")
      .where("store_id", "=", storeId)
      .where("unit_code", "=", row.unitCode)
      .where("item_totvs_id", "=", row.itemTOTVSId)
      .executeTakeFirst();
    const before = level ? level.available : null;
    // The export lists classes too; their row comes back unchanged, or is refused (capacity rules).
    if (classSeats && before !== row.available) {
      report.errors.push({ line, column: "disponivel", message: STOCK_MESSAGES.classSeats });
      continue;
    }
    const action = before === null ? "criar" : before === row.available ? "sem mudança" : "atualizar";
    report.rows.push({
      line,
      unitCode: row.unitCode,
      itemTOTVSId: row.itemTOTVSId,
      title: name,
      before,
      available: row.available,
      action,
    });
    if (action === "criar") report.creates++;
    else if (action === "atualizar") report.updates++;
    else report.unchanged++;
    if (action !== "sem mudança") writes.push(row);
  }
  return { report, writes };
}

/** What an import of `csv` would do; writes nothing. */
export async function previewStockImport(db: Db, storeId: number, csv: string, scope: StaffScope) {
  return (await planImport(db, storeId, csv, scope)).report;
}

/**
 * Every row in one transaction, or nothing (400) when any row is wrong. Audited "stock.import"
 * with the counts (also when nothing changed: the person did import).
 */
export async function runStockImport(
  db: Db,
  storeId: number,
  csv: string,
  { actor, now, scope }: { actor: AuditActor; now: Date; scope: StaffScope },
): Promise<StockImportReport> {
  return db.transaction().execute(async (trx) => {
    const { report, writes } = await planImport(trx, storeId, csv, scope);
    if (report.errors.length > 0)
      throw badRequest(
        `Nada foi importado: ${counted(report.errors.length, "erro", "erros")} no arquivo. Confira a prévia.`,
      );
    const movement = {
      reason: "import" as const,
      at: now.toISOString(),
      staffId: actor.kind === "staff" ? actor.staffId : null,
      note: STOCK_IMPORT_REASON,
    };
    for (const row of writes)
      await applyStockCount(
        trx,
        { storeId, unitCode: row.unitCode, itemTotvsId: row.itemTOTVSId },
        row.available,
        movement,
      );
    await recordAudit(
      trx,
      actor,
      {
        action: "stock.import",
        targetType: "stock",
        targetId: null,
        summary: `Importou estoque por CSV: ${report.creates} começaram a ser acompanhados, ${report.updates} atualizados, ${report.unchanged} sem mudança`,
        after: { creates: report.creates, updates: report.updates, unchanged: report.unchanged },
      },
      now,
    );
    return report;
  });
}

/** The filtered list in the import's shape: importing it back changes nothing. */
export async function exportStockCsv(db: Db, storeId: number, filters: StockFilters, scope: StaffScope) {
  const items = await allStockItems(db, storeId, filters, scope);
  return writeGestorCsv(
    items.map((item) => ({
      unidade: item.unitCode,
      codigo_item: item.itemTOTVSId,
      produto: item.title ?? "",
      opcao: item.optionValue ?? "",
      disponivel: item.available,
    })),
    STOCK_CSV_COLUMNS,
  );
}
