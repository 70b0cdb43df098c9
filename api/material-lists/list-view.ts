/**
 * A published material list as parents read it (api/contract/material-lists.ts): the one read
 * the public page, the printable page and a student's list share. Prices and stock are read now
 * from the catalogue, never kept in the list.
 */
import { centsToReais } from "#core/money.ts";
import { todayInBrazil } from "#core/dates.ts";
import type { StoreDatabase } from "#db/client.ts";
import type { MaterialList, MaterialListLine } from "../contract/material-lists.ts";
import { findStockLevels, stockKeyOf } from "../stock/repository.ts";
import { unitFrom } from "#core/school-units.ts";
import { listUnits } from "../units/repository.ts";

/** TIPO M, the school's own teaching material: sold only by the school (issue 29). */
export const isSoldOnlyBySchool = (type: string) => type.trim().toUpperCase() === "M";

export interface ListRow {
  id: string;
  store_id: number;
  period_code: string;
  codgrade: string;
  notice: string | null;
  publish_from: string | null;
  discount_percentage: number | null;
  updated_at: string;
}

/** A list row's columns, as ListRow names them (the gestor's reads select the same). */
export const LIST_COLUMNS = [
  "id",
  "store_id",
  "period_code",
  "codgrade",
  "notice",
  "publish_from",
  "discount_percentage",
  "updated_at",
] as const;

/** Published: a publish date that today (the school's calendar day) has reached. */
export const isPublished = (list: Pick<ListRow, "publish_from">, now: Date) =>
  list.publish_from !== null && list.publish_from <= todayInBrazil(now);

/** The published list of a grade of a period, or undefined (none, a draft, or not yet). */
export async function findPublishedList(
  db: StoreDatabase,
  storeId: number,
  periodCode: string,
  codgrade: string,
  now: Date,
): Promise<ListRow | undefined> {
  return db
    .selectFrom("material_lists")
    .select(LIST_COLUMNS)
    .where("store_id", "=", storeId)
    .where("period_code", "=", periodCode)
    .where("codgrade", "=", codgrade)
    .where("publish_from", "<=", todayInBrazil(now))
    .executeTakeFirst();
}

/** What the catalogue says of a list line's product (its row joined with its category's). */
export interface CatalogueState {
  status: string;
  visible: number;
  category_status: string;
  category_visible: number;
  option_name: string | null;
}

/**
 * For sale now: the product and its category enabled and visible, and a product with sizes with
 * at least one active size (`activeSizes`). The one rule for the parents' list (`unavailable`),
 * the gestor's warning (`offSale`) and the list discount, which excuses such a line (0072).
 */
export const isForSale = (product: CatalogueState, activeSizes: number) =>
  product.status === "enabled" &&
  product.visible === 1 &&
  product.category_status === "enabled" &&
  product.category_visible === 1 &&
  (product.option_name === null || activeSizes > 0);

/** A tracked item with fewer left than the line asks for; untracked (no level) never runs out. */
const isShort = (left: number | undefined, quantity: number) => left !== undefined && left < quantity;

/**
 * Sold out for a line: each of its items (its active sizes, or the product itself), in the
 * product's unit, has fewer left than the line's quantity. The parents' list says "Esgotado";
 * the list discount excuses such a line (0072).
 */
export const isSoldOut = (levels: readonly (number | undefined)[], quantity: number) =>
  levels.length > 0 && levels.every((left) => isShort(left, quantity));

/** The grade's names for a list (HABILITACAO, CURSO); the code itself when the grade is gone. */
async function gradeOf(db: StoreDatabase, list: ListRow) {
  const grade = await db
    .selectFrom("series")
    .select(["grade_name", "course"])
    .where("store_id", "=", list.store_id)
    .where("period_code", "=", list.period_code)
    .where("codgrade", "=", list.codgrade)
    .executeTakeFirst();
  return { gradeName: grade?.grade_name ?? list.codgrade, course: grade?.course ?? "" };
}

