/** The material lists' reads and writes for the gestor's Listas de material (issue 29). */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { isForSale, isPublished, LIST_COLUMNS, type ListRow } from "../../material-lists/list-view.ts";
import type { ListState, ListSummary } from "../../contract/gestor/material-lists.ts";

type Db = Kysely<Database>;

export type { ListRow };

/** A draft, published from a day still to come, or published (list-view.ts's isPublished). */
export function listState(list: Pick<ListRow, "publish_from">, now: Date): ListState {
  if (list.publish_from === null) return "rascunho";
  return isPublished(list, now) ? "publicada" : "agendada";
}

export function findList(db: Db, storeId: number, listId: string): Promise<ListRow | undefined> {
  return db
    .selectFrom("material_lists")
    .select(LIST_COLUMNS)
    .where("store_id", "=", storeId)
    .where("id", "=", listId)
    .executeTakeFirst();
}

export function findListOfGrade(db: Db, storeId: number, period: string, codgrade: string) {
  return db
    .selectFrom("material_lists")
    .select(LIST_COLUMNS)
    .where("store_id", "=", storeId)
    .where("period_code", "=", period)
    .where("codgrade", "=", codgrade)
    .executeTakeFirst();
}

export function periodLists(db: Db, storeId: number, period: string): Promise<ListRow[]> {
  return db
    .selectFrom("material_lists")
    .select(LIST_COLUMNS)
    .where("store_id", "=", storeId)
    .where("period_code", "=", period)
    .execute();
}

/** The periods that have grades or lists, newest first, with how many lists each has. */
export async function listPeriods(db: Db, storeId: number) {
  const [lists, grades] = await Promise.all([
    db
      .selectFrom("material_lists")
      .select(["period_code", (eb) => eb.fn.countAll<string | number>().as("count")])
      .where("store_id", "=", storeId)
      .groupBy("period_code")
      .execute(),
    db.selectFrom("series").select("period_code").distinct().where("store_id", "=", storeId).execute(),
  ]);
  const counts = new Map(lists.map((row) => [row.period_code, Number(row.count)]));
  return [...new Set([...counts.keys(), ...grades.map((row) => row.period_code)])]
    .sort()
    .reverse()
    .map((period) => ({ CODPERLET: period, listCount: counts.get(period) ?? 0 }));
}

/** A line with what the gestor reads of its product. */
export interface LineRow {
  id: string;
  list_id: string;
  product_id: string;
  position: number;
  quantity: number;
  required: number;
  collective_use: number;
  note: string | null;
  item_totvs_id: number;
  title: string;
  option_name: string | null;
  status: "enabled" | "disabled";
  visible: number;
  category_status: "enabled" | "disabled";
  category_visible: number;
  /** How many of the product's sizes are active (0 for a product without sizes). */
  active_sizes: number;
}

/** The lines of `listIds`, each list's in order. */
export async function linesOf(db: Db, listIds: readonly string[]): Promise<LineRow[]> {
  if (listIds.length === 0) return [];
  const rows = await db
    .selectFrom("material_list_lines as l")
    .innerJoin("products as p", "p.id", "l.product_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select([
      "l.id",
      "l.list_id",
      "l.product_id",
      "l.position",
      "l.quantity",
      "l.required",
      "l.collective_use",
      "l.note",
      "p.item_totvs_id",
      "p.title",
      "p.option_name",
      "p.status",
      "p.visible",
      "c.status as category_status",
      "c.visible as category_visible",
      (eb) =>
        eb
          .selectFrom("product_variants as v")
          .select((count) => count.fn.countAll().as("n"))
          .whereRef("v.product_id", "=", "p.id")
          .where("v.active", "=", 1)
          .as("active_sizes"),
    ])
    .where("l.list_id", "in", listIds)
    .orderBy("l.list_id")
    .orderBy("l.position")
    .execute();
  return rows.map((row) => ({ ...row, active_sizes: Number(row.active_sizes ?? 0) }));
}

/** Parents cannot buy the line's product now: list-view.ts's `unavailable`, the same rule (isForSale). */
export const isOffSale = (line: LineRow) => !isForSale(line, line.active_sizes);

export function summaryOf(list: ListRow, lines: readonly LineRow[], now: Date): ListSummary {
  const own = lines.filter((line) => line.list_id === list.id);
  return {
    id: list.id,
    state: listState(list, now),
    publishFrom: list.publish_from,
    discountPercentage: list.discount_percentage,
    lineCount: own.length,
    collectiveUseCount: own.filter((line) => line.collective_use === 1).length,
    requiredCollectiveUseCount: own.filter((line) => line.collective_use === 1 && line.required === 1).length,
    updatedAt: list.updated_at,
  };
}

