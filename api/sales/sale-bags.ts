import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

/**
 * A sale's bags as every reader lists them (the customer's order and receipt, the sale's e-mails,
 * the gestor's sale page): by student name, each with its items by title. `saleBagId` narrows it
 * to that one bag (the public receipt).
 *
 * Runs under plain Node too (api/sales/sale-emails.ts): no TypeScript-only syntax.
 */
export async function saleBagsWithItems(db: Kysely<Database>, saleId: string, saleBagId?: string) {
  let query = db.selectFrom("sale_bags").selectAll().where("sale_id", "=", saleId);
  if (saleBagId !== undefined) query = query.where("id", "=", saleBagId);
  const bags = await query.orderBy("student_name").orderBy("id").execute();
  if (bags.length === 0) return [];
  const items = await db
    .selectFrom("sale_bag_items")
    .selectAll()
    .where(
      "sale_bag_id",
      "in",
      bags.map((bag) => bag.id),
    )
    .orderBy("title")
    .orderBy("id")
    .execute();
  return bags.map((bag) => ({ ...bag, items: items.filter((item) => item.sale_bag_id === bag.id) }));
}
