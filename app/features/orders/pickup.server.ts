import { pickupOf, type StoreUnit } from "#app/.server/school-units.server.ts";
import type { SaleBag, SaleBagItem } from "#api/contract/orders.ts";

/** A bought item with where it is picked up: its unit, address and hours; null for a course or an event. */
export type PickedUpItem = SaleBagItem & { pickup: string | null };

/**
 * Each item of the bags with its pickup, read now (a unit's new address or hours show on the next
 * page). An API that does not say which unit sold an item (spec §7 has no such field): no pickup line.
 */
export function bagsWithPickup<Bag extends SaleBag>(
  units: readonly StoreUnit[],
  bags: readonly Bag[],
): (Omit<Bag, "items"> & { items: PickedUpItem[] })[] {
  return bags.map((bag) => ({
    ...bag,
    items: bag.items.map((item) => ({
      ...item,
      pickup:
        item.CODCOLIGADA === undefined ? null : pickupOf(units, { TIPO: item.type, CODCOLIGADA: item.CODCOLIGADA }),
    })),
  }));
}
