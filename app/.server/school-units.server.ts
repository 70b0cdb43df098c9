/**
 * The network's units for the storefront's pages (issue 27, docs/decisions/0055): read from the
 * store API's listUnits, a kept catalogue read (a unit's change drops it at once, decision 0036).
 * A school API with only spec §7's calls has none: every code then shows spec §9's fallback unit
 * (unitFrom of an empty list), and the storefront says so once in the log.
 */
import { isPickedUpAtUnit, pickupText, unitFrom, type SchoolUnit } from "#core/school-units.ts";
import type { UnitNames } from "#app/lib/school-units.ts";
import { callUnavailable, type StoreApiClient } from "./store-api/index.server.ts";

/** A unit as the storefront shows it. */
export interface StoreUnit extends SchoolUnit {
  pickupHours: string | null;
  /** false: no longer offered; an old order, cart line or student still names it. */
  active: boolean;
}

let absenceLogged = false;

function logAbsenceOnce(): void {
  if (absenceLogged) return;
  absenceLogged = true;
  console.log(
    "[store-api] a API da loja não lista as unidades (listUnits): todas aparecem como a unidade padrão (§9).",
  );
}

/** Every unit of the network, inactive ones too; none when the store API cannot say (spec §8: logged). */
export async function storeUnits(api: StoreApiClient): Promise<StoreUnit[]> {
  if (!api.supports("listUnits")) {
    logAbsenceOnce();
    return [];
  }
  try {
    return await api.listUnits();
  } catch (error) {
    if (callUnavailable(error)) logAbsenceOnce();
    else console.error("[loja] unidades indisponíveis na API da loja; mostrando a unidade padrão (§9)", error);
    return [];
  }
}

/** Each unit's name by code, and the name an unknown code shows (spec §9): what the root loader sends. */
export function unitNamesOf(units: readonly StoreUnit[]): UnitNames {
  return {
    names: Object.fromEntries(units.map((unit) => [unit.code, unit.name])),
    fallback: unitFrom(units, null).name,
  };
}

/**
 * Where an item of this TIPO and unit is picked up, for goods (uniforms, material); null for a
 * course or an event. Read at the page's time: the unit's address and hours of today.
 */
export function pickupOf(
  units: readonly StoreUnit[],
  item: { TIPO: string; CODCOLIGADA: string | number },
): string | null {
  return isPickedUpAtUnit(item.TIPO) ? pickupText(unitFrom(units, item.CODCOLIGADA)) : null;
}
