import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * The tables whose rows a catalogue page shows (home, categories, products, search, the
 * menu and footer): a change to any of them makes every cached page and catalogue read stale.
 */
export const CATALOGUE_TABLES = [
  "stores",
  "categories",
  "products",
  "product_series",
  "series",
  "highlights",
  "highlight_banners",
  "payment_methods",
] as const;

// The page cache and the catalogue read cache (docs/decisions/0036-page-cache.md) keep what a
// catalogue change makes stale. The version is bumped by triggers, in the writer's own
// transaction, so every path that changes the catalogue (the gestor area, the gestor CLI, a
// CSV import, the seed, an operator's SQL) is seen, and each server polls one row to learn of it.
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("catalogue_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("catalogue_version").values({ id: 1, version: 1 }).execute();
  if (!sqlite) {
    await sql`create function bump_catalogue_version() returns trigger language plpgsql as $$ begin update catalogue_version set version = version + 1 where id = 1; return null; end $$`.execute(
      db,
    );
  }
  for (const table of CATALOGUE_TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      const name = sql.raw(`${table}_${event}_catalogue_version`);
      const on = sql.raw(`${event} on ${table}`);
      // SQLite has row triggers only; PostgreSQL bumps once per statement (a CSV import of
      // thousands of rows is one bump per statement, not per row).
      if (sqlite)
        await sql`create trigger ${name} after ${on} begin update catalogue_version set version = version + 1 where id = 1; end`.execute(
          db,
        );
      else
        await sql`create trigger ${name} after ${on} for each statement execute function bump_catalogue_version()`.execute(
          db,
        );
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const table of CATALOGUE_TABLES)
    for (const event of ["insert", "update", "delete"]) {
      const name = sql.raw(`${table}_${event}_catalogue_version`);
      if (sqlite) await sql`drop trigger if exists ${name}`.execute(db);
      else await sql`drop trigger if exists ${name} on ${sql.raw(table)}`.execute(db);
    }
  if (!sqlite) await sql`drop function if exists bump_catalogue_version()`.execute(db);
  await db.schema.dropTable("catalogue_version").execute();
}
