/**
 * The material lists' CSV (issue 29): CODPERLET;CODGRADE;ITEM;QUANTIDADE;OBRIGATORIO;USO_COLETIVO;OBSERVACAO;ORDEM,
 * one row per line, read and written as the other gestor files (api/gestor/csv-file.ts). The
 * rows of one (CODPERLET, CODGRADE) are that list's lines, all of them: a line the file leaves
 * out is removed, a list the file does not name is left as it is, a list it names that does not
 * exist is created as a draft. Publish date and discount are not in the file (the list's page
 * sets them). A line is matched by its product, so its id (and a parent's open page) survives an
 * import that only changes it. The preview writes nothing; the import plans again inside its
 * transaction, holding every list it names before reading their lines, and writes every list
 * or, when any row is wrong, nothing. The same file twice: the second changes nothing.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { counted } from "#core/text.ts";
import { periodCodeField } from "../../contract/catalogue.ts";
import { gradeFields } from "../../contract/gestor/grades.ts";
import { itemCodeField } from "../../contract/gestor/stock.ts";
import {
  GESTOR_LIST_MESSAGES,
  LIST_CSV_COLUMNS,
  LIST_CSV_MAX_ROWS,
  LIST_NOTE_MAX,
  MAX_LIST_LINES,
  quantityField,
  unknownItem,
  variantItem,
  type ListImportReport,
} from "../../contract/gestor/material-lists.ts";
import { ApiError, badRequest } from "../../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { readGestorCsv, writeGestorCsv, type CsvError } from "../csv-file.ts";
import { isUniqueViolation, periodGrades } from "../grades/repository.ts";
import {
  appendLines,
  holdList,
  insertList,
  linesOf,
  lookUpItems,
  periodLists,
  takeList,
  type LineRow,
  type ListRow,
} from "./repository.ts";

type Db = Kysely<Database>;

const YES_NO = "Use S (sim) ou N (não).";
const ORDER_INVALID = "Informe a ordem como um número inteiro de 1 a 999, ou deixe em branco.";

interface CheckedRow {
  line: number;
  period: string;
  codgrade: string;
  item: number;
  quantity: number;
  required: boolean;
  collectiveUse: boolean;
  note: string | null;
  order: number | null;
}

/** "S"/"N" (any case); blank is `blank`, or an error when there is none. */
function yesNo(text: string | undefined, blank?: boolean): boolean | null {
  const value = (text ?? "").trim().toUpperCase();
  if (value === "S" || value === "SIM") return true;
  if (value === "N" || value === "NAO" || value === "NÃO") return false;
  return value === "" && blank !== undefined ? blank : null;
}

function checkRow(line: number, values: Record<string, string>): CheckedRow | CsvError[] {
  const errors: CsvError[] = [];
  const field = <T>(
    column: string,
    parsed: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
  ) => {
    if (parsed.success) return parsed.data;
    errors.push({ line, column, message: parsed.error.issues[0]!.message });
    return undefined;
  };
  const period = field("CODPERLET", periodCodeField.safeParse(values.CODPERLET ?? ""));
  const codgrade = field("CODGRADE", gradeFields.shape.codgrade.safeParse(values.CODGRADE ?? ""));
  const item = field("ITEM", itemCodeField.safeParse(values.ITEM ?? ""));
  const quantity = field("QUANTIDADE", quantityField.safeParse(values.QUANTIDADE ?? ""));
  const required = yesNo(values.OBRIGATORIO);
  if (required === null) errors.push({ line, column: "OBRIGATORIO", message: YES_NO });
  const collectiveUse = yesNo(values.USO_COLETIVO, false);
  if (collectiveUse === null) errors.push({ line, column: "USO_COLETIVO", message: YES_NO });
  const note = (values.OBSERVACAO ?? "").trim();
  if (note.length > LIST_NOTE_MAX)
    errors.push({ line, column: "OBSERVACAO", message: `Use no máximo ${LIST_NOTE_MAX} caracteres.` });
  const orderText = (values.ORDEM ?? "").trim();
  const order = orderText === "" ? null : Number(orderText);
  if (order !== null && !(/^\d{1,3}$/.test(orderText) && order >= 1))
    errors.push({ line, column: "ORDEM", message: ORDER_INVALID });
  if (errors.length > 0) return errors;
  return {
    line,
    period: period!,
    codgrade: codgrade!,
    item: item!,
    quantity: quantity!,
    required: required!,
    collectiveUse: collectiveUse!,
    note: note === "" ? null : note,
    order,
  };
}

/** One list the file names: its rows in their final order, and the list as it is now. */
interface ListPlan {
  period: string;
  codgrade: string;
  list: ListRow | undefined;
  rows: (CheckedRow & { productId: string; title: string })[];
  current: LineRow[];
}

const listKey = (period: string, codgrade: string) => `${period};${codgrade}`;

/** ORDEM first (a tie or a blank keeps the file's order), blanks last. */
const byOrder = (a: CheckedRow, b: CheckedRow) => (a.order ?? 1000) - (b.order ?? 1000) || a.line - b.line;

