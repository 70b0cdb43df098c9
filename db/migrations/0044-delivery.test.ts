import { describe, expect, it } from "vitest";
import { PICKUP_CODE_ALPHABET, PICKUP_CODE_LENGTH } from "#core/delivery.ts";
import { migrationTestDatabases } from "#tests/fixtures/migration-databases.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { migrateToLatest } from "../client.ts";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const BEFORE = "0043-material-lists";

// On SQLite by default; on PostgreSQL when TEST_DATABASE_URL names a server (scripts/test.sh).
const seededAt = migrationTestDatabases(NOW);

const goods = { title: "Caderno universitário", quantity: 1, unit_price_cents: 2990, type: "P" };
const seat = { title: "Curso de robótica", quantity: 1, unit_price_cents: 45000, type: "S" };

describe("migration 0044 (delivery)", () => {
  it("gives each existing sale with goods its own code, and a sale of seats only none", async () => {
    const db = await seededAt(BEFORE);
    const { id: customerId } = await db.selectFrom("customers").select("id").executeTakeFirstOrThrow();
    // Sales of the schema before 0044: no pickup_code column yet.
    const sale = (items: (typeof goods)[]) =>
      insertSale(db, { customer_id: customerId, pickup_code: null, bags: [{ student_name: "Lucas", items }] });
    const goodsOnly = await sale([goods]);
    const mixed = await sale([seat, goods]);
    const seatsOnly = await sale([seat]);
    await migrateToLatest(db);

    const codeOf = async (id: string) =>
      (await db.selectFrom("sales").select("pickup_code").where("id", "=", id).executeTakeFirstOrThrow()).pickup_code;
    const codes = [await codeOf(goodsOnly), await codeOf(mixed)];
    for (const code of codes) {
      expect(code).toHaveLength(PICKUP_CODE_LENGTH);
      expect([...code!].every((char) => PICKUP_CODE_ALPHABET.includes(char))).toBe(true);
    }
    expect(new Set(codes).size).toBe(2);
    expect(await codeOf(seatsOnly)).toBeNull();
  });

  it("keeps the last 30 days' goods awaiting separation and takes older ones as picked up", async () => {
    const db = await seededAt(BEFORE);
    const { id: customerId } = await db.selectFrom("customers").select("id").executeTakeFirstOrThrow();
    // The migration reads the real clock: "30 days before the upgrade" is the day it runs.
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    const sale = (paidAt: string | null, items: (typeof goods)[]) =>
      insertSale(db, {
        customer_id: customerId,
        pickup_code: null,
        paid_at: paidAt,
        bags: [{ student_name: "Lucas", items }],
      });
    const recent = await sale(daysAgo(29), [goods]);
    const old = await sale(daysAgo(31), [goods, seat]);
    const unpaid = await sale(null, [goods]);
    await migrateToLatest(db);

    const statesOf = async (saleId: string) =>
      (
        await db
          .selectFrom("sale_bag_items")
          .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
          .select(["sale_bag_items.type", "sale_bag_items.delivery_state", "sale_bag_items.handover_id"])
          .where("sale_bags.sale_id", "=", saleId)
          .orderBy("sale_bag_items.type")
          .execute()
      ).map((line) => `${line.type}:${line.delivery_state}:${line.handover_id}`);
    expect(await statesOf(recent)).toEqual(["P:awaiting:null"]);
    // A seat has nothing to pick up: it stays as it was.
    expect(await statesOf(old)).toEqual(["P:picked_up:null", "S:awaiting:null"]);
    expect(await statesOf(unpaid)).toEqual(["P:awaiting:null"]);
    expect(await db.selectFrom("customer_pickup_people").selectAll().execute()).toEqual([]);
  });

  it("refuses the same code twice in a store", async () => {
    const db = await seededAt(BEFORE);
    const { id: customerId } = await db.selectFrom("customers").select("id").executeTakeFirstOrThrow();
    await migrateToLatest(db);
    const bags = [{ student_name: "Lucas", items: [goods] }];
    await insertSale(db, { customer_id: customerId, pickup_code: "AB3K7Q", bags });
    await expect(insertSale(db, { customer_id: customerId, pickup_code: "AB3K7Q", bags })).rejects.toThrow();
  });
});
