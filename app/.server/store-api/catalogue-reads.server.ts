import { catalogue } from "#api/contract/catalogue.ts";
import type { Endpoint } from "#api/contract/endpoint.ts";
import { ByteLru } from "../byte-lru.server.ts";

/**
 * The store API's catalogue reads, kept in memory for every page that asks again, a logged-in
 * shopper's included (docs/decisions/0036-page-cache.md): the same reply for everyone, until
 * the catalogue version moves or 30 s pass (what time changes). The newsletter, the one write
 * of the catalogue area, is never kept.
 */
const CATALOGUE_READS: ReadonlySet<Endpoint> = new Set<Endpoint>([
  catalogue.listCategories,
  catalogue.getCategoryById,
  catalogue.listProductsByCategorySlug,
  // The paged listing (beyond §7, docs/decisions/0038): the same for everyone too. Not the
  // product by slug: it carries the stock and seats of now (docs/decisions/0066).
  catalogue.listProductPageByCategorySlug,
  catalogue.listProductsBySeries,
  catalogue.listHomeProducts,
  catalogue.searchProducts,
  catalogue.getHighlight,
  catalogue.listSeries,
  catalogue.getStore,
  // The network's units (beyond §7, issue 27): the same for everyone too.
  catalogue.listUnits,
  catalogue.listPaymentMethods,
]);

const TTL_MS = 30_000;
const MAX_BYTES = 16 * 1024 * 1024;

interface Kept {
  reply: unknown;
  version: number | null;
  expiresAt: number;
}

const kept = new ByteLru<Kept>(MAX_BYTES);

/** One request's view of the kept catalogue reads (StoreApiClientOptions.catalogueReads). */
export interface CatalogueReads {
  /** The key of a catalogue read, or null for any other call. */
  keyOf(endpoint: Endpoint, path: string, body: string | undefined): string | null;
  /** The reply kept for `key`, when the catalogue has not changed since. */
  kept(key: string): Promise<unknown>;
  keep(key: string, reply: unknown, bytes: number): Promise<void>;
}

/**
 * The kept reads for one request: the catalogue's version is asked once per request (one
 * primary-key read, far cheaper than the calls it saves), so a page never shows a catalogue
 * older than the database it reads from; without a version (another server's API), the time
 * to live alone.
 */
export function catalogueReadsFor(version: () => Promise<number | null>): CatalogueReads {
  let asked: Promise<number | null> | undefined;
  const current = () => (asked ??= version());
  return {
    keyOf: (endpoint, path, body) =>
      CATALOGUE_READS.has(endpoint) ? `${endpoint.method} ${path} ${body ?? ""}` : null,
    async kept(key) {
      const entry = kept.get(key);
      if (!entry || entry.expiresAt <= Date.now() || entry.version !== (await current())) return undefined;
      return entry.reply;
    },
    async keep(key, reply, bytes) {
      // Frozen: every page shares it, so a caller that changed it would change it for all.
      kept.set(
        key,
        { reply: deepFreeze(reply), version: await current(), expiresAt: Date.now() + TTL_MS },
        key.length + bytes,
      );
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