/**
 * The file checked and compared with the lists it names. `hold` runs once the named lists are
 * known and before their lines are read (runListImport locks them there).
 */
async function planImport(db: Db, storeId: number, csv: string, hold?: (listIds: string[]) => Promise<void>) {
  const report: ListImportReport = {
    rows: [],
    removed: [],
    newLists: [],
    errors: [],
    creates: 0,
    updates: 0,
    unchanged: 0,
  };
  const read = readGestorCsv(csv, {
    columns: LIST_CSV_COLUMNS,
    maxRows: LIST_CSV_MAX_ROWS,
    rowNoun: { one: "item", many: "itens" },
  });
  if (read.errors.length > 0) return { report: { ...report, errors: read.errors }, plans: [] };
  const checked: CheckedRow[] = [];
  for (const { line, values } of read.rows) {
    const row = checkRow(line, values);
    if (Array.isArray(row)) report.errors.push(...row);
    else checked.push(row);
  }

  const items = await lookUpItems(db, storeId, [...new Set(checked.map((row) => row.item))]);
  const gradesOf = new Map<string, Set<string>>();
  for (const period of new Set(checked.map((row) => row.period)))
    gradesOf.set(period, new Set((await periodGrades(db, storeId, period)).map((grade) => grade.codgrade)));
  const plans = new Map<string, ListPlan>();
  const lineOfProduct = new Map<string, number>();
  for (const row of checked) {
    if (!gradesOf.get(row.period)!.has(row.codgrade)) {
      report.errors.push({
        line: row.line,
        column: "CODGRADE",
        message: `A série ${row.codgrade} não existe no período ${row.period}.`,
      });
      continue;
    }
    const found = items.get(row.item)!;
    if (found.kind !== "product") {
      report.errors.push({
        line: row.line,
        column: "ITEM",
        message:
          found.kind === "unknown"
            ? unknownItem(row.item)
            : variantItem(row.item, found.value, found.title, found.productCode),
      });
      continue;
    }
    const key = listKey(row.period, row.codgrade);
    const earlier = lineOfProduct.get(`${key};${found.productId}`);
    if (earlier !== undefined) {
      report.errors.push({
        line: row.line,
        column: "ITEM",
        message: `O produto "${found.title}" já aparece na linha ${earlier} para a mesma lista.`,
      });
      continue;
    }
    lineOfProduct.set(`${key};${found.productId}`, row.line);
    const plan = plans.get(key) ?? {
      period: row.period,
      codgrade: row.codgrade,
      list: undefined,
      rows: [],
      current: [],
    };
    plan.rows.push({ ...row, productId: found.productId, title: found.title });
    plans.set(key, plan);
  }
  for (const plan of plans.values())
    if (plan.rows.length > MAX_LIST_LINES)
      report.errors.push({
        line: plan.rows[MAX_LIST_LINES]!.line,
        column: "",
        message: `${GESTOR_LIST_MESSAGES.tooManyLines} (${plan.codgrade}, ${plan.period})`,
      });
  if (report.errors.length > 0) {
    report.errors.sort((a, b) => a.line - b.line);
    return { report, plans: [] };
  }

  for (const period of new Set([...plans.values()].map((plan) => plan.period)))
    for (const list of await periodLists(db, storeId, period)) {
      const plan = plans.get(listKey(period, list.codgrade));
      if (plan) plan.list = list;
    }
  const named = [...plans.values()].flatMap((plan) => (plan.list ? [plan.list.id] : []));
  // The import holds them before their lines are read: a line another tab adds meanwhile waits.
  await hold?.(named);
  const lines = await linesOf(db, named);
  for (const plan of plans.values())
    if (plan.list) plan.current = lines.filter((line) => line.list_id === plan.list!.id);
  for (const plan of plans.values()) {
    plan.rows.sort(byOrder);
    if (!plan.list) report.newLists.push({ CODPERLET: plan.period, codgrade: plan.codgrade });
    for (const [index, row] of plan.rows.entries()) {
      const current = plan.current.find((line) => line.product_id === row.productId);
      const action = !current
        ? "criar"
        : current.quantity === row.quantity &&
            current.required === Number(row.required) &&
            current.collective_use === Number(row.collectiveUse) &&
            current.note === row.note &&
            current.position === index + 1
          ? "sem mudança"
          : "atualizar";
      report.rows.push({
        line: row.line,
        CODPERLET: plan.period,
        codgrade: plan.codgrade,
        itemTOTVSId: row.item,
        title: row.title,
        action,
      });
      if (action === "criar") report.creates++;
      else if (action === "atualizar") report.updates++;
      else report.unchanged++;
    }
    for (const line of plan.current)
      if (!plan.rows.some((row) => row.productId === line.product_id))
        report.removed.push({
          CODPERLET: plan.period,
          codgrade: plan.codgrade,
          itemTOTVSId: line.item_totvs_id,
          title: line.title,
        });
  }
  report.rows.sort((a, b) => a.line - b.line);
  return { report, plans: [...plans.values()] };
}

