import { sql, SqliteAdapter, type Kysely } from "kysely";
import { productSearchText } from "#db/search-text.ts";
import type { Database } from "../schema.ts";
import {
  CATEGORIES,
  FIRST_ITEM_TOTVS_ID,
  HIGHLIGHT,
  HIGHLIGHT_BANNERS,
  SERIES,
  highlightImage,
} from "./catalogue-data.ts";
import { cnpjFromBase } from "./documents.ts";
import { catalogueOfSize } from "./large-catalogue.ts";
import { seedSchoolUnits } from "./school-units.ts";
import { seedStock } from "./stock.ts";
import { PAYMENT_METHOD_CODES, PAYMENT_METHOD_NAMES } from "#core/payment-methods.ts";
import { HOME_SECTIONS_COLUMN, setSpecHomeSections } from "../migrations/0025-category-icon-and-home.ts";

export const STORE_ID = 1;

const HOUR_MS = 60 * 60 * 1000;
/** Products were added over the last six weeks. */
const CATALOGUE_SPAN_HOURS = 42 * 24;

/**
 * Store, its school units, payment methods, categories, grades, products (with the uniforms' sizes
 * and the classes' seats) and the home highlight.
 */
export async function seedCatalogue(
  db: Kysely<Database>,
  now: Date,
  catalogueSize: number,
  sizesAndSeats: boolean,
): Promise<void> {
  const createdAt = now.toISOString();
  const year = now.getFullYear();

  await db
    .insertInto("stores")
    .values({
      id: STORE_ID,
      name: "Loja Escolar",
      legal_name: "Rede Saber Educação Ltda.",
      cnpj: cnpjFromBase("123456780001"),
      email: "atendimento@lojaescolar.com.br",
      phone: "(81) 3034-1000",
      address: "Av. Engenheiro Domingos Ferreira, 2160, Boa Viagem, Recife - PE, 51111-020",
      terms_contracts: "https://www.lojaescolar.com.br/termos-de-uso",
      created_at: createdAt,
    })
    .execute();
  await seedSchoolUnits(db, STORE_ID, createdAt);

  await db
    .insertInto("payment_methods")
    .values(
      Object.values(PAYMENT_METHOD_CODES).map((code, i) => ({
        id: i + 1,
        code,
        name: PAYMENT_METHOD_NAMES[code],
      })),
    )
    .execute();

  const categoryIds = new Map<string, string>();
  await db
    .insertInto("categories")
    .values(
      CATEGORIES.map((category, i) => {
        const id = crypto.randomUUID();
        categoryIds.set(category.slug, id);
        return {
          id,
          store_id: STORE_ID,
          title: category.title,
          slug: category.slug,
          status: category.status,
          visible: 1,
          position: i + 1,
          created_at: createdAt,
        };
      }),
    )
    .execute();

  await seedHomeSections(db);

  const serieIds = new Map<string, number>();
  await db
    .insertInto("series")
    .values(
      SERIES.map((serie, i) => {
        if (serie.periodOffset === 0) serieIds.set(serie.codgrade, serie.id);
        return {
          id: serie.id,
          store_id: STORE_ID,
          course: serie.course,
          grade_name: serie.gradeName,
          codgrade: serie.codgrade,
          period_code: `${year + serie.periodOffset}00`,
          position: i + 1,
        };
      }),
    )
    .execute();
  // The grades above carry their ids; the gestor's next grade takes its id from 0035's
  // sequence on PostgreSQL, which must start past them (SQLite's rowid already does).
  if (!(db.getExecutor().adapter instanceof SqliteAdapter))
    await sql`select setval(pg_get_serial_sequence('series', 'id'), (select max(id) from series))`.execute(db);

  const links: { product_id: string; serie_id: number }[] = [];
  const products = catalogueOfSize(catalogueSize).map((product, i) => {
    const id = crypto.randomUUID();
    for (const codgrade of product.series) {
      const serieId = serieIds.get(codgrade);
      if (serieId === undefined) throw new Error(`Série desconhecida no seed: ${codgrade}`);
      links.push({ product_id: id, serie_id: serieId });
    }
    // A fixed scatter over the span, plus i seconds so no two products tie.
    const ageMs = ((i * 37) % CATALOGUE_SPAN_HOURS) * HOUR_MS + (i + 1) * 1000;
    return {
      id,
      store_id: STORE_ID,
      category_id: categoryIds.get(product.categorySlug)!,
      item_totvs_id: FIRST_ITEM_TOTVS_ID + i,
      title: product.title,
      slug: product.slug,
      description: product.description,
      search_text: productSearchText(product.title),
      image: product.image,
      price_cents: product.priceCents,
      sale_price_cents: product.salePriceCents,
      type: product.type,
      installments: product.installments,
      shift: product.shift,
      unit_code: product.unitCode,
      max_installments: product.maxInstallments,
      turn_year: product.turnYear,
      school_year: year + product.schoolYearOffset,
      status: "enabled" as const,
      visible: 1,
      created_at: new Date(now.getTime() - ageMs).toISOString(),
    };
  });
  // In chunks: one statement may bind at most 32,766 values in SQLite (65,535 in PostgreSQL).
  for (const chunk of chunks(products, 500)) await db.insertInto("products").values(chunk).execute();
  for (const chunk of chunks(links, 5_000)) await db.insertInto("product_series").values(chunk).execute();
  if (sizesAndSeats) await seedStock(db, STORE_ID, now);

  await db
    .insertInto("highlights")
    .values({ id: HIGHLIGHT.id, store_id: STORE_ID, title: HIGHLIGHT.title, status: "enabled", visible: 1 })
    .execute();
  await db
    .insertInto("highlight_banners")
    .values(
      HIGHLIGHT_BANNERS.map((banner, i) => ({
        id: crypto.randomUUID(),
        highlight_id: HIGHLIGHT.id,
        title: banner.title,
        subtitle: banner.subtitle,
        image: highlightImage(banner),
        link: banner.link,
        position: i + 1,
      })),
    )
    .execute();
}

/**
 * The home's sections of spec §9 on their categories, as migration 0025 sets them on an existing
 * store. A migration test seeds a database migrated only part of the way; there 0025 sets them
 * when it runs.
 */
async function seedHomeSections(db: Kysely<Database>) {
  const categories = (await db.introspection.getTables()).find((table) => table.name === "categories");
  if (categories?.columns.some((column) => column.name === HOME_SECTIONS_COLUMN)) await setSpecHomeSections(db);
}

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += size) result.push(rows.slice(start, start + size));
  return result;
}
