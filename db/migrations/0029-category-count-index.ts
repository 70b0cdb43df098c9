import type { Kysely } from "kysely";

// A category's page says how many products the category has (docs/decisions/0038). With only
// 0028's indexes SQLite counted through (store, title), reading every product of the store:
// 32–39 ms at 10,000 products, on each page's first read. This index holds every column the
// count filters on, so the count reads the category's index entries and nothing else (2 ms).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("products_category_shoppable")
    .on("products")
    .columns(["category_id", "store_id", "visible", "status"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_category_shoppable").execute();
}
