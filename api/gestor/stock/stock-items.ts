/**
 * What Estoque reads (api/contract/gestor/stock.ts): the tracked items of the person's units,
 * each with what it is (the product, or the product and the size whose code it is), how much
 * pending sales hold of it and its last movement, and one item's ledger. A level names an item
 * code; the code is a product's own or a variant's (decision 0067), never both.
 */
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  LOW_STOCK_THRESHOLD,
  type GestorStockItem,
  type GestorStockMovement,
  type StockFilters,
} from "../../contract/gestor/stock.ts";
import { GESTOR_PAGE_SIZE, paging } from "../../contract/gestor/paging.ts";
import { LIVE_WAITING_STATUSES } from "../../stock/waiting-list.ts";
import { unitsOf, type StaffScope } from "../staff/staff-scope.ts";

type Db = Kysely<Database>;

/** Sales that took stock and may still be paid (a paid sale's pieces are sold, not held). */
const WAITING_STATUSES = ["processing", "pending"] as const;

/** The levels of the store with their product (directly, or through the size whose code they are). */
function levelsWithProducts(db: Db, storeId: number) {
  return db
    .selectFrom("stock_levels as s")
    .leftJoin("product_variants as v", (join) =>
      join.onRef("v.store_id", "=", "s.store_id").onRef("v.item_totvs_id", "=", "s.item_totvs_id"),
    )
    .leftJoin("products as p", (join) =>
      join
        .onRef("p.store_id", "=", "s.store_id")
        .on((eb) =>
          eb.or([
            eb("p.id", "=", eb.ref("v.product_id")),
            eb.and([eb("v.id", "is", null), eb("p.item_totvs_id", "=", eb.ref("s.item_totvs_id"))]),
          ]),
        ),
    )
    .leftJoin("categories as c", "c.id", "p.category_id")
    .where("s.store_id", "=", storeId);
}

type LevelsQuery = ReturnType<typeof levelsWithProducts>;

const heldBySales = (eb: ExpressionBuilder<Database & { s: Database["stock_levels"] }, "s">) =>
  eb
    .selectFrom("sale_bag_items as i")
    .innerJoin("sale_bags as b", "b.id", "i.sale_bag_id")
    .innerJoin("sales as sa", "sa.id", "b.sale_id")
    .select((inner) => inner.fn.coalesce(inner.fn.sum<number | string>("i.stock_taken"), sql<number>`0`).as("held"))
    .whereRef("sa.store_id", "=", "s.store_id")
    .whereRef("i.unit_code", "=", "s.unit_code")
    .whereRef("i.item_totvs_id", "=", "s.item_totvs_id")
    .where("i.stock_returned_at", "is", null)
    .where("i.stock_taken", ">", 0)
    .where("sa.status", "in", [...WAITING_STATUSES]);

const lastMovement = (eb: ExpressionBuilder<Database & { s: Database["stock_levels"] }, "s">) =>
  eb
    .selectFrom("stock_movements as m")
    .select((inner) => inner.fn.max("m.at").as("at"))
    .whereRef("m.store_id", "=", "s.store_id")
    .whereRef("m.unit_code", "=", "s.unit_code")
    .whereRef("m.item_totvs_id", "=", "s.item_totvs_id");

const inWaitingList = (eb: ExpressionBuilder<Database & { s: Database["stock_levels"] }, "s">) =>
  eb
    .selectFrom("waiting_list_entries as w")
    .select((inner) => inner.fn.countAll<number | string>().as("waiting"))
    .whereRef("w.store_id", "=", "s.store_id")
    .whereRef("w.unit_code", "=", "s.unit_code")
    .whereRef("w.item_totvs_id", "=", "s.item_totvs_id")
    .where("w.status", "in", LIVE_WAITING_STATUSES);

