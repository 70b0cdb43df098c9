import { storeUnits, type StoreUnit } from "#app/.server/school-units.server.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";

/**
 * The network's units for a gestor page's choices (filters, coupon and product forms): the store
 * API's public list, through the kept catalogue read, so a unit changed in Unidades shows on the
 * next page (issue 27). Inactive units are in it, marked: old orders and products still name them.
 */
export function gestorUnitList(request: Request): Promise<StoreUnit[]> {
  return storeUnits(storeApiFor(request));
}
