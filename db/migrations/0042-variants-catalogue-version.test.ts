import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { migrationTestDatabases } from "#tests/fixtures/migration-databases.ts";
import type { StoreDatabase } from "../client.ts";
import { migrationProvider } from "./index.ts";

const NOW = new Date("2026-03-10T12:00:00.000Z");

// On SQLite by default; on PostgreSQL when TEST_DATABASE_URL names a server (scripts/test.sh).
const databaseAt = migrationTestDatabases(NOW);

const catalogueVersion = async (db: StoreDatabase) =>
  Number((await db.selectFrom("catalogue_version").select("version").executeTakeFirstOrThrow()).version);

async function aProduct(db: StoreDatabase) {
  return db
    .selectFrom("products")
    .select(["id", "store_id", "unit_code", "item_totvs_id"])
    .where("type", "=", "P")
    .orderBy("item_totvs_id")
    .executeTakeFirstOrThrow();
}

/** Size PP of the product, as the gestor's product form adds one. */
function addSizePP(db: StoreDatabase, product: { id: string; store_id: number }) {
  return db
    .insertInto("product_variants")
    .values({
      id: "variante-0042",
      store_id: product.store_id,
      product_id: product.id,
      item_totvs_id: 990_042,
      value: "PP",
      position: 1,
      price_cents: null,
      sale_price_cents: null,
      created_at: NOW.toISOString(),
    })
    .execute();
}

describe("migration 0042 (a product's sizes make the cached catalogue pages stale)", () => {
  it("bumps the catalogue's version when a size is added, changed or removed", async () => {
    const db = await databaseAt("latest");
    const product = await aProduct(db);
    const before = await catalogueVersion(db);
    await addSizePP(db, product);
    const afterInsert = await catalogueVersion(db);
    expect(afterInsert).toBeGreaterThan(before);
    await db.updateTable("product_variants").set({ active: 0 }).where("id", "=", "variante-0042").execute();
    const afterUpdate = await catalogueVersion(db);
    expect(afterUpdate).toBeGreaterThan(afterInsert);
    await db.deleteFrom("product_variants").where("id", "=", "variante-0042").execute();
    expect(await catalogueVersion(db)).toBeGreaterThan(afterUpdate);
  });

  it("leaves the version alone when only stock moves (listings carry no stock)", async () => {
    const db = await databaseAt("latest");
    const product = await aProduct(db);
    const before = await catalogueVersion(db);
    await db
      .insertInto("stock_levels")
      .values({
        store_id: product.store_id,
        unit_code: product.unit_code,
        item_totvs_id: product.item_totvs_id,
        available: 2,
        updated_at: NOW.toISOString(),
      })
      .onConflict((conflict) =>
        conflict.columns(["store_id", "unit_code", "item_totvs_id"]).doUpdateSet({ available: 2 }),
      )
      .execute();
    await db
      .updateTable("stock_levels")
      .set({ available: 1 })
      .where("item_totvs_id", "=", product.item_totvs_id)
      .execute();
    expect(await catalogueVersion(db)).toBe(before);
  });

  it("drops its triggers on the way down", async () => {
    const db = await databaseAt("0042-variants-catalogue-version");
    const product = await aProduct(db);
    const result = await new Migrator({ db, provider: migrationProvider }).migrateTo("0040-stock-alerts");
    if (result.error) throw result.error;
    const before = await catalogueVersion(db);
    await addSizePP(db, product);
    expect(await catalogueVersion(db)).toBe(before);
  });
});
