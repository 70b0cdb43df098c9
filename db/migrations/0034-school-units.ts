import { sql, SqliteAdapter, type Kysely } from "kysely";

// The school network's units become data (issue 27): code (CODCOLIGADA), name, address, city,
// phone, e-mail, pickup hours and whether the unit is active, per store, so a new unit or a
// new phone number is no longer a code change. Frozen: the units below are a copy of the
// constants the store showed until now (core/school-units.ts at issue 26), written for every
// store that exists, so an upgraded store shows what it showed. A fresh database has no store
// yet: the demo seed writes them. No foreign key from products, coupons or sales: the codes come
// from the school's ERP and a sale keeps a snapshot.

const UNITS_AT_ISSUE_26 = [
  {
    code: "0",
    name: "Rede Saber Escolar - Sede Administrativa",
    address: "Av. Engenheiro Domingos Ferreira, 2160, Boa Viagem",
    city: "Recife - PE",
    phone: "(81) 3034-1000",
    email: "atendimento@lojaescolar.com.br",
  },
  {
    code: "1",
    name: "Colégio Saber Boa Viagem",
    address: "Rua Ernesto de Paula Santos, 1020, Boa Viagem",
    city: "Recife - PE",
    phone: "(81) 3034-1101",
    email: "boaviagem@lojaescolar.com.br",
  },
  {
    code: "3",
    name: "Colégio Saber Casa Forte",
    address: "Praça de Casa Forte, 354, Casa Forte",
    city: "Recife - PE",
    phone: "(81) 3034-1303",
    email: "casaforte@lojaescolar.com.br",
  },
  {
    code: "4",
    name: "Colégio Saber Graças",
    address: "Rua Amélia, 455, Graças",
    city: "Recife - PE",
    phone: "(81) 3034-1404",
    email: "gracas@lojaescolar.com.br",
  },
  {
    code: "5",
    name: "Colégio Saber Olinda",
    address: "Av. Getúlio Vargas, 1200, Bairro Novo",
    city: "Olinda - PE",
    phone: "(81) 3034-1505",
    email: "olinda@lojaescolar.com.br",
  },
  {
    code: "6",
    name: "Colégio Saber Jaboatão",
    address: "Av. Bernardo Vieira de Melo, 3300, Piedade",
    city: "Jaboatão dos Guararapes - PE",
    phone: "(81) 3034-1606",
    email: "jaboatao@lojaescolar.com.br",
  },
  {
    code: "7",
    name: "Colégio Saber Caruaru",
    address: "Av. Agamenon Magalhães, 780, Maurício de Nassau",
    city: "Caruaru - PE",
    phone: "(81) 3721-1707",
    email: "caruaru@lojaescolar.com.br",
  },
  {
    code: "10",
    name: "Colégio Saber João Pessoa",
    address: "Av. Epitácio Pessoa, 2500, Tambauzinho",
    city: "João Pessoa - PB",
    phone: "(83) 3224-1010",
    email: "joaopessoa@lojaescolar.com.br",
  },
  {
    code: "13",
    name: "Colégio Saber Natal",
    address: "Av. Hermes da Fonseca, 1450, Tirol",
    city: "Natal - RN",
    phone: "(84) 3222-1313",
    email: "natal@lojaescolar.com.br",
  },
] as const;

const EVENTS = ["insert", "update", "delete"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("school_units")
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    // Free text, as a secretary writes it: "Seg. a sex., 7h às 17h"; null: not informed.
    .addColumn("pickup_hours", "text")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("school_units_pk", ["store_id", "code"])
    .execute();

  // A unit's name, address and phone are on catalogue pages (product page, footer of
  // /atendimento): a change makes the cached pages stale, as 0027 does for the catalogue's
  // tables. PostgreSQL's bump_catalogue_version() is 0027's.
  for (const event of EVENTS) {
    const name = sql.raw(`school_units_${event}_catalogue_version`);
    const on = sql.raw(`${event} on school_units`);
    if (sqlite)
      await sql`create trigger ${name} after ${on} begin update catalogue_version set version = version + 1 where id = 1; end`.execute(
        db,
      );
    else
      await sql`create trigger ${name} after ${on} for each statement execute function bump_catalogue_version()`.execute(
        db,
      );
  }

  const stores = await db.selectFrom("stores").select("id").execute();
  const now = new Date().toISOString();
  for (const store of stores)
    await db
      .insertInto("school_units")
      .values(
        UNITS_AT_ISSUE_26.map((unit, index) => ({
          store_id: store.id,
          ...unit,
          pickup_hours: null,
          active: 1,
          position: index + 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const event of EVENTS) {
    const name = sql.raw(`school_units_${event}_catalogue_version`);
    if (sqlite) await sql`drop trigger if exists ${name}`.execute(db);
    else await sql`drop trigger if exists ${name} on school_units`.execute(db);
  }
  await db.schema.dropTable("school_units").execute();
}