/**
 * The list's row, taken for this transaction: the first write of every change, so two tabs
 * editing one list wait for each other (PostgreSQL's row lock; SQLite's one writer) and the
 * positions each renumbers are never interleaved. It also bumps `updated_at`.
 */
export async function takeList(db: Db, storeId: number, listId: string, now: Date): Promise<ListRow | undefined> {
  const taken = await db
    .updateTable("material_lists")
    .set({ updated_at: now.toISOString() })
    .where("store_id", "=", storeId)
    .where("id", "=", listId)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) return undefined;
  return findList(db, storeId, listId);
}

/**
 * The list's row locked for this transaction as takeList does, but leaving `updated_at` as it
 * is: the import holds every list its file names before reading their lines, and bumps only
 * those it changes. False when the list is gone.
 */
export async function holdList(db: Db, storeId: number, listId: string): Promise<boolean> {
  const held = await db
    .updateTable("material_lists")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("store_id", "=", storeId)
    .where("id", "=", listId)
    .executeTakeFirst();
  return Number(held.numUpdatedRows) > 0;
}

export async function insertList(
  db: Db,
  storeId: number,
  list: { period: string; codgrade: string; notice?: string | null },
  now: Date,
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("material_lists")
    .values({
      id,
      store_id: storeId,
      period_code: list.period,
      codgrade: list.codgrade,
      notice: list.notice ?? null,
      publish_from: null,
      discount_percentage: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  return id;
}

export interface NewLine {
  product_id: string;
  quantity: number;
  required: boolean;
  collective_use: boolean;
  note: string | null;
}

/** Lines after the list's last, in the order given. */
export async function appendLines(db: Db, listId: string, lines: readonly NewLine[]): Promise<string[]> {
  if (lines.length === 0) return [];
  const row = await db
    .selectFrom("material_list_lines")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("list_id", "=", listId)
    .executeTakeFirst();
  const last = Number(row?.last ?? 0);
  const ids = lines.map(() => crypto.randomUUID());
  await db
    .insertInto("material_list_lines")
    .values(
      lines.map((line, index) => ({
        id: ids[index]!,
        list_id: listId,
        product_id: line.product_id,
        position: last + index + 1,
        quantity: line.quantity,
        required: line.required ? 1 : 0,
        collective_use: line.collective_use ? 1 : 0,
        note: line.note,
      })),
    )
    .execute();
  return ids;
}

/** Positions 1…n in the order of `lineIds` (the list's lines, in their new order). */
export async function renumber(db: Db, lines: readonly Pick<LineRow, "id" | "position">[]): Promise<void> {
  for (const [index, line] of lines.entries())
    if (line.position !== index + 1)
      await db
        .updateTable("material_list_lines")
        .set({ position: index + 1 })
        .where("id", "=", line.id)
        .execute();
}

/** What an item code names in the store: a product, a size of one, or nothing. */
export type ItemLookup =
  | { kind: "product"; productId: string; title: string; status: "enabled" | "disabled" }
  | { kind: "variant"; value: string; title: string; productCode: number }
  | { kind: "unknown" };

export async function lookUpItems(db: Db, storeId: number, codes: readonly number[]): Promise<Map<number, ItemLookup>> {
  const found = new Map<number, ItemLookup>(codes.map((code) => [code, { kind: "unknown" }]));
  if (codes.length === 0) return found;
  for (let start = 0; start < codes.length; start += 500) {
    const chunk = codes.slice(start, start + 500);
    const [products, variants] = await Promise.all([
      db
        .selectFrom("products")
        .select(["id", "item_totvs_id", "title", "status"])
        .where("store_id", "=", storeId)
        .where("item_totvs_id", "in", chunk)
        .execute(),
      db
        .selectFrom("product_variants as v")
        .innerJoin("products as p", "p.id", "v.product_id")
        .select(["v.item_totvs_id", "v.value", "p.title", "p.item_totvs_id as product_code"])
        .where("v.store_id", "=", storeId)
        .where("v.item_totvs_id", "in", chunk)
        .execute(),
    ]);
    for (const variant of variants)
      found.set(variant.item_totvs_id, {
        kind: "variant",
        value: variant.value,
        title: variant.title,
        productCode: variant.product_code,
      });
    for (const product of products)
      found.set(product.item_totvs_id, {
        kind: "product",
        productId: product.id,
        title: product.title,
        status: product.status,
      });
  }
  return found;
}
