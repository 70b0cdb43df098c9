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

  it("starts every existing line awaiting separation, and an account with no people named", async () => {
    const db = await seededAt(BEFORE);
    const { id: customerId } = await db.selectFrom("customers").select("id").executeTakeFirstOrThrow();
    await insertSale(db, {
      customer_id: customerId,
      pickup_code: null,
      bags: [{ student_name: "Lucas", items: [goods] }],
    });
    await migrateToLatest(db);
    const states = await db.selectFrom("sale_bag_items").select(["delivery_state", "handover_id"]).execute();
    expect(states).toEqual([{ delivery_state: "awaiting", handover_id: null }]);
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
