/**
 * Stock levels and their ledger (docs/decisions/0067-stock-and-seats.md). An item code of a unit
 * is tracked when it has a stock_levels row: pieces of a product or a variant, free seats of a
 * course. Every change of `available` writes its stock_movements row in the same transaction
 * (the caller's), so per item: available = first level + Σ delta.
 *
 * A take is one conditional update (`available >= quantity` in its WHERE): on SQLite the single
 * writer serialises it; on PostgreSQL the row lock makes a second take wait and, under READ
 * COMMITTED, re-read the row before deciding. Two finishes for the last piece cannot both win,
 * and the CHECK (available >= 0) guards whatever else writes the table.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import type { Kysely } from "kysely";
import type { Database, StockMovementReason } from "#db/schema.ts";
import { notifyStockReturned } from "./alerts-on-return.ts";
import { offerFreedSeats } from "./seat-offers.ts";

/** An item code of a unit of a store: what stock_levels keys on. */
export interface StockItem {
  storeId: number;
  unitCode: string;
  itemTotvsId: number;
}

export interface Movement {
  reason: StockMovementReason;
  at: string;
  saleId?: string | null;
  staffId?: string | null;
  note?: string | null;
  /**
   * The store's WhatsApp when on (ApiDeps.whatsapp): the "Avise-me" and seat-offer messages this
   * change queues also go by WhatsApp to a customer who opted in (issue 31). Absent: e-mail only.
   */
  whatsapp?: { nudge?: () => void };
}

const keyOf = (item: StockItem) => `${item.unitCode}\u0000${item.itemTotvsId}`;

/** The levels of those items that are tracked, by unit and item code (`stockKeyOf`). */
export async function findStockLevels(
  db: Kysely<Database>,
  storeId: number,
  items: readonly Omit<StockItem, "storeId">[],
): Promise<Map<string, number>> {
  const levels = new Map<string, number>();
  if (items.length === 0) return levels;
  const rows = await db
    .selectFrom("stock_levels")
    .select(["unit_code", "item_totvs_id", "available"])
    .where("store_id", "=", storeId)
    .where("item_totvs_id", "in", [...new Set(items.map((item) => item.itemTotvsId))])
    .execute();
  for (const row of rows)
    levels.set(keyOf({ storeId, unitCode: row.unit_code, itemTotvsId: row.item_totvs_id }), row.available);
  return levels;
}

export function stockKeyOf(item: Omit<StockItem, "storeId">): string {
  return keyOf({ storeId: 0, ...item });
}

/** The ledger row of a change already made to `available`. */
export async function recordMovement(
  db: Kysely<Database>,
  item: StockItem,
  delta: number,
  movement: Movement,
): Promise<void> {
  await db
    .insertInto("stock_movements")
    .values({
      id: crypto.randomUUID(),
      store_id: item.storeId,
      unit_code: item.unitCode,
      item_totvs_id: item.itemTotvsId,
      delta,
      reason: movement.reason,
      sale_id: movement.saleId ?? null,
      staff_id: movement.staffId ?? null,
      note: movement.note ?? null,
      at: movement.at,
    })
    .execute();
}

/**
 * Takes `quantity` if that much is available, without the ledger row (the claim writes it once
 * the sale exists: api/stock/sale-holds.ts). false: not enough, nothing changed.
 */
