import { sql, SqliteAdapter, type Kysely } from "kysely";

// A customer's version: bumped by the database itself, in the writer's own transaction, on every
// change to what a page's header shows of them (their open cart, its bags and lines, a removal
// notice) or to what lets them in (their tokens). The page cache keeps one read of a parent's
// cart and asks for this one row on each page instead of reading the cart again (decision
// 0086); as with catalogue_version (0027), every path that writes (the storefront, the gestor
// area, a sweep, a webhook, an operator's SQL) is seen. Row triggers on both databases: each
// change names its customer. Frozen: imports nothing from the code.

/** Tables with the customer's id on the row, and the triggers that read it there. */
const OWN_ROW_TABLES = ["carts", "cart_removals", "customer_tokens"] as const;
const EVENTS = ["insert", "update", "delete"] as const;

/** SQLite: the statement adding one to the version of the customer `customer` names (null: none). */
function sqliteBump(customer: string) {
  return `insert into shopper_versions (customer_id, version) select ${customer}, 1 where ${customer} is not null on conflict (customer_id) do update set version = version + 1;`;
}

/** SQLite: the customer of a bag's cart, and of a line's bag's cart. */
const BAG_CUSTOMER = (bag: string) => `(select customer_id from carts where id = ${bag}.cart_id)`;
const ITEM_CUSTOMER = (item: string) =>
  `(select c.customer_id from cart_bags b join carts c on c.id = b.cart_id where b.id = ${item}.bag_id)`;

/** SQLite: the trigger body for `event` on a table whose rows lead to their customer through `customerOf`. */
function sqliteBody(event: (typeof EVENTS)[number], customerOf: (row: string) => string): string {
  if (event === "insert") return sqliteBump(customerOf("NEW"));
  if (event === "delete") return sqliteBump(customerOf("OLD"));
  // A visitor's cart taken over at login changes hands: both customers' pages change.
  return `${sqliteBump(customerOf("NEW"))} ${sqliteBump(`(select ${customerOf("OLD")} where ${customerOf("OLD")} is not ${customerOf("NEW")})`)}`;
}

const triggerName = (table: string, event: string) => sql.raw(`${table}_${event}_shopper_version`);

function sqliteTriggers(): { table: string; event: (typeof EVENTS)[number]; body: string }[] {
  const own = (row: string) => `${row}.customer_id`;
  return EVENTS.flatMap((event) => [
    ...OWN_ROW_TABLES.map((table) => ({ table, event, body: sqliteBody(event, own) })),
    { table: "cart_bags", event, body: sqliteBody(event, BAG_CUSTOMER) },
    { table: "cart_items", event, body: sqliteBody(event, ITEM_CUSTOMER) },
  ]);
}

/** PostgreSQL: one trigger function per way a row names its customer. */
const POSTGRES_FUNCTIONS = {
  shopper_version_own_row: {
    tables: OWN_ROW_TABLES,
    customerOf: (row: string) => `${row}.customer_id`,
  },
  shopper_version_bag: {
    tables: ["cart_bags"],
    customerOf: (row: string) => `(select customer_id from carts where id = ${row}.cart_id)`,
  },
  shopper_version_item: {
    tables: ["cart_items"],
    customerOf: (row: string) =>
      `(select c.customer_id from cart_bags b join carts c on c.id = b.cart_id where b.id = ${row}.bag_id)`,
  },
} as const;

function postgresFunction(name: string, customerOf: (row: string) => string): string {
  return `create function ${name}() returns trigger language plpgsql as $$
declare
  new_customer text;
  old_customer text;
begin
  if tg_op <> 'DELETE' then new_customer := ${customerOf("NEW")}; end if;
  if tg_op <> 'INSERT' then old_customer := ${customerOf("OLD")}; end if;
  if new_customer is not null then perform bump_shopper_version(new_customer); end if;
  if old_customer is not null and old_customer is distinct from new_customer then perform bump_shopper_version(old_customer); end if;
  return null;
end $$`;
}

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("shopper_versions")
    .addColumn("customer_id", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  if (sqlite) {
    for (const { table, event, body } of sqliteTriggers())
      await sql`create trigger ${triggerName(table, event)} after ${sql.raw(`${event} on ${table}`)} begin ${sql.raw(body)} end`.execute(
        db,
      );
    return;
  }
  await sql`create function bump_shopper_version(customer text) returns void language sql as $$ insert into shopper_versions (customer_id, version) values (customer, 1) on conflict (customer_id) do update set version = shopper_versions.version + 1 $$`.execute(
    db,
  );
  for (const [name, { tables, customerOf }] of Object.entries(POSTGRES_FUNCTIONS)) {
    await sql.raw(postgresFunction(name, customerOf)).execute(db);
    for (const table of tables)
      for (const event of EVENTS)
        await sql`create trigger ${triggerName(table, event)} after ${sql.raw(`${event} on ${table}`)} for each row execute function ${sql.raw(name)}()`.execute(
          db,
        );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const table of [...OWN_ROW_TABLES, "cart_bags", "cart_items"])
    for (const event of EVENTS) {
      if (sqlite) await sql`drop trigger if exists ${triggerName(table, event)}`.execute(db);
      else await sql`drop trigger if exists ${triggerName(table, event)} on ${sql.raw(table)}`.execute(db);
    }
  if (!sqlite) {
    for (const name of Object.keys(POSTGRES_FUNCTIONS)) await sql.raw(`drop function if exists ${name}()`).execute(db);
    await sql`drop function if exists bump_shopper_version(text)`.execute(db);
  }
  await db.schema.dropTable("shopper_versions").execute();
}