function selectItem(query: LevelsQuery) {
  return query.select((eb) => [
    "s.unit_code",
    "s.item_totvs_id",
    "s.available",
    "p.id as product_id",
    "p.title",
    "p.option_name",
    "v.value as option_value",
    "v.position as option_position",
    "c.title as category_title",
    "p.capacity",
    heldBySales(eb).as("held"),
    inWaitingList(eb).as("waiting"),
    lastMovement(eb).as("last_movement_at"),
  ]);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItem>["executeTakeFirstOrThrow"]>>;

function gestorStockItem(row: ItemRow): GestorStockItem {
  return {
    unitCode: row.unit_code,
    itemTOTVSId: row.item_totvs_id,
    productId: row.product_id,
    title: row.title,
    optionName: row.option_value === null ? null : row.option_name,
    optionValue: row.option_value,
    categoryTitle: row.category_title,
    capacity: row.capacity,
    available: row.available,
    // PostgreSQL's SUM is a bigint, read as text.
    held: Number(row.held ?? 0),
    waiting: Number(row.waiting ?? 0),
    lastMovementAt: row.last_movement_at ?? null,
  };
}

/** The person's units and the filters, as conditions on the levels. */
function filtered(query: LevelsQuery, filters: StockFilters, scope: StaffScope): LevelsQuery {
  const units = unitsOf(scope);
  let narrowed = query;
  if (units) narrowed = narrowed.where("s.unit_code", "in", [...units]);
  if (filters.unitCode) narrowed = narrowed.where("s.unit_code", "=", filters.unitCode);
  if (filters.categoryId) narrowed = narrowed.where("p.category_id", "=", filters.categoryId);
  if (filters.option) narrowed = narrowed.where("v.value", "=", filters.option);
  if (filters.low) narrowed = narrowed.where("s.available", "<=", LOW_STOCK_THRESHOLD);
  if (filters.full) narrowed = narrowed.where("s.available", "=", 0).where("p.capacity", "is not", null);
  return narrowed;
}

const inListOrder = <Q extends ReturnType<typeof selectItem>>(query: Q) =>
  query.orderBy("s.unit_code").orderBy("p.title").orderBy("v.position").orderBy("s.item_totvs_id");

async function countOf(query: LevelsQuery): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listStockItems(db: Db, storeId: number, filters: StockFilters, page: number, scope: StaffScope) {
  const query = filtered(levelsWithProducts(db, storeId), filters, scope);
  const total = await countOf(query);
  const { offset, pageCount, page: current } = paging(page, total);
  const rows = await inListOrder(selectItem(query)).limit(GESTOR_PAGE_SIZE).offset(offset).execute();
  const categories = await db
    .selectFrom("categories")
    .select(["id", "title"])
    .where("store_id", "=", storeId)
    .orderBy("position")
    .orderBy("title")
    .execute();
  return { rows: rows.map(gestorStockItem), page: current, pageCount, total, categories };
}

/** Every row the filters find, for the CSV. */
export async function allStockItems(db: Db, storeId: number, filters: StockFilters, scope: StaffScope) {
  const rows = await inListOrder(selectItem(filtered(levelsWithProducts(db, storeId), filters, scope))).execute();
  return rows.map(gestorStockItem);
}

/** The Painel's counts: items with low stock, and full classes. */
export async function stockSummary(db: Db, storeId: number, scope: StaffScope) {
  const base = levelsWithProducts(db, storeId);
  return {
    lowStock: await countOf(filtered(base, { low: "1" }, scope)),
    fullClasses: await countOf(filtered(base, { full: "1" }, scope)),
  };
}

/** One tracked item of the person's units, or undefined (another unit's is not found either). */
export async function findStockItem(
  db: Db,
  storeId: number,
  unitCode: string,
  itemTotvsId: number,
  scope: StaffScope,
): Promise<GestorStockItem | undefined> {
  const row = await selectItem(
    filtered(levelsWithProducts(db, storeId), {}, scope)
      .where("s.unit_code", "=", unitCode)
      .where("s.item_totvs_id", "=", itemTotvsId),
  ).executeTakeFirst();
  return row ? gestorStockItem(row) : undefined;
}

/** An item's ledger, newest first, a page: who (staff member) or what (the sale) moved it. */
export async function stockMovements(db: Db, storeId: number, unitCode: string, itemTotvsId: number, page: number) {
  const base = db
    .selectFrom("stock_movements as m")
    .where("m.store_id", "=", storeId)
    .where("m.unit_code", "=", unitCode)
    .where("m.item_totvs_id", "=", itemTotvsId);
  const { n } = await base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const total = Number(n);
  const { offset, pageCount, page: current } = paging(page, total);
  const rows = await base
    .leftJoin("staff as st", "st.id", "m.staff_id")
    .leftJoin("sales as sa", "sa.id", "m.sale_id")
    .select([
      "m.id",
      "m.at",
      "m.delta",
      "m.reason",
      "m.note",
      "m.sale_id",
      "st.name as staff_name",
      "sa.reference_code",
    ])
    .orderBy("m.at", "desc")
    .orderBy("m.id")
    .limit(GESTOR_PAGE_SIZE)
    .offset(offset)
    .execute();
  const movements: GestorStockMovement[] = rows.map((row) => ({
    id: row.id,
    at: row.at,
    delta: row.delta,
    reason: row.reason,
    note: row.note,
    staffName: row.staff_name,
    saleId: row.sale_id,
    saleReferenceCode: row.reference_code,
  }));
  return { rows: movements, page: current, pageCount, total };
}

/** What an item code is in a unit: a product's own code, or one of its sizes'. */
export async function itemOfUnit(db: Db, storeId: number, unitCode: string, itemTotvsId: number) {
  const variant = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select(["p.title", "p.unit_code", "v.value"])
    .where("v.store_id", "=", storeId)
    .where("v.item_totvs_id", "=", itemTotvsId)
    .executeTakeFirst();
  if (variant)
    return variant.unit_code === unitCode
      ? { kind: "variant" as const, title: `${variant.title} (${variant.value})` }
      : null;
  const product = await db
    .selectFrom("products as p")
    .select((eb) => [
      "p.title",
      "p.unit_code",
      "p.capacity",
      eb
        .exists(eb.selectFrom("product_variants as v").select("v.id").whereRef("v.product_id", "=", "p.id"))
        .as("has_sizes"),
    ])
    .where("p.store_id", "=", storeId)
    .where("p.item_totvs_id", "=", itemTotvsId)
    .executeTakeFirst();
  if (!product || product.unit_code !== unitCode) return null;
  // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
  const hasSizes = Number(product.has_sizes) === 1;
  if (hasSizes) return { kind: "model" as const, title: product.title };
  // A course's or event's seats follow its capacity (the product form), not a count typed here.
  return { kind: product.capacity !== null ? ("class" as const) : ("product" as const), title: product.title };
}