export async function decrementIfAvailable(
  db: Kysely<Database>,
  item: StockItem,
  quantity: number,
  at: string,
): Promise<boolean> {
  const updated = await db
    .updateTable("stock_levels")
    .set((eb) => ({ available: eb("available", "-", quantity), updated_at: at }))
    .where("store_id", "=", item.storeId)
    .where("unit_code", "=", item.unitCode)
    .where("item_totvs_id", "=", item.itemTotvsId)
    .where("available", ">=", quantity)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Takes `quantity` if that much is available, with its ledger row. false: nothing changed. */
export async function takeStock(
  db: Kysely<Database>,
  item: StockItem,
  quantity: number,
  movement: Movement,
): Promise<boolean> {
  if (!(await decrementIfAvailable(db, item, quantity, movement.at))) return false;
  await recordMovement(db, item, -quantity, movement);
  return true;
}

/**
 * Gives `quantity` back, with its ledger row. An item no longer tracked (its level removed by
 * the gestor) gets nothing back: false.
 */
export async function giveBackStock(
  db: Kysely<Database>,
  item: StockItem,
  quantity: number,
  movement: Movement,
): Promise<boolean> {
  const updated = await db
    .updateTable("stock_levels")
    .set((eb) => ({ available: eb("available", "+", quantity), updated_at: movement.at }))
    .where("store_id", "=", item.storeId)
    .where("unit_code", "=", item.unitCode)
    .where("item_totvs_id", "=", item.itemTotvsId)
    .returning("available")
    .executeTakeFirst();
  if (!updated) return false;
  await levelChanged(db, item, updated.available - quantity, updated.available, movement);
  return true;
}

/**
 * The item's level, its row locked until the caller's commit by a no-op update (PostgreSQL;
 * SQLite has one writer): a take, a give-back or a waiting list's join meanwhile waits.
 * undefined: not tracked.
 */
export function lockStockLevel(db: Kysely<Database>, item: StockItem) {
  return db
    .updateTable("stock_levels")
    .set((eb) => ({ available: eb.ref("available") }))
    .where("store_id", "=", item.storeId)
    .where("unit_code", "=", item.unitCode)
    .where("item_totvs_id", "=", item.itemTotvsId)
    .returning("available")
    .executeTakeFirst();
}

/**
 * Sets an item's level (a count, an import, a course's capacity), starting to track it when it
 * was not; the ledger gets the difference. Answers the level before (null: was not tracked).
 * The level before is read by a no-op update, which locks the row until commit on PostgreSQL
 * (a take meanwhile waits): the difference written is the one applied.
 */
export async function setStockLevel(
  db: Kysely<Database>,
  item: StockItem,
  available: number,
  movement: Movement,
): Promise<number | null> {
  if (!Number.isInteger(available) || available < 0) throw new RangeError(`Estoque inválido: ${available}`);
  const current = await lockStockLevel(db, item);
  if (current) {
    await db
      .updateTable("stock_levels")
      .set({ available, updated_at: movement.at })
      .where("store_id", "=", item.storeId)
      .where("unit_code", "=", item.unitCode)
      .where("item_totvs_id", "=", item.itemTotvsId)
      .execute();
  } else {
    await db
      .insertInto("stock_levels")
      .values({
        store_id: item.storeId,
        unit_code: item.unitCode,
        item_totvs_id: item.itemTotvsId,
        available,
        updated_at: movement.at,
      })
      .execute();
  }
  const before = current ? current.available : null;
  // A first level is a movement even at zero: the ledger shows when tracking started.
  if (before === null || available !== before) await levelChanged(db, item, before, available, movement);
  return before;
}

/**
 * What follows every change of `available` that may grow it (a give-back, a level set): its
 * ledger row; when the item comes back from none, its "Avise-me" e-mails; and a class's free
 * seats offered to its waiting list, held out of `available` with their own ledger row
 * (docs/decisions/0070-waiting-list.md). All in the same transaction. before null: the item was
 * not tracked.
 */
async function levelChanged(
  db: Kysely<Database>,
  item: StockItem,
  before: number | null,
  after: number,
  movement: Movement,
): Promise<void> {
  await recordMovement(db, item, after - (before ?? 0), movement);
  await notifyStockReturned(db, item, before, after, movement.at, movement.whatsapp);
  const offered = await offerFreedSeats(db, item, after, movement);
  if (offered === 0) return;
  // The row is locked by the change above: the seats just counted free are still there.
  if (!(await decrementIfAvailable(db, item, offered, movement.at)))
    throw new Error(`Vagas oferecidas à lista de espera indisponíveis: ${item.unitCode}/${item.itemTotvsId}`);
  await recordMovement(db, item, -offered, { reason: "seat_offer", at: movement.at, saleId: movement.saleId ?? null });
}

/**
 * A seat held for a waiting list's offer goes back into `available`, without offering it again:
 * its parent's claim takes it next in the same transaction (api/stock/sale-holds.ts).
 */
export async function returnOfferedSeat(db: Kysely<Database>, item: StockItem, at: string): Promise<void> {
  const updated = await db
    .updateTable("stock_levels")
    .set((eb) => ({ available: eb("available", "+", 1), updated_at: at }))
    .where("store_id", "=", item.storeId)
    .where("unit_code", "=", item.unitCode)
    .where("item_totvs_id", "=", item.itemTotvsId)
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) await recordMovement(db, item, 1, { reason: "seat_offer", at });
}
