import { describe, expect, it } from "vitest";
import { migrationTestDatabases } from "#tests/fixtures/migration-databases.ts";
import { migrateToLatest, type StoreDatabase } from "../client.ts";
import { seedDemoData } from "../seed/index.ts";

const NOW = new Date("2026-03-10T12:00:00.000Z");

// On SQLite by default; on PostgreSQL when TEST_DATABASE_URL names a server (scripts/test.sh).
const databaseAt = migrationTestDatabases(NOW);

const unitsOf = (db: StoreDatabase) =>
  db
    .selectFrom("school_units")
    .select(["store_id", "code", "name", "address", "city", "phone", "email", "pickup_hours", "active", "position"])
    .orderBy("position")
    .execute();

const catalogueVersion = async (db: StoreDatabase) =>
  (await db.selectFrom("catalogue_version").select("version").executeTakeFirstOrThrow()).version;

describe("migration 0034 (school units)", () => {
  it("gives a store that existed the units it showed, head office first", async () => {
    const db = await databaseAt("0033-customer-address-complement");
    await migrateToLatest(db);
    const units = await unitsOf(db);
    expect(units.map((unit) => unit.code)).toEqual(["0", "1", "3", "4", "5", "6", "7", "10", "13"]);
    expect(units[1]).toEqual({
      store_id: 1,
      code: "1",
      name: "Colégio Saber Boa Viagem",
      address: "Rua Ernesto de Paula Santos, 1020, Boa Viagem",
      city: "Recife - PE",
      phone: "(81) 3034-1101",
      email: "boaviagem@lojaescolar.com.br",
      pickup_hours: null,
      active: 1,
      position: 2,
    });
  });

  it("leaves a database without a store to the seed, which writes the same units", async () => {
    const upgraded = await databaseAt("0033-customer-address-complement");
    await migrateToLatest(upgraded);
    const fresh = await databaseAt("latest", { seeded: false });
    expect(await unitsOf(fresh)).toEqual([]);
    await seedDemoData(fresh, { now: NOW });
    // The same units; the demo also says when its schools hand orders out, which an upgraded
    // store had never said (the migration leaves the hours to the network).
    const withoutHours = (units: Awaited<ReturnType<typeof unitsOf>>) =>
      units.map(({ pickup_hours: _hours, ...unit }) => unit);
    const seeded = await unitsOf(fresh);
    expect(withoutHours(seeded)).toEqual(withoutHours(await unitsOf(upgraded)));
    expect((await unitsOf(upgraded)).every((unit) => unit.pickup_hours === null)).toBe(true);
    expect(seeded.filter((unit) => unit.code !== "0").every((unit) => unit.pickup_hours !== null)).toBe(true);
  });

  it("makes the cached catalogue pages stale when a unit changes", async () => {
    const db = await databaseAt("latest");
    const before = await catalogueVersion(db);
    await db
      .updateTable("school_units")
      .set({ phone: "(81) 3034-1199" })
      .where("store_id", "=", 1)
      .where("code", "=", "1")
      .execute();
    const afterUpdate = await catalogueVersion(db);
    expect(afterUpdate).toBeGreaterThan(before);
    await db.deleteFrom("school_units").where("code", "=", "13").execute();
    expect(await catalogueVersion(db)).toBeGreaterThan(afterUpdate);
  });

  it("refuses a second unit with the same code in a store", async () => {
    const db = await databaseAt("latest");
    const unit = await db.selectFrom("school_units").selectAll().where("code", "=", "1").executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto("school_units")
        .values({ ...unit, name: "Outra" })
        .execute(),
    ).rejects.toThrow();
  });
});
