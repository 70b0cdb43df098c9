import { describe, expect, it } from "vitest";
import { migrationTestDatabases } from "#tests/fixtures/migration-databases.ts";
import { migrateToLatest, type StoreDatabase } from "../client.ts";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const AT = NOW.toISOString();
const BEFORE = "0039-variants-stock-seats";

// On SQLite by default; on PostgreSQL when TEST_DATABASE_URL names a server (scripts/test.sh).
const seededAt = migrationTestDatabases(NOW);

async function upgraded(): Promise<StoreDatabase> {
  const db = await seededAt(BEFORE);
  await migrateToLatest(db);
  return db;
}

async function alertOf(db: StoreDatabase, id: string, email: string) {
  const product = await db
    .selectFrom("products")
    .select(["store_id", "unit_code", "item_totvs_id"])
    .orderBy("item_totvs_id")
    .executeTakeFirstOrThrow();
  return {
    id,
    store_id: product.store_id,
    unit_code: product.unit_code,
    item_totvs_id: product.item_totvs_id,
    email,
    customer_id: null,
    consent_at: AT,
    storefront_url: "https://loja.example",
    created_at: AT,
  };
}

describe("migration 0040 (stock alerts)", () => {
  it("starts an upgraded store without alerts", async () => {
    const db = await upgraded();
    expect(await db.selectFrom("stock_alerts").selectAll().execute()).toEqual([]);
  });

  it("keeps one pending alert per item and e-mail, and lets a notified address ask again", async () => {
    const db = await upgraded();
    await db
      .insertInto("stock_alerts")
      .values(await alertOf(db, "first", "mae@example.com"))
      .execute();
    await expect(
      db
        .insertInto("stock_alerts")
        .values(await alertOf(db, "second", "mae@example.com"))
        .execute(),
    ).rejects.toThrow();
    // Another address waits for the same item.
    await db
      .insertInto("stock_alerts")
      .values(await alertOf(db, "other", "pai@example.com"))
      .execute();
    await db.updateTable("stock_alerts").set({ notified_at: AT }).where("id", "=", "first").execute();
    await db
      .insertInto("stock_alerts")
      .values(await alertOf(db, "again", "mae@example.com"))
      .execute();
    const rows = await db.selectFrom("stock_alerts").select(["id", "notified_at"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "again", notified_at: null },
      { id: "first", notified_at: AT },
      { id: "other", notified_at: null },
    ]);
  });
});
