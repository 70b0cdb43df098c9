import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentPeriodCode } from "#core/dates.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { publishedListsSnapshotReader } from "./published-lists.ts";

let t: TestApi;
const NOW = new Date("2026-11-27T15:00:00Z");
const PERIOD = currentPeriodCode(NOW);

beforeAll(async () => {
  t = await createTestApi({ now: NOW });
});
afterAll(() => t.close());

/** Three products of the demo catalogue: a manual (TIPO M), and two goods without sizes. */
async function products() {
  const manual = await t.db
    .selectFrom("products")
    .select(["id", "item_totvs_id", "unit_code"])
    .where("type", "=", "M")
    .where("option_name", "is", null)
    .where("status", "=", "enabled")
    .where("visible", "=", 1)
    .executeTakeFirstOrThrow();
  const goods = await t.db
    .selectFrom("products")
    .select(["id", "item_totvs_id", "unit_code"])
    .where("type", "=", "P")
    .where("option_name", "is", null)
    .where("status", "=", "enabled")
    .where("visible", "=", 1)
    .orderBy("title")
    .limit(2)
    .execute();
  return { manual, first: goods[0]!, second: goods[1]! };
}

let sequence = 0;
/** A list of its own grade code, with lines in the given order. */
async function createList(
  publishFrom: string | null,
  lines: { productId: string; quantity: number; required: boolean; note?: string }[],
  codgrade = `T${++sequence}`,
) {
  const id = crypto.randomUUID();
  const at = NOW.toISOString();
  await t.db
    .insertInto("material_lists")
    .values({
      id,
      store_id: 1,
      period_code: PERIOD,
      codgrade,
      notice: "Entregar tudo com o nome do estudante.",
      publish_from: publishFrom,
      discount_percentage: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await t.db
    .insertInto("material_list_lines")
    .values(
      lines.map((line, position) => ({
        id: crypto.randomUUID(),
        list_id: id,
        product_id: line.productId,
        position,
        quantity: line.quantity,
        required: line.required ? 1 : 0,
        collective_use: 0,
        note: line.note ?? null,
      })),
    )
    .execute();
  return { id, codgrade };
}

const listPath = (codgrade: string, period = PERIOD) => `/material-lists/store/1/period/${period}/grade/${codgrade}`;

describe("the public material lists", () => {
  it("answers a published list with its lines in order, the school-only mark for TIPO M", async () => {
    const { manual, first, second } = await products();
    const { codgrade } = await createList("2026-11-27", [
      { productId: second.id, quantity: 2, required: false, note: "Pode ser o do ano anterior" },
      { productId: manual.id, quantity: 1, required: true },
      { productId: first.id, quantity: 3, required: true },
    ]);
    const { status, body } = await t.call("GET", listPath(codgrade));
    expect(status).toBe(200);
    const list = body.materialList;
    expect(list.notice).toBe("Entregar tudo com o nome do estudante.");
    expect(list.lines.map((line: any) => line.productId)).toEqual([second.id, manual.id, first.id]);
    expect(list.lines.map((line: any) => [line.quantity, line.required])).toEqual([
      [2, false],
      [1, true],
      [3, true],
    ]);
    expect(list.lines[0].note).toBe("Pode ser o do ano anterior");
    expect(list.lines.map((line: any) => line.schoolOnly)).toEqual([false, true, false]);
    expect(list.lines[1].description.length).toBeGreaterThan(0);
  });

  it("answers 404 for a draft, a list published from tomorrow, and an unknown grade", async () => {
    const { first } = await products();
    const draft = await createList(null, [{ productId: first.id, quantity: 1, required: true }]);
    const tomorrow = await createList("2026-11-28", [{ productId: first.id, quantity: 1, required: true }]);
    for (const codgrade of [draft.codgrade, tomorrow.codgrade, "NAOEXISTE"]) {
      const { status, body } = await t.call("GET", listPath(codgrade));
      expect(status).toBe(404);
      expect(body.error.message).toBe("Lista de material não encontrada.");
    }
    const { body } = await t.call("GET", "/material-lists/store/1");
    const codes = body.materialLists.map((list: any) => list.codgrade);
    expect(codes).not.toContain(draft.codgrade);
    expect(codes).not.toContain(tomorrow.codgrade);
  });

  it("turns a list published from tomorrow public when the school's day comes", async () => {
    const { first } = await products();
    const { codgrade } = await createList("2026-11-28", [{ productId: first.id, quantity: 1, required: true }]);
    // 02:59 UTC on the 28th is still the 27th in Brasília.
    t.setNow(new Date("2026-11-28T02:59:00Z"));
    expect((await t.call("GET", listPath(codgrade))).status).toBe(404);
    t.setNow(new Date("2026-11-28T03:00:00Z"));
    expect((await t.call("GET", listPath(codgrade))).status).toBe(200);
    t.setNow(NOW);
  });

  it("flags a sold-out line and a line whose product left the catalogue", async () => {
    const { first, second } = await products();
    const { codgrade } = await createList("2026-11-01", [
      { productId: first.id, quantity: 3, required: true },
      { productId: second.id, quantity: 1, required: true },
    ]);
    // Two pieces left of a line that asks for three: it cannot be bought as the list says.
    await t.db
      .insertInto("stock_levels")
      .values({
        store_id: 1,
        unit_code: first.unit_code,
        item_totvs_id: first.item_totvs_id,
        available: 2,
        updated_at: NOW.toISOString(),
      })
      .onConflict((oc) => oc.columns(["store_id", "unit_code", "item_totvs_id"]).doUpdateSet({ available: 2 }))
      .execute();
    await t.db.updateTable("products").set({ status: "disabled" }).where("id", "=", second.id).execute();
    try {
      const { body } = await t.call("GET", listPath(codgrade));
      expect(body.materialList.lines.map((line: any) => [line.soldOut, line.unavailable])).toEqual([
        [true, false],
        [false, true],
      ]);
    } finally {
      await t.db.updateTable("products").set({ status: "enabled" }).where("id", "=", second.id).execute();
      await t.db
        .deleteFrom("stock_levels")
        .where("unit_code", "=", first.unit_code)
        .where("item_totvs_id", "=", first.item_totvs_id)
        .execute();
    }
  });

  it("lists the published lists by period and grade order, with their line counts, never cached", async () => {
    const { first, second } = await products();
    // Two grades of the store whose order (series.position) is not their codes' order.
    await t.db
      .insertInto("series")
      .values([
        {
          store_id: 1,
          course: "Ensino Teste",
          grade_name: "Série Z",
          codgrade: "ZZ9",
          period_code: PERIOD,
          position: -2,
        },
        {
          store_id: 1,
          course: "Ensino Teste",
          grade_name: "Série A",
          codgrade: "AA1",
          period_code: PERIOD,
          position: -1,
        },
      ])
      .execute();
    const [early, late] = [{ codgrade: "ZZ9" }, { codgrade: "AA1" }];
    await createList("2026-11-01", [{ productId: first.id, quantity: 1, required: true }], late!.codgrade);
    await createList(
      "2026-11-01",
      [
        { productId: first.id, quantity: 1, required: true },
        { productId: second.id, quantity: 1, required: false },
      ],
      early!.codgrade,
    );
    const reply = await t.call("GET", "/material-lists/store/1");
    expect(reply.status).toBe(200);
    const ours = reply.body.materialLists.filter((list: any) =>
      [early!.codgrade, late!.codgrade].includes(list.codgrade),
    );
    expect(ours.map((list: any) => [list.codgrade, list.lineCount])).toEqual([
      [early!.codgrade, 2],
      [late!.codgrade, 1],
    ]);
    expect(ours.map((list: any) => [list.gradeName, list.course])).toEqual([
      ["Série Z", "Ensino Teste"],
      ["Série A", "Ensino Teste"],
    ]);
    const response = await t.api.request("/material-lists/store/1");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 404 for an unknown store and for a malformed grade code", async () => {
    expect((await t.call("GET", "/material-lists/store/999")).status).toBe(404);
    const bad = await t.call("GET", `/material-lists/store/1/period/${PERIOD}/grade/${encodeURIComponent("EF 06")}`);
    expect(bad.status).toBe(404);
    expect(bad.body.error.message).toBe("Lista de material não encontrada.");
  });

  it("gives the page cache a snapshot that changes with a line, a discount and a publish date (0087)", async () => {
    let clock = NOW;
    const snapshot = publishedListsSnapshotReader({ db: t.db, now: () => clock }, 1);
    const { first, second } = await products();
    const { id } = await createList("2026-11-28", [{ productId: first.id, quantity: 1, required: true }]);
    const before = await snapshot();
    // Published from tomorrow: the school's day coming shows it.
    clock = new Date("2026-11-28T03:00:00Z");
    const published = await snapshot();
    expect(published).not.toBe(before);
    await t.db
      .insertInto("material_list_lines")
      .values({
        id: crypto.randomUUID(),
        list_id: id,
        product_id: second.id,
        position: 1,
        quantity: 2,
        required: 0,
        collective_use: 0,
        note: null,
      })
      .execute();
    const withLine = await snapshot();
    expect(withLine).not.toBe(published);
    await t.db.updateTable("material_lists").set({ discount_percentage: 5 }).where("id", "=", id).execute();
    expect(await snapshot()).not.toBe(withLine);
    // Unchanged, the same string, and pages asking at once share one read.
    const again = await Promise.all([snapshot(), snapshot(), snapshot()]);
    expect(new Set(again).size).toBe(1);
    expect(again[0]).toBe(await snapshot());
  });
});
