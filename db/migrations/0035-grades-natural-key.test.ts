import { describe, expect, it } from "vitest";
import { migrationTestDatabases } from "#tests/fixtures/migration-databases.ts";
import { migrateToLatest, type StoreDatabase } from "../client.ts";

const NOW = new Date("2026-03-10T12:00:00.000Z");

// On SQLite by default; on PostgreSQL when TEST_DATABASE_URL names a server (scripts/test.sh).
const databaseAt = migrationTestDatabases(NOW);

const EF06 = { store_id: 1, course: "Ensino Fundamental II", grade_name: "6º Ano", codgrade: "EF06" } as const;

const linksOf = (db: StoreDatabase, productIds: string[]) =>
  db
    .selectFrom("product_series")
    .select(["product_id", "serie_id"])
    .where("product_id", "in", productIds)
    .orderBy("product_id")
    .orderBy("serie_id")
    .execute();

const highestGradeId = async (db: StoreDatabase) =>
  Number(
    (
      await db
        .selectFrom("series")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirstOrThrow()
    ).id,
  );

describe("migration 0035 (the grades' natural key)", () => {
  it("keeps one copy of a grade written twice, with the products of both copies", async () => {
    const db = await databaseAt("0034-school-units");
    const kept = await db
      .selectFrom("series")
      .select(["id", "period_code"])
      .where("codgrade", "=", "EF06")
      .orderBy("period_code", "desc")
      .executeTakeFirstOrThrow();
    // Two copies of EF06 in the same period, written by hand after the seed.
    await db
      .insertInto("series")
      .values([
        { ...EF06, id: 901, period_code: kept.period_code, position: 99 },
        { ...EF06, id: 902, period_code: kept.period_code, position: 100 },
      ])
      .execute();
    const [onKept, onCopy, onBoth] = await db.selectFrom("products").select("id").orderBy("id").limit(3).execute();
    const ids = [onKept!.id, onCopy!.id, onBoth!.id];
    await db.deleteFrom("product_series").where("product_id", "in", ids).execute();
    await db
      .insertInto("product_series")
      .values([
        { product_id: onKept!.id, serie_id: kept.id },
        { product_id: onCopy!.id, serie_id: 901 },
        { product_id: onBoth!.id, serie_id: 901 },
        { product_id: onBoth!.id, serie_id: 902 },
        { product_id: onBoth!.id, serie_id: kept.id },
      ])
      .execute();

    await migrateToLatest(db);

    const copies = await db
      .selectFrom("series")
      .select("id")
      .where("codgrade", "=", "EF06")
      .where("period_code", "=", kept.period_code)
      .execute();
    expect(copies).toEqual([{ id: kept.id }]);
    expect(await linksOf(db, ids)).toEqual(
      ids
        .map((productId) => ({ product_id: productId, serie_id: kept.id }))
        .sort((a, b) => (a.product_id < b.product_id ? -1 : 1)),
    );
    // The same code in another period is another grade.
    const periods = await db.selectFrom("series").select("period_code").where("codgrade", "=", "EF06").execute();
    expect(periods.length).toBe(2);
  });

  it("refuses a grade code twice in one period", async () => {
    const db = await databaseAt("latest");
    const grade = await db.selectFrom("series").selectAll().where("codgrade", "=", "EF06").executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto("series")
        .values({ ...EF06, period_code: grade.period_code, position: 50 })
        .execute(),
    ).rejects.toThrow();
  });

  it("gives a new grade an id past the seeded ones, and its updated_at", async () => {
    const db = await databaseAt("latest");
    const highest = await highestGradeId(db);
    const added = await db
      .insertInto("series")
      .values({ ...EF06, period_code: "209900", position: 1, updated_at: NOW.toISOString() })
      .returning(["id", "updated_at"])
      .executeTakeFirstOrThrow();
    expect(added.id).toBeGreaterThan(highest);
    expect(added.updated_at).toBe(NOW.toISOString());
  });

  it("starts an upgraded store's new ids past its grades", async () => {
    const db = await databaseAt("0034-school-units");
    await migrateToLatest(db);
    const highest = await highestGradeId(db);
    const added = await db
      .insertInto("series")
      .values({ ...EF06, period_code: "209900", position: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(highest + 1);
  });
});
