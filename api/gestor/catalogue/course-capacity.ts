/**
 * A course's or event's capacity (issue 28; docs/decisions/0067-stock-and-seats.md): its free
 * seats are the stock_levels row of its item code in its unit, taken by the claim like pieces.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { HOLDING_STATUSES } from "../../stock/sale-holds.ts";

/** Seats of the item in the unit held by sales that may still be paid or are paid. */
export async function seatsTaken(
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
  return Number(row.taken);
}
