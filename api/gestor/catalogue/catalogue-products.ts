/**
 * Products as the gestor area edits them (docs/decisions/0032-catalogue-editing.md): read into
 * the form's fields, checked with the contract's productFields, written with their grades. The
 * form's save and each row of a CSV import go through writeProduct, so both obey one set of
 * rules (unique TOTVS code, slug unique in its category, a category and grades that exist).
 */
import type { Kysely, Selectable } from "kysely";
import type { Database, ProductTable } from "#db/schema.ts";
import { slugify } from "#core/text.ts";
import type { z } from "zod";
import {
  productFields,
  productFormFields,
  productFieldsText,
  type ProductFields,
  type ProductFieldsText,
} from "../../contract/gestor/catalogue.ts";
import { productSearchText } from "#db/search-text.ts";
import { claimItemCode } from "./item-codes.ts";

/** Shown until an image is uploaded or named: the store's logo. */
export const DEFAULT_PRODUCT_IMAGE = "/images/logo.svg";

/** A field's refusal: the column (the CSV's, the form's field) and the message. */
export class ProductFieldError extends Error {
  readonly column: string;
  constructor(column: string, message: string) {
    super(message);
    this.name = "ProductFieldError";
    this.column = column;
  }
}

export type SavedFields = ProductFields & { slug: string; imagem: string };

/** The text checked by `schema`: every refusal with its field's path, or the typed fields. */
function checkWith<T extends z.ZodType>(
  schema: T,
  input: Record<string, unknown>,
): { fields: z.output<T>; errors?: undefined } | { errors: ProductFieldError[] } {
  const result = schema.safeParse(input, {
    error: (issue) => `O campo ${(issue.path ?? []).map(String).join(".") || "produto"} é inválido.`,
  });
  if (result.success) return { fields: result.data };
  return {
    errors: result.error.issues.map(
      (issue) => new ProductFieldError(issue.path.map(String).join(".") || "produto", issue.message),
    ),
  };
}

/** A CSV row's product fields, checked. */
export const checkProductFields = (input: Record<string, unknown>) => checkWith(productFields, input);

/** The product form's fields (options, size chart, capacity too), checked. */
export const checkProductForm = (input: Record<string, unknown>) => checkWith(productFormFields, input);

type ProductRow = Selectable<ProductTable> & { category_slug: string };

export async function findProductRow(
  db: Kysely<Database>,
  storeId: number,
  where: { id: string } | { itemTOTVSId: number },
): Promise<ProductRow | undefined> {
  let query = db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .selectAll("products")
    .select("categories.slug as category_slug")
    .where("products.store_id", "=", storeId);
  query =
    "id" in where
      ? query.where("products.id", "=", where.id)
      : query.where("products.item_totvs_id", "=", where.itemTOTVSId);
  return query.executeTakeFirst();
}

async function seriesOf(db: Kysely<Database>, productIds: string[]): Promise<Map<string, number[]>> {
  const byProduct = new Map<string, number[]>();
  if (productIds.length === 0) return byProduct;
  const links = await db
    .selectFrom("product_series")
    .select(["product_id", "serie_id"])
    .where("product_id", "in", productIds)
    .orderBy("serie_id")
    .execute();
  for (const link of links) byProduct.set(link.product_id, [...(byProduct.get(link.product_id) ?? []), link.serie_id]);
  return byProduct;
}

function toFields(row: ProductRow, series: number[]): SavedFields {
  return {
    itemTOTVSId: row.item_totvs_id,
    NOME: row.title,
    slug: row.slug,
    descricao: row.description,
    categoria: row.category_slug,
    TIPO: row.type as SavedFields["TIPO"],
    PRECO: row.price_cents,
    DESCONTO: row.sale_price_cents,
    PARCELAS: row.installments,
    TURNO: (row.shift ?? undefined) as SavedFields["TURNO"],
    CODCOLIGADA: row.unit_code,
    maxInstallments: row.max_installments,
    turnYear: row.turn_year === 1,
    schoolYear: row.school_year,
    seriesTOTVSID: series,
    visivel: row.visible === 1,
    imagem: row.image,
  };
}

/** Every product of the store (id) with its fields' text, in TOTVS code order (the export). */
export async function allProductsText(
  db: Kysely<Database>,
  storeId: number,
): Promise<{ id: string; text: ProductFieldsText }[]> {
  const rows = await db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .selectAll("products")
    .select("categories.slug as category_slug")
    .where("products.store_id", "=", storeId)
    .orderBy("products.item_totvs_id")
    .execute();
  const series = await seriesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ id: row.id, text: productFieldsText(toFields(row, series.get(row.id) ?? [])) }));
}

