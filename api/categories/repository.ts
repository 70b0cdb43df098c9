import type { Selectable } from "kysely";
import type { CategoryTable } from "#db/schema.ts";
import type { Category } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { notFound } from "../errors.ts";

export function toCategory(row: Selectable<CategoryTable>): Category {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    visible: row.visible === 1,
    icon: row.icon,
    homeSection:
      row.home_position === null
        ? null
        : {
            position: row.home_position,
            heading: row.home_heading ?? row.title,
            menuLabel: row.home_menu_label ?? row.title,
          },
  };
}

export async function listCategories(
  { db }: ApiDeps,
  storeId: number,
  filter: { visibleOnly: boolean; enabledOnly: boolean },
): Promise<Category[]> {
  let query = db.selectFrom("categories").selectAll().where("store_id", "=", storeId);
  if (filter.visibleOnly) query = query.where("visible", "=", 1);
  if (filter.enabledOnly) query = query.where("status", "=", "enabled");
  const rows = await query.orderBy("position").orderBy("title").execute();
  return rows.map(toCategory);
}

export async function findCategoryById({ db }: ApiDeps, storeId: number, id: string): Promise<Category> {
  const row = await db
    .selectFrom("categories")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("Categoria não encontrada.");
  return toCategory(row);
}

/** A category a shopper may browse: visible and enabled. */
export async function findShoppableCategoryBySlug({ db }: ApiDeps, storeId: number, slug: string): Promise<Category> {
  const row = await db
    .selectFrom("categories")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("slug", "=", slug)
    .where("visible", "=", 1)
    .where("status", "=", "enabled")
    .executeTakeFirst();
  if (!row) throw notFound("Categoria não encontrada.");
  return toCategory(row);
}
