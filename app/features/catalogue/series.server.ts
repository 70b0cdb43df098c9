import type { Serie } from "#api/contract/catalogue.ts";
import type { StoreApiClient } from "#app/.server/store-api/index.server.ts";

/**
 * The grades of the current school period (spec §7's series call), read for each page: the
 * call is one of the kept catalogue reads (catalogue-reads.server.ts), kept until the catalogue
 * version moves, and `series` is one of migration 0027's catalogue tables, so a grade the
 * gestor adds, edits or reorders in Séries shows on the next page, on every server
 * (docs/decisions/0058-grades-of-each-school-period.md). A failure is logged and gives an empty list
 * (spec §8).
 */
export async function currentSeries(api: Pick<StoreApiClient, "listSeries">, now = new Date()): Promise<Serie[]> {
  try {
    return await api.listSeries(now);
  } catch (error) {
    console.error("[compra-rapida] séries indisponíveis", error);
    return [];
  }
}
