import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { batchedReads } from "./batched-reads.ts";

/**
 * Customers' versions: bumped by the database itself on every change to their open cart, its
 * bags and lines, their removal notices and their tokens (migration 0046), so the storefront can
 * tell that what it read of them is still so with one row (docs/decisions/0086). 0 for a
 * customer nothing was written for yet.
 */
async function readShopperVersions(db: Kysely<Database>, customerIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("shopper_versions")
    .select(["customer_id", "version"])
    .where("customer_id", "in", customerIds)
    .execute();
  return new Map(rows.map((row) => [row.customer_id, Number(row.version)]));
}

/**
 * Reads customers' versions for many pages at once (batchedReads): each answer is read after its
 * question was asked, so it is as fresh as a read of its own (decision 0086).
 */
export function shopperVersionReader(db: Kysely<Database>): (customerId: string) => Promise<number> {
  return batchedReads(async (customerIds: readonly string[]) => {
    const versions = await readShopperVersions(db, [...new Set(customerIds)]);
    return customerIds.map((customerId) => versions.get(customerId) ?? 0);
  });
}
