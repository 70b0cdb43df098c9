import { sql, SqliteAdapter, type Kysely } from "kysely";

// The grades of each school period become the gestor's to manage (issue 27, "Séries"): a grade
// is known by its natural key, the school's ERP's (store, CODPERLET, codgrade), which the CSV
// import and the sync match on; so the key is unique. Frozen: plain SQL, nothing from the code.
//
// A database written by hand could hold a grade twice: the copy with the lowest id stays, the
// products linked to another copy are linked to it instead (a link both had stays once), and the
// other copies go. Product links stay valid; the storefront's old grade ids in an address only
// select nothing.
//
// PostgreSQL's `id integer primary key` has no default (SQLite's is the rowid): a sequence owned
// by the column, past the highest id, gives the gestor's new grades their ids.
//
// updated_at: when the gestor last changed the grade; null for a grade not changed since 0035.
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const keeperOf = sql`(select min(k.id) from series k where k.store_id = s.store_id and k.period_code = s.period_code and k.codgrade = s.codgrade)`;
  await sql`insert into product_series (product_id, serie_id)
    select distinct ps.product_id, d.keeper from product_series ps
    join (select s.id, ${keeperOf} as keeper from series s) d on d.id = ps.serie_id
    where d.keeper <> d.id
    and not exists (select 1 from product_series o where o.product_id = ps.product_id and o.serie_id = d.keeper)`.execute(
    db,
  );
  const copies = sql`(select s.id from series s where s.id <> ${keeperOf})`;
  await sql`delete from product_series where serie_id in ${copies}`.execute(db);
  await sql`delete from series where id in ${copies}`.execute(db);

  await db.schema
    .createIndex("series_store_period_codgrade")
    .unique()
    .on("series")
    .columns(["store_id", "period_code", "codgrade"])
    .execute();
  await db.schema.alterTable("series").addColumn("updated_at", "text").execute();

  if (!sqlite) {
    await sql`create sequence series_id_seq owned by series.id`.execute(db);
    await sql`select setval('series_id_seq', coalesce((select max(id) from series), 0) + 1, false)`.execute(db);
    await sql`alter table series alter column id set default nextval('series_id_seq')`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (!sqlite) {
    await sql`alter table series alter column id drop default`.execute(db);
    await sql`drop sequence series_id_seq`.execute(db);
  }
  await db.schema.alterTable("series").dropColumn("updated_at").execute();
  await db.schema.dropIndex("series_store_period_codgrade").execute();
}
