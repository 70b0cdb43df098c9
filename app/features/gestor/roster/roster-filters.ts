/** The roster list's filters as the GET form sends them, and the list's address with them. */
import { GESTOR_PATHS } from "../gestor-paths.ts";

export const ROSTER_FILTER_KEYS = ["q", "unidade", "periodo", "serie", "naoMatriculados"] as const;
export type RosterFilterValues = Record<(typeof ROSTER_FILTER_KEYS)[number], string>;

/** The list's address with these filters (blank ones left out) and page. */
export function rosterListPath(filters: Partial<RosterFilterValues>, page?: number): string {
  const search = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  if (page && page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${GESTOR_PATHS.roster}?${query}` : GESTOR_PATHS.roster;
}
