import type { Kysely } from "kysely";
import { addDays, todayInBrazil } from "#core/dates.ts";
import type { Database } from "../schema.ts";
import { LIST_PUBLISHED_DAYS_AGO, MATERIAL_LISTS } from "./material-lists-data.ts";

/**
 * The demo's material lists of the current school period (material-lists-data.ts), published a
 * month before the seed's day. A migration's test may seed a store older than migration 0043:
 * then there is nothing to write.
 */
export async function seedMaterialLists(db: Kysely<Database>, storeId: number, now: Date): Promise<void> {
  const tables = new Set((await db.introspection.getTables()).map((table) => table.name));
  if (!tables.has("material_lists")) return;
  const at = now.toISOString();
  const periodCode = `${now.getFullYear()}00`;
  const publishFrom = addDays(todayInBrazil(now), -LIST_PUBLISHED_DAYS_AGO);
  const slugs = [...new Set(MATERIAL_LISTS.flatMap((list) => list.lines.map((line) => line.slug)))];
  const products = await db
    .selectFrom("products")
    .select(["id", "slug"])
    .where("store_id", "=", storeId)
    .where("slug", "in", slugs)
    .execute();
  const productId = new Map(products.map((product) => [product.slug, product.id]));
  for (const list of MATERIAL_LISTS) {
    const listId = crypto.randomUUID();
    await db
      .insertInto("material_lists")
      .values({
        id: listId,
        store_id: storeId,
        period_code: periodCode,
        codgrade: list.codgrade,
        notice: list.notice,
        publish_from: publishFrom,
        discount_percentage: list.discountPercentage,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto("material_list_lines")
      .values(
        list.lines.map((line, index) => {
          const id = productId.get(line.slug);
          if (!id) throw new Error(`Produto desconhecido na lista de material do seed: ${line.slug}`);
          return {
            id: crypto.randomUUID(),
            list_id: listId,
            product_id: id,
            // 1…n, as every gestor write numbers them: the export's ORDEM the import accepts.
            position: index + 1,
            quantity: line.quantity,
            required: line.required ? 1 : 0,
            note: line.note ?? null,
          };
        }),
      )
      .execute();
  }
}
