import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { RemovedCartItem } from "../contract/carts.ts";

/** Notes what the gestor took out of a customer's cart, for the customer's notice (spec §8). */
export async function recordRemovals(
  db: Kysely<Database>,
  removal: { cartId: string; customerId: string; at: string },
  items: readonly Omit<RemovedCartItem, "id">[],
): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto("cart_removals")
    .values(
      items.map((item) => ({
        id: crypto.randomUUID(),
        cart_id: removal.cartId,
        customer_id: removal.customerId,
        item_totvs_id: item.itemTOTVSId,
        title: item.title,
        removed_at: removal.at,
        reported_at: null,
      })),
    )
    .execute();
}

/** At most this many removals in a reply: a notice names a few, and a reply stays small. */
const MAX_LISTED = 50;

/**
 * The removals the customer has not acknowledged yet. A read does not consume them
 * (docs/decisions/0007): a reply no page showed (a redirect, a parallel read, a payment
 * refused) must not lose the notice, so they stay listed until acknowledgeRemovals.
 */
export async function pendingRemovals(db: Kysely<Database>, customerId: string): Promise<RemovedCartItem[]> {
  const rows = await db
    .selectFrom("cart_removals")
    .select(["id", "item_totvs_id", "title"])
    .where("customer_id", "=", customerId)
    .where("reported_at", "is", null)
    .orderBy("removed_at")
    .orderBy("title")
    .limit(MAX_LISTED)
    .execute();
  return rows.map((row) => ({ id: row.id, itemTOTVSId: row.item_totvs_id, title: row.title }));
}

/**
 * The customer saw the notice of these removals: they leave the cart replies. Ids of someone
 * else's removals, or already acknowledged ones, are ignored (a repeated call is harmless).
 */
export async function acknowledgeRemovals(
  db: Kysely<Database>,
  customerId: string,
  ids: readonly string[],
  at: string,
): Promise<number> {
  const result = await db
    .updateTable("cart_removals")
    .set({ reported_at: at })
    .where("customer_id", "=", customerId)
    .where("id", "in", [...ids])
    .where("reported_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
