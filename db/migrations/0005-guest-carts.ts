import { sql, SqliteAdapter, type Kysely } from "kysely";

// A visitor's cart (spec §6) is a cart without a customer, found by the SHA-256 of a
// random key kept in the visitor's session; its one bag has no student yet. At login it
// joins the account's cart as a student-less bag ("Selecionar estudante") until the
// checkout asks who the items are for. So:
//   carts.customer_id     NOT NULL → nullable, with guest_key_hash: exactly one of the two
//   cart_bags.student_id  NOT NULL → nullable, at most one student-less bag per cart
//
// PostgreSQL drops the NOT NULLs in place. SQLite cannot, so both tables are rebuilt the
// way SQLite documents it (new table, copy, drop, rename) with foreign keys off meanwhile.

const OWNER_CHECK = sql`(customer_id is null) <> (guest_key_hash is null)`;

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await rebuildForSqlite(db);
  } else {
    await db.schema
      .alterTable("carts")
      .alterColumn("customer_id", (column) => column.dropNotNull())
      .execute();
    await db.schema.alterTable("carts").addColumn("guest_key_hash", "text").execute();
    await db.schema.alterTable("carts").addCheckConstraint("carts_one_owner", OWNER_CHECK).execute();
    await db.schema
      .alterTable("cart_bags")
      .alterColumn("student_id", (column) => column.dropNotNull())
      .execute();
  }
  await createNewIndexes(db);
}

async function createNewIndexes(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("carts_one_open_per_guest")
    .on("carts")
    .columns(["guest_key_hash", "store_id"])
    .unique()
    .where(sql.ref("guest_key_hash"), "is not", null)
    .where(sql.ref("deleted_at"), "is", null)
    .where(sql.ref("finished_at"), "is", null)
    .execute();
  await db.schema.createIndex("carts_guest_updated").on("carts").columns(["guest_key_hash", "updated_at"]).execute();
  await db.schema
    .createIndex("cart_bags_one_without_student")
    .on("cart_bags")
    .column("cart_id")
    .unique()
    .where(sql.ref("student_id"), "is", null)
    .execute();
}

async function rebuildForSqlite(db: Kysely<any>): Promise<void> {
  // Kysely runs SQLite migrations outside a transaction (PRAGMA foreign_keys cannot
  // change inside one), so this one opens its own.
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`begin`.execute(db);
  try {
    await db.schema
      .createTable("carts_rebuilt")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
      .addColumn("customer_id", "text", (c) => c.references("customers.id"))
      .addColumn("guest_key_hash", "text")
      .addColumn("affiliate_id", "text")
      .addColumn("coupon_id", "text", (c) => c.references("coupons.id"))
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("deleted_at", "text")
      .addColumn("finished_at", "text")
      .addCheckConstraint("carts_one_owner", OWNER_CHECK)
      .execute();
    await sql`insert into carts_rebuilt (id, store_id, customer_id, guest_key_hash, affiliate_id, coupon_id, version, created_at, updated_at, deleted_at, finished_at)
      select id, store_id, customer_id, null, affiliate_id, coupon_id, version, created_at, updated_at, deleted_at, finished_at from carts`.execute(
      db,
    );
    await db.schema.dropTable("carts").execute();
    await sql`alter table carts_rebuilt rename to carts`.execute(db);
    // The indexes of 0004 went with the old table.
    await db.schema
      .createIndex("carts_one_open_per_customer")
      .on("carts")
      .columns(["customer_id", "store_id"])
      .unique()
      .where(sql.ref("deleted_at"), "is", null)
      .where(sql.ref("finished_at"), "is", null)
      .execute();
    await db.schema.createIndex("carts_customer").on("carts").column("customer_id").execute();

    await db.schema
      .createTable("cart_bags_rebuilt")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("cart_id", "text", (c) => c.notNull().references("carts.id"))
      .addColumn("student_id", "text", (c) => c.references("students.id"))
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint("cart_bags_cart_student", ["cart_id", "student_id"])
      .execute();
    await sql`insert into cart_bags_rebuilt (id, cart_id, student_id, position, created_at)
      select id, cart_id, student_id, position, created_at from cart_bags`.execute(db);
    await db.schema.dropTable("cart_bags").execute();
    await sql`alter table cart_bags_rebuilt rename to cart_bags`.execute(db);

    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`0005-guest-carts: ${broken.rows.length} referências quebradas`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error(
    "0005-guest-carts não pode ser desfeita: carrinhos sem cliente ou sem estudante não caberiam em 0004.",
  );
}
