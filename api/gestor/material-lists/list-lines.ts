/**
 * A material list's lines (issue 29; docs/decisions/0074-gestor-material-lists.md): added by the
 * product's own item code (never a size's), once per product, edited, moved one place and
 * removed. Each change takes the list's row first (takenList), so two tabs keep positions 1…n.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  GESTOR_LIST_MESSAGES,
  MAX_LIST_LINES,
  productTwice,
  unknownItem,
  variantItem,
  type ListLineFields,
  type NewListLineFields,
} from "../../contract/gestor/material-lists.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, badRequest, notFound } from "../../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { appendLines, linesOf, lookUpItems, renumber } from "./repository.ts";
import { listLabel, takenList } from "./service.ts";

type Db = Kysely<Database>;

/** The product an item code names, or the Portuguese refusal (unknown, or a size's code). */
async function productOfItem(db: Db, storeId: number, code: number) {
  const found = (await lookUpItems(db, storeId, [code])).get(code)!;
  if (found.kind === "unknown") throw badRequest(unknownItem(code));
  if (found.kind === "variant") throw badRequest(variantItem(code, found.value, found.title, found.productCode));
  return found;
}

const lineValues = (fields: ListLineFields) => ({
  quantity: fields.quantity,
  required: fields.required,
  collective_use: fields.collectiveUse,
  note: fields.note ?? null,
});

export async function addLine(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  listId: string,
  fields: NewListLineFields,
): Promise<string> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const list = await takenList(trx, storeId, listId, now);
    const product = await productOfItem(trx, storeId, fields.item);
    const lines = await linesOf(trx, [listId]);
    if (lines.some((line) => line.product_id === product.productId))
      throw new ApiError(409, productTwice(product.title));
    if (lines.length >= MAX_LIST_LINES) throw badRequest(GESTOR_LIST_MESSAGES.tooManyLines);
    const [id] = await appendLines(trx, listId, [{ product_id: product.productId, ...lineValues(fields) }]);
    await recordAudit(
      trx,
      actor,
      {
        action: "material-list.add-line",
        targetType: "material_list",
        targetId: listId,
        summary: `Incluiu ${product.title} (${fields.item}) em ${listLabel(list)}`,
        after: { item: fields.item, ...lineValues(fields) },
      },
      now,
    );
    return id!;
  });
}

/** The line of the taken list, or 404. */
async function lineOf(trx: Db, listId: string, lineId: string) {
  const lines = await linesOf(trx, [listId]);
  const line = lines.find((row) => row.id === lineId);
  if (!line) throw notFound(GESTOR_LIST_MESSAGES.lineNotFound);
  return { line, lines };
}

export async function updateLine(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  listId: string,
  lineId: string,
  fields: ListLineFields,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const list = await takenList(trx, storeId, listId, now);
    const { line } = await lineOf(trx, listId, lineId);
    const before = {
      quantity: line.quantity,
      required: line.required === 1,
      collective_use: line.collective_use === 1,
      note: line.note,
    };
    const after = lineValues(fields);
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) => after[key] !== before[key]);
    if (changed.length === 0) return;
    await trx
      .updateTable("material_list_lines")
      .set({
        quantity: after.quantity,
        required: after.required ? 1 : 0,
        collective_use: after.collective_use ? 1 : 0,
        note: after.note,
      })
      .where("id", "=", lineId)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "material-list.update-line",
        targetType: "material_list",
        targetId: listId,
        summary: `Alterou ${line.title} (${line.item_totvs_id}) em ${listLabel(list)}`,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      },
      now,
    );
  });
}

/** One place up or down; at the top (or the bottom) nothing changes. The list is numbered 1…n again. */
export async function moveLine(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  listId: string,
  lineId: string,
  direction: "up" | "down",
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const list = await takenList(trx, storeId, listId, now);
    const { line, lines } = await lineOf(trx, listId, lineId);
    const from = lines.indexOf(line);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= lines.length) return;
    const order = [...lines];
    [order[from], order[to]] = [order[to]!, order[from]!];
    await renumber(trx, order);
    await recordAudit(
      trx,
      actor,
      {
        action: "material-list.move-line",
        targetType: "material_list",
        targetId: listId,
        summary: `Moveu ${line.title} para a posição ${to + 1} de ${listLabel(list)}`,
        before: { position: from + 1 },
        after: { position: to + 1 },
      },
      now,
    );
  });
}

export async function removeLine(deps: ApiDeps, actor: AuditActor, storeId: number, listId: string, lineId: string) {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const list = await takenList(trx, storeId, listId, now);
    const { line, lines } = await lineOf(trx, listId, lineId);
    await trx.deleteFrom("material_list_lines").where("id", "=", lineId).execute();
    await renumber(
      trx,
      lines.filter((row) => row.id !== lineId),
    );
    await recordAudit(
      trx,
      actor,
      {
        action: "material-list.remove-line",
        targetType: "material_list",
        targetId: listId,
        summary: `Tirou ${line.title} (${line.item_totvs_id}) de ${listLabel(list)}`,
        before: { item: line.item_totvs_id, quantity: line.quantity, required: line.required === 1, note: line.note },
      },
      now,
    );
  });
}
