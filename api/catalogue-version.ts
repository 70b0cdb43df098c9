import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

/**
 * The catalogue's version: bumped by the database itself on every change to a table a
 * catalogue page shows (migration 0027), so the caches of every server can tell they are stale
 * (docs/decisions/0036-page-cache.md).
 */
export async function readCatalogueVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("catalogue_version").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}
