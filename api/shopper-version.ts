import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

/**
 * A customer's version: bumped by the database itself on every change to their open cart, its
 * bags and lines, their removal notices and their tokens (migration 0046), so the storefront can
 * tell that what it read of them is still so with one row (docs/decisions/0086). 0 for a
 * customer nothing was written for yet.
 */
export async function readShopperVersion(db: Kysely<Database>, customerId: string): Promise<number> {
  const row = await db
    .selectFrom("shopper_versions")
    .select("version")
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}
