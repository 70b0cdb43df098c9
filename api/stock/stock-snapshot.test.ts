import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingQueries } from "#tests/fixtures/counting-queries.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { stockSnapshotReader, type StockKey } from "./stock-snapshot.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => {
  await t.close();
});

const STORE = 1;
const UNIT = "snapshot-unit";
/** Item codes no seed uses, each test its own. */
let nextItem = 990_100;
const newItem = () => (nextItem += 1);

async function setLevel(itemTotvsId: number, available: number, unitCode = UNIT) {
  const at = new Date().toISOString();
  await t.db
    .insertInto("stock_levels")
    .values({ store_id: STORE, unit_code: unitCode, item_totvs_id: itemTotvsId, available, updated_at: at })
    .onConflict((oc) =>
      oc.columns(["store_id", "unit_code", "item_totvs_id"]).doUpdateSet({ available, updated_at: at }),
    )
    .execute();
}

describe("a live page's stock snapshot (decision 0087)", () => {
  it("names each item's pieces left in order, '-' for an untracked one, and changes with a sale", async () => {
    const read = stockSnapshotReader(t.db, STORE);
    const [shirt, shorts, untracked] = [newItem(), newItem(), newItem()];
    await setLevel(shirt, 4);
    await setLevel(shorts, 0);
    const keys: StockKey[] = [shirt, untracked, shorts].map((itemTotvsId) => ({ unitCode: UNIT, itemTotvsId }));
    const before = await read(keys);
    expect(before).toBe("4,-,0");
    await setLevel(shirt, 3);
    expect(await read(keys)).toBe("3,-,0");
    // The gestor starts counting an item: the page now says something of it.
    await setLevel(untracked, 7);
    expect(await read(keys)).toBe("3,7,0");
  });

  it("reads only the page's unit and store", async () => {
    const read = stockSnapshotReader(t.db, STORE);
    const item = newItem();
    await setLevel(item, 5, "another-unit");
    expect(await read([{ unitCode: UNIT, itemTotvsId: item }])).toBe("-");
    expect(await stockSnapshotReader(t.db, 999)([{ unitCode: "another-unit", itemTotvsId: item }])).toBe("-");
  });

  it("answers pages asking at once from one read, each its own items", async () => {
    const { db, queries } = countingQueries(t.db);
    const read = stockSnapshotReader(db, STORE);
    const items = Array.from({ length: 30 }, newItem);
    for (const [index, item] of items.entries()) await setLevel(item, index);
    const answers = await Promise.all(items.map((itemTotvsId) => read([{ unitCode: UNIT, itemTotvsId }])));
    expect(answers).toEqual(items.map((_, index) => String(index)));
    expect(queries()).toBeLessThanOrEqual(2);
  });
});
