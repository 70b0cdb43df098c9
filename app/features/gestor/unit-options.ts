import { useUnitName } from "#app/lib/school-units.ts";

/** A unit as a gestor choice lists it. */
interface ChoosableUnit {
  code: string;
  name: string;
  active: boolean;
}

/** A unit as a select or checkbox offers it: its code, and "code · name". */
export interface UnitOption {
  value: string;
  label: string;
}

/**
 * The units a gestor's select or checkboxes offer, in the network's order, as "code · name":
 * the active ones, and the inactive ones `kept` names (a coupon's or product's current unit, an
 * old order's filter), marked so they are not chosen anew by mistake.
 */
export function unitOptions(units: readonly ChoosableUnit[], kept: readonly string[] = []): UnitOption[] {
  return units
    .filter((unit) => unit.active || kept.includes(unit.code))
    .map((unit) => ({
      value: unit.code,
      label: `${unit.code} · ${unit.name}${unit.active ? "" : " (inativa)"}`,
    }));
}

/** A unit as the gestor reads it in tables: its code (CODCOLIGADA) and name, "3 · Colégio Saber Casa Forte". */
export function useUnitLabel(): (code: string) => string {
  const unitName = useUnitName();
  return (code) => `${code} · ${unitName(code)}`;
}
