import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { RemovedCartItem } from "../contract/carts.ts";

/** Notes what the gestor took out of a customer's cart, for the next cart reply (spec §8). */
export async function recordRemovals(
  db: Kysely<Database>,
  removal: { cartId: string; customerId: string; at: string },
  items: readonly RemovedCartItem[],
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

/**
 * The removals the customer has not been told about, marked as told. The update
 * claims the rows, so two replies at once never report the same removal twice.
 */
export async function takeRemovals(db: Kysely<Database>, customerId: string, at: string): Promise<RemovedCartItem[]> {
  const pending = await db
    .selectFrom("cart_removals")
    .select("id")
    .where("customer_id", "=", customerId)
    .where("reported_at", "is", null)
    .execute();
  if (pending.length === 0) return [];
  const claimed = await db
    .updateTable("cart_removals")
    .set({ reported_at: at })
    .where(
      "id",
      "in",
      pending.map((row) => row.id),
    )
    .where("reported_at", "is", null)
    .returning(["item_totvs_id", "title", "removed_at"])
    .execute();
  return claimed
    .sort((a, b) => a.removed_at.localeCompare(b.removed_at) || a.title.localeCompare(b.title))
    .map((row) => ({ itemTOTVSId: row.item_totvs_id, title: row.title }));
}
