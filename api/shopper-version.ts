import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

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

/** How many customers one read asks for at most (an IN list stays short). */
const MAX_PER_READ = 200;

/**
 * Reads customers' versions for many pages at once: a page's question joins the next read, which
 * starts once the one under way has answered, so every answer is read after its question was
 * asked and is as fresh as a read of its own. On PostgreSQL a page otherwise waits for a round
 * trip of its own (decision 0086); under load one read answers every page that arrived during the
 * one before.
 */
export function shopperVersionReader(db: Kysely<Database>): (customerId: string) => Promise<number> {
  let waiting: { customerId: string; resolve: (version: number) => void; reject: (error: unknown) => void }[] = [];
  let reading = false;

  async function readWhileWaiting() {
    reading = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, MAX_PER_READ);
        waiting = waiting.slice(MAX_PER_READ);
        try {
          const versions = await readShopperVersions(db, [...new Set(batch.map((asked) => asked.customerId))]);
          for (const asked of batch) asked.resolve(versions.get(asked.customerId) ?? 0);
        } catch (error) {
          for (const asked of batch) asked.reject(error);
        }
      }
    } finally {
      reading = false;
    }
  }

  return (customerId) =>
    new Promise<number>((resolve, reject) => {
      waiting.push({ customerId, resolve, reject });
      if (!reading) void readWhileWaiting();
    });
}
