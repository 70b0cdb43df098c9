import { sql, SqliteAdapter, type Kysely } from "kysely";

// The gestor's sale page shows a sale's history (issue 15, docs/decisions/0030-gestor-orders.md):
// every change of sales.status, whoever made it (the checkout, the acquirer's webhook, the
// reconciliation, the hourly expiry, the gestor), is recorded by a trigger, so no code path
// can forget it. The time is the sale's updated_at, which every status change sets from the
// application's clock. The indexes serve the gestor's list of sales: by date, and by the RA
// of a student in its bags.
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("sale_status_changes")
    .addColumn("id", sqlite ? "integer" : "bigserial", (c) =>
      sqlite ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn("sale_id", "text", (c) => c.notNull())
    .addColumn("from_status", "text", (c) => c.notNull())
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sale_status_changes_sale").on("sale_status_changes").column("sale_id").execute();
  await db.schema.createIndex("sales_store_created").on("sales").columns(["store_id", "created_at"]).execute();
  await db.schema.createIndex("sale_bags_student_ra").on("sale_bags").column("student_ra").execute();
  if (sqlite) {
    await sql`create trigger sales_status_history after update of status on sales when old.status is not new.status begin insert into sale_status_changes (sale_id, from_status, to_status, at) values (new.id, old.status, new.status, new.updated_at); end`.execute(
      db,
    );
  } else {
    await sql`create function sales_status_history() returns trigger language plpgsql as $$ begin insert into sale_status_changes (sale_id, from_status, to_status, at) values (new.id, old.status, new.status, new.updated_at); return null; end $$`.execute(
      db,
    );
    await sql`create trigger sales_status_history after update of status on sales for each row when (old.status is distinct from new.status) execute function sales_status_history()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter)
    await sql`drop trigger if exists sales_status_history`.execute(db);
  else await sql`drop function if exists sales_status_history() cascade`.execute(db);
  await db.schema.dropIndex("sale_bags_student_ra").execute();
  await db.schema.dropIndex("sales_store_created").execute();
  await db.schema.dropTable("sale_status_changes").execute();
}
