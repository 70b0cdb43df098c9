/**
 * What a page that shows stock and seats shows them from (docs/decisions/0087): the `available`
 * of each of its items, read now, as one string. The page cache keeps such a page while this
 * string stays the same, so a sale, a return or a gestor's count shows on the next page; a
 * product's sizes and whether an item is tracked are the catalogue's (its version, 0042), but a
 * level added or removed changes the string too.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { batchedReads } from "../batched-reads.ts";
import { findStockLevels, stockKeyOf, type StockItem } from "./repository.ts";

export type StockKey = Omit<StockItem, "storeId">;

/** The snapshot of `keys` from levels read by findStockLevels: each one's count, "-" when untracked. */
function snapshotOf(levels: Map<string, number>, keys: readonly StockKey[]): string {
  return keys.map((key) => levels.get(stockKeyOf(key)) ?? "-").join(",");
}

/** Many pages' snapshots to one read of stock_levels (batchedReads), each read after it was asked. */
export function stockSnapshotReader(
  db: Kysely<Database>,
  storeId: number,
): (keys: readonly StockKey[]) => Promise<string> {
  return batchedReads(async (questions: readonly (readonly StockKey[])[]) => {
    const levels = await findStockLevels(db, storeId, questions.flat());
    return questions.map((keys) => snapshotOf(levels, keys));
  });
}
