import { sql, type ExpressionBuilder, type Selectable, type SelectQueryBuilder } from "kysely";
import type { Database, ProductTable } from "#db/schema.ts";
import type { Product } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { likePattern, normalizeForSearch } from "#db/search-text.ts";
import { optionsOf, type ProductOptions } from "./variants.ts";

type ProductQuery = SelectQueryBuilder<Database, "products" | "categories", ProductRow>;

/** What a product reply is made of (db/schema.ts ProductTable), with its category's title and slug. */
const PRODUCT_COLUMNS = [
  "id",
  "title",
  "slug",
  "description",
  "image",
  "item_totvs_id",
  "price_cents",
  "sale_price_cents",
  "type",
  "installments",
  "shift",
  "unit_code",
  "max_installments",
  "turn_year",
  "school_year",
  "created_at",
  "category_id",
  "option_name",
  "size_chart",
  "capacity",
] as const satisfies readonly (keyof ProductTable)[];

type ProductRow = Pick<Selectable<ProductTable>, (typeof PRODUCT_COLUMNS)[number]> & {
  category_title: string;
  category_slug: string;
};

/** Products a shopper may see: visible and enabled, in a visible and enabled category. */
function shoppableProducts({ db }: ApiDeps, storeId: number): ProductQuery {
  return db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .select(PRODUCT_COLUMNS.map((column) => `products.${column}` as const))
    .select(["categories.title as category_title", "categories.slug as category_slug"])
    .where("products.store_id", "=", storeId)
    .where("products.visible", "=", 1)
    .where("products.status", "=", "enabled")
    .where("categories.visible", "=", 1)
    .where("categories.status", "=", "enabled");
}

/**
 * The replies of those rows: their series, options and size chart; with `withStock` (the
 * product page's reply only, docs/decisions/0066) the stock and seats read now.
 */
async function withSeries(
  { db }: ApiDeps,
  storeId: number,
  rows: ProductRow[],
  { withStock = false }: { withStock?: boolean } = {},
): Promise<Product[]> {
  const seriesByProduct = new Map<string, number[]>();
  if (rows.length > 0) {
    const links = await db
      .selectFrom("product_series")
      .select(["product_id", "serie_id"])
      .where(
        "product_id",
        "in",
        rows.map((row) => row.id),
      )
      .orderBy("serie_id")
      .execute();
    for (const link of links) {
      const list = seriesByProduct.get(link.product_id) ?? [];
      list.push(link.serie_id);
      seriesByProduct.set(link.product_id, list);
    }
  }
  const options = await optionsOf(db, storeId, rows, { withStock });
  return rows.map((row) => toProduct(row, seriesByProduct.get(row.id) ?? [], options.get(row.id)!));
}

const cents = (value: number) => Math.round(value) / 100;

function toProduct(row: ProductRow, series: number[], options: ProductOptions): Product {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    image: row.image,
    itemTOTVS: row.item_totvs_id,
    categoryId: row.category_id,
    category: { id: row.category_id, title: row.category_title, slug: row.category_slug },
    PRECO: cents(row.price_cents),
    DESCONTO: cents(row.sale_price_cents),
    TIPO: row.type,
    NOME: row.title,
    TURNO: row.shift,
    PARCELAS: row.installments,
    CODCOLIGADA: row.unit_code,
    paymentPlan: {
      maxInstallments: row.max_installments,
      turnYear: row.turn_year === 1,
      schoolYear: row.school_year,
    },
    seriesTOTVSID: series,
    createdAt: row.created_at,
    ...options,
  };
}

const inSeries = (seriesIds: number[]) => (eb: ExpressionBuilder<Database, "products" | "categories">) =>
  eb.exists(
    eb
      .selectFrom("product_series")
      .select("product_series.product_id")
      .whereRef("product_series.product_id", "=", "products.id")
      .where("product_series.serie_id", "in", seriesIds),
  );

/**
 * A category's listing order, for the whole list (spec §7) and its pages (0038) alike: by title,
 * then id, so two products of the same title never swap places between two pages.
 */
const inListingOrder = (query: ProductQuery) => query.orderBy("products.title").orderBy("products.id");

export async function listProductsByCategory(
  deps: ApiDeps,
  storeId: number,
  categoryId: string,
  seriesIds: number[],
): Promise<Product[]> {
  let query = shoppableProducts(deps, storeId).where("products.category_id", "=", categoryId);
  if (seriesIds.length > 0) query = query.where(inSeries(seriesIds));
  return withSeries(deps, storeId, await inListingOrder(query).execute());
}

/** One page (from 1) of listProductsByCategory, and the category's count of products. */
export async function listProductPageOfCategory(
  deps: ApiDeps,
  storeId: number,
  categoryId: string,
  page: number,
  pageSize: number,
): Promise<{ products: Product[]; total: number }> {
  const query = shoppableProducts(deps, storeId).where("products.category_id", "=", categoryId);
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll().as("total"))
    .executeTakeFirstOrThrow();
  const rows = await inListingOrder(query)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  // PostgreSQL counts in bigint, which pg hands over as a string.
  return { products: await withSeries(deps, storeId, rows), total: Number(counted.total) };
}

/** The shoppable product with this slug in the category, or null; with its stock read now (0066). */
export async function findShoppableProductBySlug(
  deps: ApiDeps,
  storeId: number,
  categoryId: string,
  slug: string,
): Promise<Product | null> {
  const row = await shoppableProducts(deps, storeId)
    .where("products.category_id", "=", categoryId)
    .where("products.slug", "=", slug)
    .executeTakeFirst();
  return row ? ((await withSeries(deps, storeId, [row], { withStock: true }))[0] ?? null) : null;
}

export async function listProductsBySeries(deps: ApiDeps, storeId: number, seriesIds: number[]): Promise<Product[]> {
  const rows = await shoppableProducts(deps, storeId)
    .where(inSeries(seriesIds))
    .orderBy("categories.position")
    .orderBy("products.title")
    .execute();
  return withSeries(deps, storeId, rows);
}

/** The newest products of one category, at most `limit`. */
export async function listNewestProductsOfCategory(
  deps: ApiDeps,
  storeId: number,
  categoryId: string,
  limit: number,
): Promise<Product[]> {
  const rows = await shoppableProducts(deps, storeId)
    .where("products.category_id", "=", categoryId)
    .orderBy("products.created_at", "desc")
    .orderBy("products.title")
    .limit(limit)
    .execute();
  return withSeries(deps, storeId, rows);
}

export async function searchProductsByTitle(
  deps: ApiDeps,
  storeId: number,
  title: string,
  limit: number,
): Promise<Product[]> {
  const words = normalizeForSearch(title).split(" ").filter(Boolean);
  let query = shoppableProducts(deps, storeId);
  // Every word must appear, in any order: "caderno 10 materias" finds "Caderno Universitário 10 Matérias".
  for (const word of words) {
    query = query.where(sql<boolean>`products.search_text like ${likePattern(word)} escape '\\'`);
  }
  const rows = await query.orderBy("products.title").limit(limit).execute();
  return withSeries(deps, storeId, rows);
}
