import type { StoreDatabase } from "#db/client.ts";
import { setStockLevel } from "#api/stock/repository.ts";
import { OWN_PRODUCT_CODES_FROM } from "./catalogue.ts";
import { withStoreDatabase } from "./server-side.ts";

/** A product this test made for itself: its page, title and the item code of each size. */
export interface OwnProduct {
  path: string;
  title: string;
  itemTOTVSId: number;
  sizes: Record<string, number>;
}

const STORE = 1;
/** Item codes far above the demo's, random per product: tests and projects never share one. */
const newItemCode = () => OWN_PRODUCT_CODES_FROM + Math.floor(Math.random() * 20_000_000) * 10;

/**
 * A copy of a demo product of that type (its category, unit and prices), under a new title,
 * slug and item code, so buying its last pieces or seats changes no data another test reads.
 * `sizes` maps each size to its pieces (null: not tracked); `seats` a course's capacity and
 * free seats; `pieces` the product's own stock.
 */
export async function ownProduct(options: {
  type: "P" | "S";
  title: string;
  sizes?: [value: string, pieces: number | null][];
  sizeChart?: { columns: string[]; rows: string[][] };
  seats?: { capacity: number; available: number };
}): Promise<OwnProduct> {
  return withStoreDatabase(async (db) => {
    const model = await db
      .selectFrom("products as p")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .selectAll("p")
      .select("c.slug as category_slug")
      .where("p.store_id", "=", STORE)
      .where("p.type", options.type === "S" ? "=" : "<>", "S")
      .where("p.type", "<>", "M")
      .where("p.sale_price_cents", ">", 0)
      .where("p.visible", "=", 1)
      .where("p.status", "=", "enabled")
      .where("c.status", "=", "enabled")
      .where("c.visible", "=", 1)
      .where("p.option_name", "is", null)
      // A piece is a uniform's copy, as a size grid suggests.
      .$if(options.type === "P", (query) => query.where("c.slug", "=", "fardamento"))
      .orderBy("p.item_totvs_id")
      .executeTakeFirstOrThrow();
    const category = await ownProductsCategory(db);
    const itemTOTVSId = newItemCode();
    const title = `${options.title} ${itemTOTVSId}`;
    const slug = `${options.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${itemTOTVSId}`;
    const { category_slug: _modelCategory, ...row } = model;
    await db
      .insertInto("products")
      .values({
        ...row,
        id: crypto.randomUUID(),
        category_id: category.id,
        item_totvs_id: itemTOTVSId,
        title,
        slug,
        search_text: title.toLowerCase(),
        option_name: options.sizes ? "Tamanho" : null,
        size_chart: options.sizeChart ? JSON.stringify(options.sizeChart) : null,
        capacity: options.seats?.capacity ?? null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const product = await db
      .selectFrom("products")
      .select(["id", "unit_code"])
      .where("item_totvs_id", "=", itemTOTVSId)
      .where("store_id", "=", STORE)
      .executeTakeFirstOrThrow();
    const sizes: Record<string, number> = {};
    for (const [index, [value, pieces]] of (options.sizes ?? []).entries()) {
      const code = itemTOTVSId + index + 1;
      sizes[value] = code;
      await db
        .insertInto("product_variants")
        .values({
          id: crypto.randomUUID(),
          store_id: STORE,
          product_id: product.id,
          item_totvs_id: code,
          value,
          position: index + 1,
          price_cents: null,
          sale_price_cents: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      if (pieces !== null) await levelTo(db, product.unit_code, code, pieces);
    }
    if (options.seats) await levelTo(db, product.unit_code, itemTOTVSId, options.seats.available);
    return { path: `/produto/${category.slug}/${slug}`, title, itemTOTVSId, sizes };
  });
}

const OWN_PRODUCTS_CATEGORY = { slug: "produtos-de-teste", title: "Produtos de teste" };

/**
 * The one category of the products tests make for themselves: in a demo category they would
 * come first in its listing (newest first) and push the demo's products off the page other
 * tests click through. Made by the first test that needs it; a second at once finds it.
 */
async function ownProductsCategory(db: StoreDatabase): Promise<{ id: string; slug: string }> {
  await db
    .insertInto("categories")
    .values({
      id: crypto.randomUUID(),
      store_id: STORE,
      ...OWN_PRODUCTS_CATEGORY,
      status: "enabled",
      visible: 1,
      position: 950,
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.columns(["store_id", "slug"]).doNothing())
    .execute();
  return db
    .selectFrom("categories")
    .select(["id", "slug"])
    .where("store_id", "=", STORE)
    .where("slug", "=", OWN_PRODUCTS_CATEGORY.slug)
    .executeTakeFirstOrThrow();
}

/**
 * A visible category of this test only with `count` copies of a demo piece, so a listing's
 * pages are counted on rows no other test adds to (the demo's categories get other tests'
 * products while this one runs). Its home section and menu entry are off, as a new category's.
 */
export async function ownCategory(title: string, count: number): Promise<{ path: string; title: string }> {
  return withStoreDatabase(async (db) => {
    const model = await db
      .selectFrom("products as p")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .selectAll("p")
      .where("p.store_id", "=", STORE)
      .where("p.type", "=", "P")
      .where("p.visible", "=", 1)
      .where("p.status", "=", "enabled")
      .where("p.option_name", "is", null)
      .where("c.slug", "=", "papelaria")
      .orderBy("p.item_totvs_id")
      .executeTakeFirstOrThrow();
    const code = newItemCode();
    const category = { id: crypto.randomUUID(), title: `${title} ${code}`, slug: `categoria-${code}` };
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("categories")
        .values({ ...category, store_id: STORE, status: "enabled", visible: 1, position: 900, created_at: now })
        .execute();
      for (let index = 1; index <= count; index++) {
        const productTitle = `${title} ${code} item ${index}`;
        await trx
          .insertInto("products")
          .values({
            ...model,
            id: crypto.randomUUID(),
            category_id: category.id,
            item_totvs_id: newItemCode(),
            title: productTitle,
            slug: `item-${index}-${code}`,
            search_text: productTitle.toLowerCase(),
            created_at: now,
          })
          .execute();
      }
    });
    return { path: `/categoria/${category.slug}`, title: category.title };
  });
}

/** Sets the pieces or seats left of an item of `product` as a gestor's count would. */
export function setPiecesLeft(itemTotvsId: number, available: number): Promise<void> {
  return withStoreDatabase(async (db) => {
    const variant = await db
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select("p.unit_code")
      .where("v.item_totvs_id", "=", itemTotvsId)
      .where("v.store_id", "=", STORE)
      .executeTakeFirst();
    const product = await db
      .selectFrom("products")
      .select("unit_code")
      .where("item_totvs_id", "=", itemTotvsId)
      .where("store_id", "=", STORE)
      .executeTakeFirst();
    const unitCode = variant?.unit_code ?? product?.unit_code;
    if (!unitCode) throw new Error(`item ${itemTotvsId} não existe`);
    await levelTo(db, unitCode, itemTotvsId, available);
  });
}

async function levelTo(db: StoreDatabase, unitCode: string, itemTotvsId: number, available: number) {
  return db.transaction().execute((trx) =>
    setStockLevel(trx, { storeId: STORE, unitCode, itemTotvsId }, available, {
      reason: "adjust",
      at: new Date().toISOString(),
    }),
  );
}
