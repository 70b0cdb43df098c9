/**
 * Brazil's 27 federative units (IBGE codes), small enough for the browser bundle.
 * Cities live in ./index.ts, which only the server (or a lazy chunk) should import.
 */
import estados from "./estados.json" with { type: "json" };

export interface State {
  /** IBGE state code, e.g. 26 */
  id: number;
  /** Abbreviation (UF), e.g. "PE" */
  sigla: string;
  nome: string;
}

const collator = new Intl.Collator("pt-BR");

/** The 27 federative units, sorted by name. */
export const STATES: readonly State[] = Object.freeze(
  (estados as State[])
    .map(({ id, sigla, nome }) => ({ id, sigla, nome }))
    .sort((a, b) => collator.compare(a.nome, b.nome)),
);

const STATE_BY_UF = new Map(STATES.map((s) => [s.sigla, s]));

export function stateOf(uf: string): State | undefined {
  return STATE_BY_UF.get(uf.trim().toUpperCase());
}

export function isState(uf: string): boolean {
  return stateOf(uf) !== undefined;
}
