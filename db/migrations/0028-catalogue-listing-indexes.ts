import type { Kysely } from "kysely";

// A catalogue of thousands of products (docs/decisions/0038): each listing reads its rows in
// the order it shows them and stops, instead of sorting the whole category at every request.
// A category's pages go by title (then id, so pages never overlap); the home's sections by
// newest; search by title across the store (a LIKE '%word%' cannot use an index, but the walk
// in title order stops at the 60th match).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("products_category_title")
    .on("products")
    .columns(["category_id", "title", "id"])
    .execute();
  await db.schema
    .createIndex("products_category_created")
    .on("products")
    .columns(["category_id", "created_at"])
    .execute();
  await db.schema.createIndex("products_store_title").on("products").columns(["store_id", "title"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_store_title").execute();
  await db.schema.dropIndex("products_category_created").execute();
  await db.schema.dropIndex("products_category_title").execute();
}
