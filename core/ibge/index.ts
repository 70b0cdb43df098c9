/**
 * Brazil's states and municipalities (IBGE codes), bundled with the project so
 * nothing is fetched at run time. Field names follow the IBGE "localidades"
 * API. Source and licence: see README.md beside this file.
 */
import municipios from "./municipios.json" with { type: "json" };
import { isState, stateOf, STATES } from "./states.ts";

export { isState, stateOf, STATES };

export interface City {
  /** 7-digit IBGE municipality code, e.g. 2611606 */
  id: number;
  nome: string;
}

interface RawCity extends City {
  uf: string;
}

const collator = new Intl.Collator("pt-BR");
const byName = (a: { nome: string }, b: { nome: string }) => collator.compare(a.nome, b.nome);

const ALL_CITIES = municipios as readonly RawCity[];

/** Comparison key for names: no accents, no case, one kind of apostrophe, single spaces. */
function nameKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[’‘`´]/g, "'")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, " ");
}

function normaliseUf(uf: string): string {
  return uf.trim().toUpperCase();
}

// Built on first use, so importing the module costs only the JSON parse.
let citiesByUf: Map<string, readonly City[]> | undefined;

function cityIndex(): Map<string, readonly City[]> {
  if (citiesByUf) return citiesByUf;
  const groups = new Map<string, City[]>();
  for (const { id, nome, uf } of ALL_CITIES) {
    const list = groups.get(uf);
    if (list) list.push({ id, nome });
    else groups.set(uf, [{ id, nome }]);
  }
  citiesByUf = new Map();
  for (const [uf, list] of groups) citiesByUf.set(uf, Object.freeze(list.sort(byName)));
  return citiesByUf;
}

/** Whether `uf` is one of the 27 state abbreviations (case-insensitive: "pe" counts). */
/**
 * The municipalities of a state, sorted by name (pt-BR collation); an empty
 * list for an unknown UF. Returns a fresh array each call.
 */
export function citiesOf(uf: string): { id: number; nome: string }[] {
  return [...(cityIndex().get(normaliseUf(uf)) ?? [])];
}

/**
 * The municipality of `uf` whose name matches `cityName` ignoring accents,
 * case and extra spaces ("jaboatao dos guararapes" finds "Jaboatão dos
 * Guararapes"), or undefined. Use it to store the canonical IBGE spelling.
 */
export function findCity(uf: string, cityName: string): City | undefined {
  const key = nameKey(cityName);
  if (key === "") return undefined;
  return cityIndex()
    .get(normaliseUf(uf))
    ?.find((c) => nameKey(c.nome) === key);
}

/** Whether `cityName` is a municipality of `uf` (accent- and case-insensitive). */
export function isCityOf(uf: string, cityName: string): boolean {
  return findCity(uf, cityName) !== undefined;
}

/** Total number of municipalities bundled (5,571). */
export const CITY_COUNT = ALL_CITIES.length;