/** Every line of the list, in order, with the product's catalogue fields, prices, sizes and stock now. */
export async function listLines(db: StoreDatabase, list: ListRow): Promise<MaterialListLine[]> {
  const rows = await db
    .selectFrom("material_list_lines as l")
    .innerJoin("products as p", "p.id", "l.product_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select([
      "l.id as line_id",
      "l.quantity",
      "l.required",
      "l.note",
      "p.id as product_id",
      "p.title",
      "p.description",
      "p.image",
      "p.slug",
      "p.type",
      "p.unit_code",
      "p.item_totvs_id",
      "p.sale_price_cents",
      "p.option_name",
      "p.status",
      "p.visible",
      "c.slug as category_slug",
      "c.status as category_status",
      "c.visible as category_visible",
    ])
    .where("l.list_id", "=", list.id)
    .orderBy("l.position")
    .execute();
  const productIds = rows.filter((row) => row.option_name !== null).map((row) => row.product_id);
  const variants =
    productIds.length === 0
      ? []
      : await db
          .selectFrom("product_variants")
          .select(["product_id", "item_totvs_id", "value", "sale_price_cents"])
          .where("product_id", "in", productIds)
          .where("active", "=", 1)
          .orderBy("product_id")
          .orderBy("position")
          .execute();
  const items = [
    ...rows.filter((row) => row.option_name === null).map((row) => ({ row, itemTotvsId: row.item_totvs_id })),
    ...variants.map((variant) => ({
      row: rows.find((row) => row.product_id === variant.product_id)!,
      itemTotvsId: variant.item_totvs_id,
    })),
  ];
  const [levels, units] = await Promise.all([
    findStockLevels(
      db,
      list.store_id,
      items.map(({ row, itemTotvsId }) => ({ unitCode: row.unit_code, itemTotvsId })),
    ),
    listUnits(db, list.store_id),
  ]);
  const left = (unitCode: string, itemTotvsId: number) => levels.get(stockKeyOf({ unitCode, itemTotvsId }));
  return rows.map((row) => {
    const sized = row.option_name !== null;
    const options = variants
      .filter((variant) => variant.product_id === row.product_id)
      .map((variant) => ({
        itemTOTVSId: variant.item_totvs_id,
        value: variant.value,
        price: centsToReais(variant.sale_price_cents ?? row.sale_price_cents),
        soldOut: isSoldOut([left(row.unit_code, variant.item_totvs_id)], row.quantity),
      }));
    return {
      lineId: row.line_id,
      quantity: row.quantity,
      required: row.required === 1,
      note: row.note,
      productId: row.product_id,
      title: row.title,
      description: row.description,
      image: row.image,
      categorySlug: row.category_slug,
      productSlug: row.slug,
      type: row.type,
      schoolOnly: isSoldOnlyBySchool(row.type),
      unitCode: row.unit_code,
      unitName: unitFrom(units, row.unit_code).name,
      price: centsToReais(row.sale_price_cents),
      itemTOTVSId: sized ? null : row.item_totvs_id,
      optionName: sized ? row.option_name : null,
      options,
      soldOut: isSoldOut(
        sized
          ? options.map((option) => left(row.unit_code, option.itemTOTVSId))
          : [left(row.unit_code, row.item_totvs_id)],
        row.quantity,
      ),
      unavailable: !isForSale(row, options.length),
    };
  });
}

/** The list as parents read it: its grade's names and every line. */
export async function listView(db: StoreDatabase, list: ListRow): Promise<MaterialList> {
  const [grade, lines] = await Promise.all([gradeOf(db, list), listLines(db, list)]);
  return {
    id: list.id,
    periodCode: list.period_code,
    codgrade: list.codgrade,
    ...grade,
    notice: list.notice,
    publishFrom: list.publish_from ?? "",
    discountPercentage: list.discount_percentage,
    updatedAt: list.updated_at,
    lines,
  };
}
