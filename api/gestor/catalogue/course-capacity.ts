/**
 * A course's or event's capacity (issue 28; docs/decisions/0067-stock-and-seats.md): its free
 * seats are the stock_levels row of its item code in its unit, taken by the claim like pieces
 * (api/stock/). The gestor's product form sets the capacity; this keeps the row in step.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { counted } from "#core/text.ts";
import { setStockLevel } from "../../stock/repository.ts";
import { seatsHeldForOffers } from "../../stock/seat-offers.ts";
import { HOLDING_STATUSES } from "../../stock/sale-holds.ts";
import { ProductFieldError } from "./catalogue-products.ts";

/**
 * Seats of the item in the unit held by sales that may still be paid or are paid, and by the
 * waiting list's live offers (docs/decisions/0070-waiting-list.md): neither may be sold again.
 */
async function seatsTaken(
  db: Kysely<Database>,
  storeId: number,
  unitCode: string,
  itemTOTVSId: number,
): Promise<number> {
  const row = await db
    .selectFrom("sale_bag_items")
    .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
    .innerJoin("sales", "sales.id", "sale_bags.sale_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>("sale_bag_items.quantity"), eb.lit(0)).as("taken"))
    .where("sales.store_id", "=", storeId)
    .where("sales.status", "in", HOLDING_STATUSES)
    .where("sale_bag_items.unit_code", "=", unitCode)
    .where("sale_bag_items.item_totvs_id", "=", itemTOTVSId)
    .executeTakeFirstOrThrow();
  return Number(row.taken) + (await seatsHeldForOffers(db, { storeId, unitCode, itemTotvsId: itemTOTVSId }));
}

/** Where a course's seats are kept: its unit and item code, with the capacity (null: unlimited). */
interface CourseSeats {
  unitCode: string;
  itemTOTVSId: number;
  capacity: number | null;
}

/**
 * The seats of a course already occupied: its capacity less its free seats, when it has both,
 * which counts, besides sales and offers, the enrolments the school made before the store sold
 * the class (the demo seed's "matrículas na secretaria", a count taken over from the school);
 * never fewer than sales and offers hold. Without a capacity: what sales and offers hold.
 */
export async function seatsOccupied(db: Kysely<Database>, storeId: number, seats: CourseSeats): Promise<number> {
  const held = await seatsTaken(db, storeId, seats.unitCode, seats.itemTOTVSId);
  if (seats.capacity === null) return held;
  const level = await db
    .selectFrom("stock_levels")
    .select("available")
    .where("store_id", "=", storeId)
    .where("unit_code", "=", seats.unitCode)
    .where("item_totvs_id", "=", seats.itemTOTVSId)
    .executeTakeFirst();
  return level ? Math.max(seats.capacity - level.available, held) : held;
}

/**
 * Locks the level's row until commit (PostgreSQL; SQLite has one writer), so no claim takes a
 * seat between counting the seats taken and writing the level. api/stock/repository.ts has no
 * lock on its own; this is the same no-op update its setStockLevel starts with.
 */
async function lockLevel(db: Kysely<Database>, storeId: number, seats: CourseSeats): Promise<boolean> {
  const locked = await db
    .updateTable("stock_levels")
    .set((eb) => ({ available: eb.ref("available") }))
    .where("store_id", "=", storeId)
    .where("unit_code", "=", seats.unitCode)
    .where("item_totvs_id", "=", seats.itemTOTVSId)
    .executeTakeFirst();
  return locked.numUpdatedRows > 0n;
}

/**
 * Follows a course's capacity in stock_levels, in the caller's transaction: the free seats are
 * the capacity less the seats live sales hold, each change with its 'capacity' ledger row. A
 * capacity below the seats taken is refused (ProductFieldError on "capacity"). When the unit or
 * the code changes, the seats move: the old row is emptied (ledger) and removed; an empty
 * capacity stops tracking the seats (the course sells unlimited, as before issue 28).
 */
export async function followCapacity(
  db: Kysely<Database>,
  storeId: number,
  stored: { unit_code: string; item_totvs_id: number; capacity: number | null } | undefined,
  saved: { CODCOLIGADA: string; itemTOTVSId: number; capacity: number | undefined },
  movement: { staffId: string | null; at: string; whatsapp?: { nudge?: () => void } },
): Promise<void> {
  const before: CourseSeats | null = stored
    ? { unitCode: stored.unit_code, itemTOTVSId: stored.item_totvs_id, capacity: stored.capacity }
    : null;
  const after: CourseSeats = {
    unitCode: saved.CODCOLIGADA,
    itemTOTVSId: saved.itemTOTVSId,
    capacity: saved.capacity ?? null,
  };
  const sameKey = before?.unitCode === after.unitCode && before.itemTOTVSId === after.itemTOTVSId;
  if (after.capacity !== null) {
    await lockLevel(db, storeId, after);
    // Kept seats: the course's own count when it had a capacity here; sales and offers otherwise.
    const taken = await seatsOccupied(db, storeId, sameKey && before ? before : { ...after, capacity: null });
    if (after.capacity < taken)
      throw new ProductFieldError(
        "capacity",
        `Já há ${counted(taken, "vaga ocupada", "vagas ocupadas")}: a capacidade não pode ser menor que ${taken}.`,
      );
    await setStockLevel(db, { storeId, ...keyOf(after) }, after.capacity - taken, {
      reason: "capacity",
      at: movement.at,
      staffId: movement.staffId,
      whatsapp: movement.whatsapp,
      note: `Capacidade ${after.capacity}; ${counted(taken, "vaga ocupada", "vagas ocupadas")}`,
    });
  }
  if (before?.capacity != null && (after.capacity === null || !sameKey)) {
    const old = { storeId, ...keyOf(before) };
    if (!(await lockLevel(db, storeId, before))) return;
    await setStockLevel(db, old, 0, {
      reason: "capacity",
      at: movement.at,
      staffId: movement.staffId,
      note: after.capacity === null ? "Capacidade ilimitada" : "Vagas levadas para a nova unidade ou código",
    });
    await db
      .deleteFrom("stock_levels")
      .where("store_id", "=", storeId)
      .where("unit_code", "=", old.unitCode)
      .where("item_totvs_id", "=", old.itemTotvsId)
      .execute();
  }
}

const keyOf = (seats: CourseSeats) => ({ unitCode: seats.unitCode, itemTotvsId: seats.itemTOTVSId });