/** What an import of `csv` would do; writes nothing. */
export async function previewListImport(db: Db, storeId: number, csv: string): Promise<ListImportReport> {
  return (await planImport(db, storeId, csv)).report;
}

/** One list's lines as the file says: changed ones updated, left-out ones removed, new ones added, then 1…n. */
async function writeList(trx: Db, storeId: number, plan: ListPlan, now: Date) {
  const listId = plan.list
    ? (await takeList(trx, storeId, plan.list.id, now))!.id
    : await insertList(trx, storeId, { period: plan.period, codgrade: plan.codgrade }, now);
  const keep = new Set(plan.rows.map((row) => row.productId));
  for (const line of plan.current)
    if (!keep.has(line.product_id)) await trx.deleteFrom("material_list_lines").where("id", "=", line.id).execute();
  for (const [index, row] of plan.rows.entries()) {
    const values = {
      quantity: row.quantity,
      required: row.required ? 1 : 0,
      collective_use: row.collectiveUse ? 1 : 0,
      note: row.note,
      position: index + 1,
    };
    const current = plan.current.find((line) => line.product_id === row.productId);
    if (current) await trx.updateTable("material_list_lines").set(values).where("id", "=", current.id).execute();
    else {
      const [id] = await appendLines(trx, listId, [
        {
          product_id: row.productId,
          quantity: row.quantity,
          required: row.required,
          collective_use: row.collectiveUse,
          note: row.note,
        },
      ]);
      await trx
        .updateTable("material_list_lines")
        .set({ position: index + 1 })
        .where("id", "=", id!)
        .execute();
    }
  }
}

const IMPORT_RACED = "As listas mudaram enquanto o arquivo era importado. Nada foi gravado: confira a prévia de novo.";

/**
 * Every list the file names, locked in one order (by id: two imports never wait for each
 * other in a circle), or a 409 when one was removed since it was read.
 */
async function holdLists(trx: Db, storeId: number, listIds: readonly string[]) {
  for (const listId of [...listIds].sort())
    if (!(await holdList(trx, storeId, listId))) throw new ApiError(409, IMPORT_RACED);
}

/**
 * Every list in one transaction, or nothing (400) when any row is wrong. A list without a
 * change is not touched (its updated_at stays). Audited "material-lists.import" with the counts.
 */
export async function runListImport(
  db: Db,
  storeId: number,
  csv: string,
  { actor, now }: { actor: AuditActor; now: Date },
): Promise<ListImportReport> {
  try {
    return await db.transaction().execute(async (trx) => {
      const { report, plans } = await planImport(trx, storeId, csv, (listIds) => holdLists(trx, storeId, listIds));
      if (report.errors.length > 0)
        throw badRequest(
          `Nada foi importado: ${counted(report.errors.length, "erro", "erros")} no arquivo. Confira a prévia.`,
        );
      const touched = new Set([
        ...report.rows.filter((row) => row.action !== "sem mudança").map((row) => listKey(row.CODPERLET, row.codgrade)),
        ...report.removed.map((line) => listKey(line.CODPERLET, line.codgrade)),
        ...report.newLists.map((list) => listKey(list.CODPERLET, list.codgrade)),
      ]);
      for (const plan of plans)
        if (touched.has(listKey(plan.period, plan.codgrade))) await writeList(trx, storeId, plan, now);
      await recordAudit(
        trx,
        actor,
        {
          action: "material-lists.import",
          targetType: "material_lists",
          targetId: null,
          summary:
            `Importou listas de material por CSV: ${report.creates} itens criados, ${report.updates} atualizados, ` +
            `${report.unchanged} sem mudança, ${report.removed.length} removidos`,
          after: {
            creates: report.creates,
            updates: report.updates,
            unchanged: report.unchanged,
            removed: report.removed.length,
            newLists: report.newLists,
          },
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

const yesNoCell = (value: number) => (value === 1 ? "S" : "N");

/** Every line of the period's lists, in the import's shape: importing it back changes nothing. */
export async function exportListsCsv(db: Db, storeId: number, period: string): Promise<string> {
  const [lists, grades] = await Promise.all([periodLists(db, storeId, period), periodGrades(db, storeId, period)]);
  const gradeOrder = (codgrade: string) => {
    const index = grades.findIndex((grade) => grade.codgrade === codgrade);
    return index === -1 ? grades.length : index;
  };
  lists.sort((a, b) => gradeOrder(a.codgrade) - gradeOrder(b.codgrade) || a.codgrade.localeCompare(b.codgrade));
  const lines = await linesOf(
    db,
    lists.map((list) => list.id),
  );
  return writeGestorCsv(
    lists.flatMap((list) =>
      lines
        .filter((line) => line.list_id === list.id)
        .map((line) => ({
          CODPERLET: list.period_code,
          CODGRADE: list.codgrade,
          ITEM: line.item_totvs_id,
          QUANTIDADE: line.quantity,
          OBRIGATORIO: yesNoCell(line.required),
          USO_COLETIVO: yesNoCell(line.collective_use),
          OBSERVACAO: line.note ?? "",
          ORDEM: line.position,
        })),
    ),
    LIST_CSV_COLUMNS,
  );
}
