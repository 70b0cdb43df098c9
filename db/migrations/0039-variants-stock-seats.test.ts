import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { migrationTestDatabases } from "#tests/fixtures/migration-databases.ts";
import { migrateToLatest, type StoreDatabase } from "../client.ts";
import { migrationProvider } from "./index.ts";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const AT = NOW.toISOString();
const BEFORE = "0038-unit-staff";

// On SQLite by default; on PostgreSQL when TEST_DATABASE_URL names a server (scripts/test.sh).
const seededAt = migrationTestDatabases(NOW);

async function seededBeforeThenUpgraded(): Promise<StoreDatabase> {
  const db = await seededAt(BEFORE);
  await migrateToLatest(db);
  return db;
}

const aProduct = (db: StoreDatabase) =>
  db.selectFrom("products").select(["id", "store_id", "item_totvs_id", "unit_code"]).executeTakeFirstOrThrow();

describe("migration 0039 (variants, stock and seats)", () => {
  it("leaves an upgraded store's products without options, chart or seat limit", async () => {
    const db = await seededBeforeThenUpgraded();
    const products = await db.selectFrom("products").select(["option_name", "size_chart", "capacity"]).execute();
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.option_name === null && p.size_chart === null && p.capacity === null)).toBe(true);
    expect(await db.selectFrom("stock_levels").selectAll().execute()).toEqual([]);
  });

  it("refuses a stock level below zero", async () => {
    const db = await seededBeforeThenUpgraded();
    const product = await aProduct(db);
    const level = {
      store_id: product.store_id,
      unit_code: product.unit_code,
      item_totvs_id: product.item_totvs_id,
      updated_at: AT,
    };
    await db
      .insertInto("stock_levels")
      .values({ ...level, available: 1 })
      .execute();
    await expect(db.updateTable("stock_levels").set({ available: -1 }).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto("stock_levels")
        .values({ ...level, item_totvs_id: level.item_totvs_id + 900_000, available: -3 })
        .execute(),
    ).rejects.toThrow();
    const levels = await db.selectFrom("stock_levels").select("available").execute();
    expect(levels).toEqual([{ available: 1 }]);
  });

  it("keeps a variant's item code unique in the store and its value unique in the product", async () => {
    const db = await seededBeforeThenUpgraded();
    const product = await aProduct(db);
    const variant = (id: string, item: number, value: string) => ({
      id,
      store_id: product.store_id,
      product_id: product.id,
      item_totvs_id: item,
      value,
      position: 1,
      price_cents: null,
      sale_price_cents: null,
      created_at: AT,
    });
    await db
      .insertInto("product_variants")
      .values(variant("v-m", 880001, "M"))
      .execute();
    await expect(
      db
        .insertInto("product_variants")
        .values(variant("v-g", 880001, "G"))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("product_variants")
        .values(variant("v-m2", 880002, "M"))
        .execute(),
    ).rejects.toThrow();
    const [stored] = await db.selectFrom("product_variants").select(["value", "active"]).execute();
    expect(stored).toEqual({ value: "M", active: 1 });
  });

  it("goes down to 0038 and up again", async () => {
    const db = await seededBeforeThenUpgraded();
    const down = await new Migrator({ db, provider: migrationProvider }).migrateTo(BEFORE);
    if (down.error) throw down.error;
    await migrateToLatest(db);
    expect(await db.selectFrom("stock_movements").selectAll().execute()).toEqual([]);
  });
});
