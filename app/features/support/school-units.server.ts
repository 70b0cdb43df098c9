import { storeUnits, type StoreUnit } from "#app/.server/school-units.server.ts";
import type { StoreApiClient } from "#app/.server/store-api/index.server.ts";
import { unitFrom } from "#core/school-units.ts";

/** A unit as /atendimento lists it. */
export type ContactUnit = Omit<StoreUnit, "active">;

/**
 * The units a parent can reach, in the network's order: the active ones, read on every request
 * (a kept read, dropped when a unit changes). None known (a school API without listUnits): spec
 * §9's fallback unit, so the page always has somewhere to call.
 */
export async function contactUnits(api: StoreApiClient): Promise<ContactUnit[]> {
  const active = (await storeUnits(api)).filter((unit) => unit.active).map(({ active: _active, ...unit }) => unit);
  return active.length > 0 ? active : [{ pickupHours: null, ...unitFrom(active, null) }];
}
