import type { Serie } from "#api/contract/catalogue.ts";
import type { StoreApiClient } from "#app/.server/store-api/index.server.ts";

/** Grades change once a school period; a new grade reaches the page within this time. */
const SERIES_TTL_MS = 10 * 60 * 1000;

const cache = new Map<string, { until: number; series: Promise<Serie[]> }>();

/**
 * The grades of the current school period (spec §7 makes the series call "once when the
 * feature starts"), kept in this process per store and period for SERIES_TTL_MS, and shared by
 * the requests that ask meanwhile. A failure is logged and gives an empty list (spec §8), and
 * is not kept: the next request asks again. Several servers each keep their own copy.
 */
export function cachedSeries(api: Pick<StoreApiClient, "storeId" | "listSeries">, now = new Date()): Promise<Serie[]> {
  const key = `${api.storeId}:${now.getFullYear()}`;
  const kept = cache.get(key);
  if (kept && kept.until > now.getTime()) return kept.series;
  const entry = {
    until: now.getTime() + SERIES_TTL_MS,
    series: api.listSeries(now).catch((error: unknown) => {
      console.error("[compra-rapida] séries indisponíveis", error);
      if (cache.get(key) === entry) cache.delete(key);
      return [];
    }),
  };
  cache.set(key, entry);
  return entry.series;
}
