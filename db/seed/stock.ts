import type { Kysely } from "kysely";
import { counted } from "#core/text.ts";
import type { Database, StockMovementReason } from "../schema.ts";
import {
  CLASS_SEATS,
  FULL_COURSE,
  FULL_COURSE_WAITING,
  SIZE_OPTION_NAME,
  SIZED_UNIFORMS,
  SOLD_OUT_LIST_ITEM,
  demoItemCode,
  sizeItemCode,
} from "./stock-data.ts";

/** The tables of issue 28 (migration 0039): a migration's test may seed a store older than them. */
const STOCK_TABLES = ["product_variants", "stock_levels", "stock_movements"];

/**
 * The uniforms' sizes with their charts and pieces, and the classes' capacities with their free
 * seats (db/seed/stock-data.ts), for the products seedCatalogue wrote.
 *
 * Each level is a first level, written with its ledger row as api/stock/repository.ts's
 * setStockLevel writes one for an item not yet tracked (one movement of the whole level, at zero
 * too): db/ sits under the API and cannot call it. seed.test.ts checks the ledger adds up.
 */
export async function seedStock(db: Kysely<Database>, storeId: number, now: Date): Promise<void> {
  const tables = new Set((await db.introspection.getTables()).map((table) => table.name));
  if (!STOCK_TABLES.every((name) => tables.has(name))) return;
  const at = now.toISOString();

  for (const uniform of SIZED_UNIFORMS) {
    const product = await productOf(db, storeId, demoItemCode(uniform.slug));
    await db
      .updateTable("products")
      .set({ option_name: SIZE_OPTION_NAME, size_chart: JSON.stringify(uniform.sizeChart) })
      .where("id", "=", product.id)
      .execute();
    await db
      .insertInto("product_variants")
      .values(
        uniform.sizes.map(([size], i) => ({
          id: crypto.randomUUID(),
          store_id: storeId,
          product_id: product.id,
          item_totvs_id: sizeItemCode(product.item_totvs_id, i + 1),
          value: size,
          // From 0, as the gestor's form and the catalogue CSV number them (a CSV round trip changes nothing).
          position: i,
          price_cents: null,
          sale_price_cents: null,
          created_at: at,
        })),
      )
      .execute();
    for (const [i, [, pieces]] of uniform.sizes.entries())
      await firstLevel(db, storeId, product.unit_code, sizeItemCode(product.item_totvs_id, i + 1), pieces, {
        reason: "adjust",
        at,
        note: "Inventário inicial",
      });
  }

  for (const seats of CLASS_SEATS) {
    const product = await productOf(db, storeId, demoItemCode(seats.slug));
    await db.updateTable("products").set({ capacity: seats.capacity }).where("id", "=", product.id).execute();
    const taken = seats.capacity - seats.available;
    // The note of a capacity the gestor sets (api/gestor/catalogue/course-capacity.ts); here the
    // seats taken are enrolments the school made before the store opened.
    await firstLevel(db, storeId, product.unit_code, product.item_totvs_id, seats.available, {
      reason: "capacity",
      at,
      note: `Capacidade ${seats.capacity}; ${counted(taken, "vaga ocupada", "vagas ocupadas")} (matrículas na secretaria)`,
    });
  }

  const soldOut = await productOf(db, storeId, demoItemCode(SOLD_OUT_LIST_ITEM.slug));
  await firstLevel(db, storeId, soldOut.unit_code, soldOut.item_totvs_id, 0, {
    reason: "adjust",
    at,
    note: "Inventário inicial",
  });

  if (tables.has("waiting_list_entries")) await seedWaitingList(db, storeId, at);
}

/**
 * The full course's line (migration 0041, decision 0070): the parents already waiting, so a
 * freed seat (a capacity raised in the gestor's product form) goes to the first of them.
 */
async function seedWaitingList(db: Kysely<Database>, storeId: number, at: string): Promise<void> {
  const course = await productOf(db, storeId, demoItemCode(FULL_COURSE.slug));
  await db
    .insertInto("waiting_list_entries")
    .values(
      FULL_COURSE_WAITING.map((email, index) => ({
        id: crypto.randomUUID(),
        store_id: storeId,
        unit_code: course.unit_code,
        item_totvs_id: course.item_totvs_id,
        customer_id: null,
        email,
        consent_at: at,
        // The README's first command's address: an offer's link is built on it.
        storefront_url: "http://localhost:3000",
        position: index + 1,
        status: "waiting",
        offer_token_hash: null,
        offered_at: null,
        offer_expires_at: null,
        converted_sale_id: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

function productOf(db: Kysely<Database>, storeId: number, itemTotvsId: number) {
  return db
    .selectFrom("products")
    .select(["id", "item_totvs_id", "unit_code"])
    .where("store_id", "=", storeId)
    .where("item_totvs_id", "=", itemTotvsId)
    .executeTakeFirstOrThrow();
}

async function firstLevel(
  db: Kysely<Database>,
  storeId: number,
  unitCode: string,
  itemTotvsId: number,
  available: number,
  movement: { reason: StockMovementReason; at: string; note: string },
): Promise<void> {
  await db
    .insertInto("stock_levels")
    .values({ store_id: storeId, unit_code: unitCode, item_totvs_id: itemTotvsId, available, updated_at: movement.at })
    .execute();
  await db
    .insertInto("stock_movements")
    .values({
      id: crypto.randomUUID(),
      store_id: storeId,
      unit_code: unitCode,
      item_totvs_id: itemTotvsId,
      delta: available,
      reason: movement.reason,
      sale_id: null,
      staff_id: null,
      note: movement.note,
      at: movement.at,
    })
    .execute();
}
