import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type StoreDatabase } from "../client.ts";
import { seedDemoData } from "../seed/index.ts";
import { migrationProvider } from "./index.ts";

const AT = "2026-03-10T12:00:00.000Z";

let db: StoreDatabase;
let dataDir: string;
let customerId: string;
let studentId: string;
let productId: string;

/** A database at 0004 with one cart (a bag, a line, a removal), then migrated to the latest. */
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-0005-"));
  db = await openDatabase({ dataDir });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const toCarts = await migrator.migrateTo("0004-carts");
  if (toCarts.error) throw toCarts.error;
  await seedDemoData(db, { now: new Date(AT) });
  customerId = (await db.selectFrom("customers").select("id").executeTakeFirstOrThrow()).id;
  studentId = (await db.selectFrom("students").select("id").executeTakeFirstOrThrow()).id;
  productId = (await db.selectFrom("products").select("id").executeTakeFirstOrThrow()).id;
  await sql`insert into carts (id, store_id, customer_id, affiliate_id, coupon_id, version, created_at, updated_at)
    values ('cart-1', 1, ${customerId}, '4', null, 3, ${AT}, ${AT})`.execute(db);
  await sql`insert into cart_bags (id, cart_id, student_id, position, created_at) values ('bag-1', 'cart-1', ${studentId}, 0, ${AT})`.execute(
    db,
  );
  await sql`insert into cart_items (id, bag_id, product_id, item_totvs_id, quantity, position, created_at)
    values ('item-1', 'bag-1', ${productId}, 123, 2, 0, ${AT})`.execute(db);
  await sql`insert into cart_removals (id, cart_id, customer_id, item_totvs_id, title, removed_at)
    values ('removal-1', 'cart-1', ${customerId}, 9, 'Caderno', ${AT})`.execute(db);
  const latest = await migrator.migrateToLatest();
  if (latest.error) throw latest.error;
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const insertCart = (id: string, owner: { customer_id: string | null; guest_key_hash: string | null }) =>
  db
    .insertInto("carts")
    .values({
      id,
      store_id: 1,
      ...owner,
      affiliate_id: null,
      coupon_id: null,
      version: 1,
      created_at: AT,
      updated_at: AT,
      deleted_at: null,
      finished_at: null,
    })
    .execute();

describe("0005-guest-carts", () => {
  it("keeps the carts written before it, with their references", async () => {
    const cart = await db.selectFrom("carts").selectAll().where("id", "=", "cart-1").executeTakeFirstOrThrow();
    expect(cart).toMatchObject({ customer_id: customerId, guest_key_hash: null, affiliate_id: "4", version: 3 });
    const line = await db
      .selectFrom("cart_items as i")
      .innerJoin("cart_bags as b", "b.id", "i.bag_id")
      .select(["b.student_id", "i.quantity"])
      .where("b.cart_id", "=", "cart-1")
      .execute();
    expect(line).toEqual([{ student_id: studentId, quantity: 2 }]);
    expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys).toBe(1);
  });

  it("still refuses a second open cart for a customer and a bag of an unknown cart", async () => {
    await expect(insertCart("cart-2", { customer_id: customerId, guest_key_hash: null })).rejects.toThrow();
    await expect(
      db
        .insertInto("cart_bags")
        .values({ id: "bag-x", cart_id: "nenhum", student_id: null, position: 0, created_at: AT })
        .execute(),
    ).rejects.toThrow();
  });

  it("lets a cart belong to a visitor, never to nobody or to both", async () => {
    await insertCart("guest-1", { customer_id: null, guest_key_hash: "a".repeat(64) });
    await expect(insertCart("guest-2", { customer_id: null, guest_key_hash: "a".repeat(64) })).rejects.toThrow();
    await expect(insertCart("nobody", { customer_id: null, guest_key_hash: null })).rejects.toThrow();
    await expect(insertCart("both", { customer_id: customerId, guest_key_hash: "b".repeat(64) })).rejects.toThrow();
  });

  it("allows one bag without a student per cart", async () => {
    const bagWithout = (id: string) =>
      db
        .insertInto("cart_bags")
        .values({ id, cart_id: "cart-1", student_id: null, position: 1, created_at: AT })
        .execute();
    await bagWithout("waiting-1");
    await expect(bagWithout("waiting-2")).rejects.toThrow();
  });
});
