// What the crash tests with stock share (docs/decisions/0067-stock-and-seats.md): a size and a
// course's seats made tracked in the store under test, and how stock and sales are checked
// against each other after the server was killed and started again.
// Runs under plain Node (type stripping): no TypeScript-only syntax.
import { sql } from "kysely";
import type { StoreDatabase } from "#db/client.ts";
import { setStockLevel } from "#api/stock/repository.ts";
import { HOLDING_STATUSES } from "#api/stock/sale-holds.ts";
import { demoItems } from "#tests/fixtures/carts.ts";
import { addSizes } from "#tests/fixtures/variants.ts";
import { PAID_ITEM_SQL } from "./built-server.ts";

const STORE = 1;

export interface TrackedItem {
  itemTOTVSId: number;
  unitCode: string;
  /** What it had when the test began: pieces of the size, seats of the course. */
  initial: number;
}

type ItemKey = Pick<TrackedItem, "itemTOTVSId" | "unitCode">;

/** Sets the item's level as the gestor's adjustment would, with its ledger row. */
export function stockTo(db: StoreDatabase, item: ItemKey, available: number) {
  return db.transaction().execute((trx) =>
    setStockLevel(trx, { storeId: STORE, unitCode: item.unitCode, itemTotvsId: item.itemTOTVSId }, available, {
      reason: "adjust",
      at: new Date().toISOString(),
    }),
  );
}

/**
 * The crash tests' product sold in sizes P and M (M with `pieces` in stock, under item code
 * `sizeCode`), and the demo's first course with a class of `seats`.
 */
export async function trackedSizeAndSeat(
  db: StoreDatabase,
  { sizeCode, pieces, seats }: { sizeCode: number; pieces: number; seats: number },
): Promise<{ size: TrackedItem; seat: TrackedItem }> {
  const item = (await sql<{ id: number }>`${sql.raw(PAID_ITEM_SQL)}`.execute(db)).rows[0]!;
  const product = await db
    .selectFrom("products")
    .select(["id", "unit_code"])
    .where("item_totvs_id", "=", item.id)
    .executeTakeFirstOrThrow();
  await addSizes(db, { id: product.id, storeId: STORE }, { P: sizeCode - 1, M: sizeCode });
  const size = { itemTOTVSId: sizeCode, unitCode: product.unit_code, initial: pieces };
  await stockTo(db, size, size.initial);

  const courseCode = (await demoItems(db)).S[0]!.itemTOTVSId;
  const course = await db
    .selectFrom("products")
    .select("unit_code")
    .where("item_totvs_id", "=", courseCode)
    .executeTakeFirstOrThrow();
  await db.updateTable("products").set({ capacity: seats }).where("item_totvs_id", "=", courseCode).execute();
  const seat = { itemTOTVSId: courseCode, unitCode: course.unit_code, initial: seats };
  await stockTo(db, seat, seat.initial);
  return { size, seat };
}

/**
 * The item's level, its ledger's sum, what the sales' lines still hold of it, and the lines that
 * hold stock for a sale that no longer holds anything (a declined or expired sale): after any
 * crash or race, level = initial − held, ledger = level, and no stray hold.
 */
export async function stockAgainstSales(db: StoreDatabase, item: ItemKey) {
  const { available } = await db
    .selectFrom("stock_levels")
    .select("available")
    .where("store_id", "=", STORE)
    .where("unit_code", "=", item.unitCode)
    .where("item_totvs_id", "=", item.itemTOTVSId)
    .executeTakeFirstOrThrow();
  const movements = await db
    .selectFrom("stock_movements")
    .select("delta")
    .where("store_id", "=", STORE)
    .where("unit_code", "=", item.unitCode)
    .where("item_totvs_id", "=", item.itemTOTVSId)
    .execute();
  const lines = await db
    .selectFrom("sale_bag_items as i")
    .innerJoin("sale_bags as b", "b.id", "i.sale_bag_id")
    .innerJoin("sales as s", "s.id", "b.sale_id")
    .select(["s.status", "i.stock_taken"])
    .where("i.item_totvs_id", "=", item.itemTOTVSId)
    .where("i.stock_returned_at", "is", null)
    .where("i.stock_taken", ">", 0)
    .execute();
  const holding = lines.filter((line) => HOLDING_STATUSES.includes(line.status as (typeof HOLDING_STATUSES)[number]));
  return {
    level: available,
    ledger: movements.reduce((sum, row) => sum + row.delta, 0),
    held: holding.reduce((sum, line) => sum + line.stock_taken, 0),
    strayHolds: lines.length - holding.length,
  };
}
