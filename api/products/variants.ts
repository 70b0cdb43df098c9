import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  STOCK_COUNT_SHOWN_AT_MOST,
  type ProductVariant,
  type SizeChart,
  type StockState,
} from "../contract/catalogue.ts";
import { findStockLevels, stockKeyOf } from "../stock/repository.ts";

/** What of a product row its options, chart and stock are read from. */
export interface OptionsRow {
  id: string;
  item_totvs_id: number;
  unit_code: string;
  option_name: string | null;
  size_chart: string | null;
  capacity: number | null;
}

/** The options part of a product reply (contract/catalogue.ts, docs/decisions/0066). */
export interface ProductOptions {
  optionName: string | null;
  variants: ProductVariant[];
  sizeChart: SizeChart | null;
  stock?: StockState;
  seats?: { capacity: number; available: number } | null;
}

const cents = (value: number) => Math.round(value) / 100;

/** How a level reads on the product page: the count only when few are left. */
export function stockStateOf(available: number | undefined): StockState {
  if (available === undefined) return { status: "untracked" };
  if (available <= 0) return { status: "soldOut" };
  return { status: "available", left: available <= STOCK_COUNT_SHOWN_AT_MOST ? available : null };
}

/**
 * The chart as the gestor saved it; a value that is not a table of strings (an operator's hand
 * edit) shows no chart rather than failing the page.
 */
function parseSizeChart(text: string | null): SizeChart | null {
  if (!text) return null;
  try {
    const chart = JSON.parse(text) as unknown;
    if (
      chart &&
      typeof chart === "object" &&
      "columns" in chart &&
      "rows" in chart &&
      Array.isArray(chart.columns) &&
      chart.columns.every((cell) => typeof cell === "string") &&
      Array.isArray(chart.rows) &&
      chart.rows.every((row) => Array.isArray(row) && row.every((cell) => typeof cell === "string"))
    )
      return { columns: chart.columns as string[], rows: chart.rows as string[][] };
  } catch {
    // Not JSON: no chart, as above.
  }
  return null;
}

/**
 * The options of each product: its active variants in the gestor's order and its size chart;
 * with `withStock` (the product page only: decision 0066) also the stock of each variant, of
 * the product itself and a course's free seats, read now. Two indexed reads for any number of
 * products, a third with the stock.
 */
export async function optionsOf(
  db: Kysely<Database>,
  storeId: number,
  rows: readonly OptionsRow[],
  { withStock }: { withStock: boolean },
): Promise<Map<string, ProductOptions>> {
  const withOptions = rows.filter((row) => row.option_name !== null).map((row) => row.id);
  const variantRows =
    withOptions.length === 0
      ? []
      : await db
          .selectFrom("product_variants")
          .select(["product_id", "item_totvs_id", "value", "price_cents", "sale_price_cents"])
          .where("store_id", "=", storeId)
          .where("product_id", "in", withOptions)
          .where("active", "=", 1)
          .orderBy("position")
          .orderBy("value")
          .execute();
  const unitOf = new Map(rows.map((row) => [row.id, row.unit_code]));
  const levels = withStock
    ? await findStockLevels(db, storeId, [
        ...rows.map((row) => ({ unitCode: row.unit_code, itemTotvsId: row.item_totvs_id })),
        ...variantRows.map((v) => ({ unitCode: unitOf.get(v.product_id)!, itemTotvsId: v.item_totvs_id })),
      ])
    : new Map<string, number>();
  const level = (unitCode: string, itemTotvsId: number) => levels.get(stockKeyOf({ unitCode, itemTotvsId }));

  const variantsOf = new Map<string, ProductVariant[]>();
  for (const v of variantRows) {
    const variant: ProductVariant = { itemTOTVSId: v.item_totvs_id, value: v.value };
    if (v.price_cents !== null) variant.PRECO = cents(v.price_cents);
    if (v.sale_price_cents !== null) variant.DESCONTO = cents(v.sale_price_cents);
    if (withStock) variant.stock = stockStateOf(level(unitOf.get(v.product_id)!, v.item_totvs_id));
    variantsOf.set(v.product_id, [...(variantsOf.get(v.product_id) ?? []), variant]);
  }

  const options = new Map<string, ProductOptions>();
  for (const row of rows) {
    const variants = variantsOf.get(row.id) ?? [];
    const entry: ProductOptions = {
      optionName: row.option_name,
      variants,
      sizeChart: parseSizeChart(row.size_chart),
    };
    if (withStock) {
      const own = level(row.unit_code, row.item_totvs_id);
      // With options, the product is sold out when none can be bought (every one sold out, or
      // all switched off by the gestor); otherwise each option tells its own.
      const anyOption = variants.some((variant) => variant.stock?.status !== "soldOut");
      entry.stock =
        row.option_name === null
          ? stockStateOf(own)
          : anyOption
            ? { status: "available", left: null }
            : { status: "soldOut" };
      entry.seats = row.capacity !== null && own !== undefined ? { capacity: row.capacity, available: own } : null;
    }
    options.set(row.id, entry);
  }
  return options;
}
