import { sql, SqliteAdapter, type Kysely } from "kysely";

// A product's sizes are on catalogue pages (the product page's "Tamanho" buttons, a size's own
// price, a size the gestor hides): a change to product_variants makes the cached pages and
// catalogue reads stale, as 0027 does for the catalogue's tables and 0034 for the units.
// stock_levels gets no trigger: listings carry no stock, and a page that shows stock (the
// product page's "Esgotado", "Restam N vagas") is never cached (server/page-cache), so a sale
// does not empty every server's cache. PostgreSQL's bump_catalogue_version() is 0027's.
// Frozen: imports nothing from the code.
const EVENTS = ["insert", "update", "delete"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const event of EVENTS) {
    const name = sql.raw(`product_variants_${event}_catalogue_version`);
    const on = sql.raw(`${event} on product_variants`);
    // SQLite has row triggers only; PostgreSQL bumps once per statement (a CSV import).
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

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const event of EVENTS) {
    const name = sql.raw(`product_variants_${event}_catalogue_version`);
    if (sqlite) await sql`drop trigger if exists ${name}`.execute(db);
    else await sql`drop trigger if exists ${name} on product_variants`.execute(db);
  }
}
