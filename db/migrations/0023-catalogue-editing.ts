import { SqliteAdapter, type Kysely } from "kysely";

// The gestor area's catalogue (issue 15, docs/decisions/0032-catalogue-editing.md): images
// uploaded for products live in the database, not under one server's DATA_DIR, so every server
// behind a load balancer serves them. An image row is never changed: a new upload is a new row
// and a new address, which lets the address be cached for good.
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof SqliteAdapter ? "blob" : "bytea";
  await db.schema
    .createTable("product_images")
    .addColumn("id", "text", (c) => c.primaryKey())
    // image/jpeg, image/png or image/webp, read from the bytes themselves.
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("data", bytes, (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("product_images").execute();
}
