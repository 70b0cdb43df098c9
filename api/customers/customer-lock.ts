import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

/**
 * Serialises one customer's writes (cart, links) inside a transaction: a no-op update
 * holds the customer's row until commit in PostgreSQL and takes SQLite's write lock at
 * once, so two tabs or two servers never interleave their reads and writes.
 * Call it first in the transaction.
 */
export async function lockCustomer(db: Kysely<Database>, customerId: string): Promise<void> {
  await db
    .updateTable("customers")
    .set((eb) => ({ store_id: eb.ref("store_id") }))
    .where("id", "=", customerId)
    .execute();
}
