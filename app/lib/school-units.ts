import { useRootData } from "#app/root.tsx";

/**
 * The network's unit names by code (CODCOLIGADA), and the one an unknown code shows (spec §9):
 * what the root loader sends every page (app/.server/school-units.server.ts).
 */
export interface UnitNames {
  names: Readonly<Record<string, string>>;
  fallback: string;
}

/** The name of the unit of `code`; spec §9's fallback for a code the network does not have. */
export function unitNameIn(units: UnitNames, code: string | number | null | undefined): string {
  const wanted = String(code ?? "").trim();
  return Object.hasOwn(units.names, wanted) ? units.names[wanted]! : units.fallback;
}

/** The unit-name lookup of a page (the storefront's or the gestor's), from the root loader's data. */
export function useUnitName(): (code: string | number | null | undefined) => string {
  const { unitNames } = useRootData();
  return (code) => unitNameIn(unitNames, code);
}
