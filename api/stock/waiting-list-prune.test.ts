import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import type { WaitingListStatus } from "#db/schema.ts";
import { pruneWaitingList } from "./waiting-list.ts";

// The waiting list keeps only who waits (docs/privacy.md): on SQLite, and on PostgreSQL when
// TEST_DATABASE_URL names a server (scripts/test.sh).

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
}, 60_000);
afterAll(() => t?.close());

describe("the waiting list's ended places", () => {
  it("go 30 days after they ended; places still waiting or offered stay whatever their age", async () => {
    const now = new Date("2027-03-01T12:00:00.000Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
    let position = 0;
    const place = (status: WaitingListStatus, endedDaysAgo: number) => ({
      id: crypto.randomUUID(),
      store_id: 1,
      unit_code: "1",
      item_totvs_id: 99_000_001,
      customer_id: null,
      email: `${status}-${endedDaysAgo}-${crypto.randomUUID().slice(0, 6)}@exemplo.com.br`,
      consent_at: daysAgo(400),
      storefront_url: "http://loja.local",
      position: ++position,
      status,
      offer_token_hash: null,
      offered_at: null,
      offer_expires_at: null,
      converted_sale_id: null,
      created_at: daysAgo(400),
      updated_at: daysAgo(endedDaysAgo),
    });
    const rows = {
      leftLongAgo: place("left", 31),
      expiredLongAgo: place("expired", 45),
      boughtLongAgo: place("converted", 60),
      leftRecently: place("left", 29),
      waitingForAYear: place("waiting", 380),
      offered: place("offered", 40),
    };
    await t.db.insertInto("waiting_list_entries").values(Object.values(rows)).execute();

    expect(await pruneWaitingList(t.db, now)).toBe(3);
    const left = (await t.db.selectFrom("waiting_list_entries").select("id").execute()).map((row) => row.id);
    expect(left.sort()).toEqual([rows.leftRecently.id, rows.waitingForAYear.id, rows.offered.id].sort());
    expect(await pruneWaitingList(t.db, now)).toBe(0);
  });
});
