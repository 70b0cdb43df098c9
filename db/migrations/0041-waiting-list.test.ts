import { describe, expect, it } from "vitest";
import { migrationTestDatabases } from "#tests/fixtures/migration-databases.ts";
import { migrateToLatest, type StoreDatabase } from "../client.ts";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const AT = NOW.toISOString();
const BEFORE = "0040-stock-alerts";

// On SQLite by default; on PostgreSQL when TEST_DATABASE_URL names a server (scripts/test.sh).
const seededAt = migrationTestDatabases(NOW);

async function upgraded(): Promise<StoreDatabase> {
  const db = await seededAt(BEFORE);
  await migrateToLatest(db);
  return db;
}

async function entryOf(db: StoreDatabase, id: string, email: string, position: number) {
  const course = await db
    .selectFrom("products")
    .select(["store_id", "unit_code", "item_totvs_id"])
    .where("type", "=", "S")
    .orderBy("item_totvs_id")
    .executeTakeFirstOrThrow();
  return {
    id,
    store_id: course.store_id,
    unit_code: course.unit_code,
    item_totvs_id: course.item_totvs_id,
    customer_id: null,
    email,
    consent_at: AT,
    storefront_url: "https://loja.example",
    position,
    status: "waiting" as const,
    offer_token_hash: null,
    offered_at: null,
    offer_expires_at: null,
    converted_sale_id: null,
    created_at: AT,
    updated_at: AT,
  };
}

describe("migration 0041 (waiting list)", () => {
  it("starts an upgraded store with empty waiting lists", async () => {
    const db = await upgraded();
    expect(await db.selectFrom("waiting_list_entries").selectAll().execute()).toEqual([]);
  });

  it("keeps one live place per course and e-mail, and lets an ended one join again", async () => {
    const db = await upgraded();
    await db
      .insertInto("waiting_list_entries")
      .values(await entryOf(db, "first", "mae@example.com", 1))
      .execute();
    await expect(
      db
        .insertInto("waiting_list_entries")
        .values(await entryOf(db, "twice", "mae@example.com", 2))
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto("waiting_list_entries")
      .values(await entryOf(db, "other", "pai@example.com", 2))
      .execute();
    await db.updateTable("waiting_list_entries").set({ status: "left" }).where("id", "=", "first").execute();
    await db
      .insertInto("waiting_list_entries")
      .values(await entryOf(db, "again", "mae@example.com", 3))
      .execute();
    const rows = await db.selectFrom("waiting_list_entries").select(["id", "status"]).orderBy("position").execute();
    expect(rows).toEqual([
      { id: "first", status: "left" },
      { id: "other", status: "waiting" },
      { id: "again", status: "waiting" },
    ]);
  });

  it("refuses a status outside the list's", async () => {
    const db = await upgraded();
    await expect(
      db
        .insertInto("waiting_list_entries")
        .values({ ...(await entryOf(db, "odd", "mae@example.com", 1)), status: "paused" as never })
        .execute(),
    ).rejects.toThrow();
  });
});