export async function productText(db: Kysely<Database>, row: ProductRow): Promise<ProductFieldsText> {
  const series = await seriesOf(db, [row.id]);
  return productFieldsText(toFields(row, series.get(row.id) ?? []));
}

/** The fields whose text differs, before and after (the audit log's entry). */
export function changedFields<T extends Record<string, string>>(before: T | null, after: T) {
  const keys = (Object.keys(after) as (keyof T & string)[]).filter((key) => before?.[key] !== after[key]);
  return {
    before: before ? Object.fromEntries(keys.map((key) => [key, before[key]])) : undefined,
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
    changed: keys.length > 0,
  };
}

export interface ProductWrite {
  id: string;
  created: boolean;
  before: ProductFieldsText | null;
  after: ProductFieldsText;
}

/**
 * Creates or updates (when `existing`) one product in `db` (a transaction): refuses with a
 * ProductFieldError what the database would refuse, before it does (PostgreSQL ends a
 * transaction at its first refused statement, and an import checks every row in one).
 */
export async function writeProduct(
  db: Kysely<Database>,
  storeId: number,
  fields: ProductFields,
  existing: ProductRow | undefined,
  { image, now }: { image?: string; now: Date },
): Promise<ProductWrite> {
  const category = await db
    .selectFrom("categories")
    .select(["id"])
    .where("store_id", "=", storeId)
    .where("slug", "=", fields.categoria)
    .executeTakeFirst();
  if (!category) throw new ProductFieldError("categoria", `A categoria "${fields.categoria}" não existe.`);
  const slug = fields.slug ?? slugify(fields.NOME);
  if (!slug) throw new ProductFieldError("slug", "Informe o slug: o nome não tem letras ou números para formá-lo.");
  await claimItemCode(
    db,
    storeId,
    fields.itemTOTVSId,
    (owner) => owner.productId === existing?.id && owner.variantId === null,
    "itemTOTVSId",
  );
  const sameSlug = await db
    .selectFrom("products")
    .select("id")
    .where("category_id", "=", category.id)
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (sameSlug && sameSlug.id !== existing?.id)
    throw new ProductFieldError("slug", `Já existe outro produto com o slug "${slug}" nesta categoria.`);
  const series = [...new Set(fields.seriesTOTVSID)].sort((a, b) => a - b);
  if (series.length > 0) {
    const known = await db
      .selectFrom("series")
      .select("id")
      .where("store_id", "=", storeId)
      .where("id", "in", series)
      .execute();
    const missing = series.filter((id) => !known.some((row) => row.id === id));
    if (missing.length > 0) throw new ProductFieldError("seriesTOTVSID", `Série ${missing.join(", ")} não existe.`);
  }

  const values = {
    category_id: category.id,
    item_totvs_id: fields.itemTOTVSId,
    title: fields.NOME,
    slug,
    description: fields.descricao,
    search_text: productSearchText(fields.NOME),
    image: image ?? fields.imagem ?? existing?.image ?? DEFAULT_PRODUCT_IMAGE,
    price_cents: fields.PRECO,
    sale_price_cents: fields.DESCONTO,
    type: fields.TIPO,
    installments: fields.PARCELAS,
    shift: fields.TURNO ?? null,
    unit_code: fields.CODCOLIGADA,
    max_installments: fields.maxInstallments,
    turn_year: fields.turnYear ? 1 : 0,
    school_year: fields.schoolYear,
    visible: fields.visivel ? 1 : 0,
  };
  const before = existing ? await productText(db, existing) : null;
  const id = existing?.id ?? crypto.randomUUID();
  if (existing) await db.updateTable("products").set(values).where("id", "=", id).execute();
  else
    await db
      .insertInto("products")
      .values({ ...values, id, store_id: storeId, status: "enabled", created_at: now.toISOString() })
      .execute();
  if (before?.seriesTOTVSID !== series.join(",")) {
    await db.deleteFrom("product_series").where("product_id", "=", id).execute();
    if (series.length > 0)
      await db
        .insertInto("product_series")
        .values(series.map((serie_id) => ({ product_id: id, serie_id })))
        .execute();
  }
  const after = productFieldsText({ ...fields, slug, imagem: values.image, seriesTOTVSID: series });
  return { id, created: !existing, before, after };
}
