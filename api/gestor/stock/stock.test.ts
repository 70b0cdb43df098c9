/**
 * Estoque through the store API (issue 28): the tracked items of each unit with what pending
 * sales hold, the filters and the Painel's counts, a secretary's units only, the adjust (its
 * ledger row, its audit entry, below zero and a stale level refused with nothing changed), and
 * the CSV there and back.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  alreadyTracked,
  belowZero,
  LOW_STOCK_THRESHOLD,
  staleLevel,
  STOCK_IMPORT_REASON,
  STOCK_MESSAGES,
} from "#api/contract/gestor/stock.ts";
import { setStockLevel } from "#api/stock/repository.ts";
import { demoProductOfUnit } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestStaff, gestorTestApiForFile, type TestStaff } from "#tests/fixtures/staff.ts";

const STORE = 1;
const {
  t,
  admin,
  atendimento: attendant,
  secretaria: secretary,
} = gestorTestApiForFile(["admin", "atendimento", "secretaria"], { seed: true });
let otherSecretary: TestStaff;

/** Unit 1: a polo sold in sizes (P sold out, M plenty), a plain piece, a full class; unit 4: one piece. */
const items = {} as Record<"plain" | "sizeP" | "sizeM" | "course" | "other" | "untracked", number>;
let poloTitle: string;
let courseUnit: string;

const level = (unitCode: string, itemTotvsId: number, available: number) =>
  t.db.transaction().execute((trx) =>
    setStockLevel(trx, { storeId: STORE, unitCode, itemTotvsId }, available, {
      reason: "adjust",
      at: new Date().toISOString(),
    }),
  );

async function availableOf(unitCode: string, itemTotvsId: number) {
  const row = await t.db
    .selectFrom("stock_levels")
    .select("available")
    .where("unit_code", "=", unitCode)
    .where("item_totvs_id", "=", itemTotvsId)
    .executeTakeFirst();
  return row?.available ?? null;
}

beforeAll(async () => {
  otherSecretary = await createTestStaff(t.db, "secretaria", { unitCodes: ["4"] });
  const unitOne = await t.db
    .selectFrom("products")
    .select(["id", "item_totvs_id", "title"])
    .where("unit_code", "=", "1")
    .where("type", "=", "P")
    .orderBy("item_totvs_id")
    .limit(3)
    .execute();
  const [polo, plain, untracked] = unitOne;
  poloTitle = polo!.title;
  await t.db.updateTable("products").set({ option_name: "Tamanho" }).where("id", "=", polo!.id).execute();
  const sizes = { P: 970_001, M: 970_002 };
  await t.db
    .insertInto("product_variants")
    .values(
      Object.entries(sizes).map(([value, code], index) => ({
        id: crypto.randomUUID(),
        store_id: STORE,
        product_id: polo!.id,
        item_totvs_id: code,
        value,
        position: index + 1,
        price_cents: null,
        sale_price_cents: null,
        created_at: new Date().toISOString(),
      })),
    )
    .execute();
  const course = await t.db
    .selectFrom("products")
    .select(["item_totvs_id", "unit_code"])
    .where("type", "=", "S")
    .orderBy("item_totvs_id")
    .executeTakeFirstOrThrow();
  await t.db.updateTable("products").set({ capacity: 20 }).where("item_totvs_id", "=", course.item_totvs_id).execute();
  courseUnit = course.unit_code;
  Object.assign(items, {
    plain: plain!.item_totvs_id,
    sizeP: sizes.P,
    sizeM: sizes.M,
    course: course.item_totvs_id,
    other: (await demoProductOfUnit(t.db, "4")).itemTOTVSId,
    untracked: untracked!.item_totvs_id,
  });
  await level("1", items.plain, 3);
  await level("1", items.sizeP, 0);
  await level("1", items.sizeM, 12);
  await level(courseUnit, items.course, 0);
  await level("4", items.other, 2);
  // Two M held by a boleto not paid yet; one by a paid sale (sold) and one already given back.
  const customer = await signUpAndLogIn(t, { name: "Estoque Responsável" });
  const line = async (status: "pending" | "paid" | "expired", quantity: number, returned: boolean) => {
    const saleId = await insertSale(t.db, {
      customer_id: customer.id,
      status,
      bags: [
        {
          student_name: "Lucas Albuquerque Souza",
          student_ra: "20250001",
          items: [
            {
              title: poloTitle,
              quantity,
              unit_price_cents: 5000,
              unit_code: "1",
              item_totvs_id: items.sizeM,
            },
          ],
        },
      ],
    });
    // What the claim writes on the line (the sale fixture writes no stock columns).
    await t.db
      .updateTable("sale_bag_items")
      .set({ stock_taken: quantity, stock_returned_at: returned ? new Date().toISOString() : null })
      .where("sale_bag_id", "in", (eb) => eb.selectFrom("sale_bags").select("id").where("sale_id", "=", saleId))
      .execute();
  };
  await line("pending", 2, false);
  await line("paid", 1, false);
  await line("expired", 4, true);
});

const get = (person: TestStaff, path: string) => t.call("GET", path, undefined, { token: person.token });
const adjust = (person: TestStaff, body: Record<string, string>) =>
  t.call("POST", "/gestor/stock/adjust", body, { token: person.token });
const codes = (rows: { itemTOTVSId: number }[]) => rows.map((row) => row.itemTOTVSId);

describe("Estoque's list", () => {
  it("shows each tracked item with its product, its size, what pending sales hold and its last movement", async () => {
    const list = await get(admin, "/gestor/stock?unitCode=1");
    expect(list.status).toBe(200);
    const sizeM = list.body.rows.find((row: { itemTOTVSId: number }) => row.itemTOTVSId === items.sizeM);
    expect(sizeM).toMatchObject({
      unitCode: "1",
      title: poloTitle,
      optionName: "Tamanho",
      optionValue: "M",
      available: 12,
      held: 2,
    });
    expect(sizeM.lastMovementAt).toEqual(expect.any(String));
    const plain = list.body.rows.find((row: { itemTOTVSId: number }) => row.itemTOTVSId === items.plain);
    expect(plain).toMatchObject({ optionValue: null, available: 3, held: 0 });
    expect(codes(list.body.rows)).not.toContain(items.other);
    expect(codes(list.body.rows)).not.toContain(items.untracked);
  });

  it("filters by size, low stock and full classes, and pages like the other lists", async () => {
    const sizeM = await get(admin, "/gestor/stock?option=M");
    expect(codes(sizeM.body.rows)).toEqual([items.sizeM]);
    const low = await get(admin, "/gestor/stock?low=1");
    expect(codes(low.body.rows)).toEqual(expect.arrayContaining([items.plain, items.sizeP, items.other]));
    expect(codes(low.body.rows)).not.toContain(items.sizeM);
    for (const row of low.body.rows) expect(row.available).toBeLessThanOrEqual(LOW_STOCK_THRESHOLD);
    const full = await get(admin, "/gestor/stock?full=1");
    expect(codes(full.body.rows)).toContain(items.course);
    expect(codes(full.body.rows)).not.toContain(items.sizeP);
    expect(low.body).toMatchObject({ page: 1, pageCount: 1 });
    const category = await t.db
      .selectFrom("products")
      .select("category_id")
      .where("item_totvs_id", "=", items.plain)
      .executeTakeFirstOrThrow();
    const byCategory = await get(admin, `/gestor/stock?categoryId=${category.category_id}`);
    expect(codes(byCategory.body.rows)).toContain(items.plain);
    expect(byCategory.body.categories.map((c: { id: string }) => c.id)).toContain(category.category_id);
  });

  it("counts low stock and full classes for the Painel, a secretary's units only", async () => {
    const network = await get(admin, "/gestor/stock/summary");
    const lowTotal = (await get(admin, "/gestor/stock?low=1")).body.total;
    expect(network.body).toEqual({
      lowStock: lowTotal,
      fullClasses: (await get(admin, "/gestor/stock?full=1")).body.total,
    });
    const own = await get(secretary, "/gestor/stock/summary");
    expect(own.body.lowStock).toBe((await get(secretary, "/gestor/stock?low=1")).body.total);
    // Unit 4's low piece is in the network's count, not in unit 1's secretary's.
    expect(own.body.lowStock).toBeLessThan(network.body.lowStock);
  });

  it("shows a secretary her units' items only; another unit's item is not found", async () => {
    const own = await get(secretary, "/gestor/stock");
    expect(codes(own.body.rows)).toContain(items.plain);
    expect(codes(own.body.rows)).not.toContain(items.other);
    const asked = await get(secretary, "/gestor/stock?unitCode=4");
    expect(asked.body.rows).toEqual([]);
    expect((await get(secretary, `/gestor/stock/items/4/${items.other}`)).status).toBe(404);
    expect((await get(otherSecretary, `/gestor/stock/items/4/${items.other}`)).status).toBe(200);
    const refused = await adjust(secretary, {
      unitCode: "4",
      itemTOTVSId: String(items.other),
      mode: "set",
      amount: "9",
      reason: "Contagem",
      seen: "2",
    });
    expect(refused.status).toBe(404);
    expect(await availableOf("4", items.other)).toBe(2);
  });
});

describe("adjusting a count", () => {
  it("sets a count with its reason: a ledger row with the person, the audit log, the history newest first", async () => {
    const done = await adjust(secretary, {
      unitCode: "1",
      itemTOTVSId: String(items.plain),
      mode: "set",
      amount: "8",
      reason: "Contagem de inventário",
      seen: "3",
    });
    expect(done.status).toBe(200);
    expect(done.body.item).toEqual({ before: 3, available: 8, changed: true });
    const added = await adjust(admin, {
      unitCode: "1",
      itemTOTVSId: String(items.plain),
      mode: "change",
      amount: "-2",
      reason: "Duas peças com defeito",
      seen: "8",
    });
    expect(added.body.item).toEqual({ before: 8, available: 6, changed: true });
    const page = await get(attendant, `/gestor/stock/items/1/${items.plain}`);
    expect(page.body.item.available).toBe(6);
    expect(page.body.movements.rows.slice(0, 2)).toMatchObject([
      { delta: -2, reason: "adjust", note: "Duas peças com defeito", staffName: "Pessoa admin" },
      { delta: 5, reason: "adjust", note: "Contagem de inventário", staffName: "Pessoa secretaria" },
    ]);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "staff_id", "summary", "before_json", "after_json"])
      .where("action", "=", "stock.adjust")
      .where("target_id", "=", `1/${items.plain}`)
      .orderBy("at")
      .execute();
    expect(audit[0]).toMatchObject({
      staff_id: secretary.staffId,
      before_json: JSON.stringify({ available: 3 }),
      after_json: JSON.stringify({ available: 8, reason: "Contagem de inventário" }),
    });
    expect(audit[0]!.summary).toContain("3 → 8 (Contagem de inventário)");
  });

  it("names the sale of a sale's movement in the history", async () => {
    const customer = await signUpAndLogIn(t, { name: "Histórico Responsável" });
    const saleId = await insertSale(t.db, { customer_id: customer.id, status: "pending", bags: [] });
    const reference = await t.db
      .selectFrom("sales")
      .select("reference_code")
      .where("id", "=", saleId)
      .executeTakeFirstOrThrow();
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("stock_levels")
        .set({ available: 11 })
        .where("unit_code", "=", "1")
        .where("item_totvs_id", "=", items.sizeM)
        .execute();
      await trx
        .insertInto("stock_movements")
        .values({
          id: crypto.randomUUID(),
          store_id: STORE,
          unit_code: "1",
          item_totvs_id: items.sizeM,
          delta: -1,
          reason: "sale",
          sale_id: saleId,
          staff_id: null,
          note: null,
          at: new Date(Date.now() + 1000).toISOString(),
        })
        .execute();
    });
    const page = await get(admin, `/gestor/stock/items/1/${items.sizeM}`);
    expect(page.body.movements.rows[0]).toMatchObject({
      reason: "sale",
      saleId,
      saleReferenceCode: reference.reference_code,
    });
  });

  it("refuses below zero, a stale level and a role that only reads, changing nothing", async () => {
    const before = await availableOf("1", items.sizeM);
    const below = await adjust(admin, {
      unitCode: "1",
      itemTOTVSId: String(items.sizeM),
      mode: "change",
      amount: String(-(before! + 1)),
      reason: "Baixa",
      seen: String(before),
    });
    expect(below.status).toBe(400);
    expect(below.body.error.message).toBe(belowZero(before!));
    const negative = await adjust(admin, {
      unitCode: "1",
      itemTOTVSId: String(items.sizeM),
      mode: "set",
      amount: "-1",
      reason: "Baixa",
      seen: String(before),
    });
    expect(negative.body.error.message).toBe("A contagem não pode ser negativa.");
    // The form was opened at another count (a sale, another tab): refused with the current one.
    const stale = await adjust(admin, {
      unitCode: "1",
      itemTOTVSId: String(items.sizeM),
      mode: "set",
      amount: "30",
      reason: "Contagem",
      seen: String(before! + 5),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(staleLevel(before!));
    const staleChange = await adjust(admin, {
      unitCode: "1",
      itemTOTVSId: String(items.sizeM),
      mode: "change",
      amount: "-1",
      reason: "Contagem",
      seen: String(before! + 5),
    });
    expect(staleChange.status).toBe(409);
    const reader = await adjust(attendant, {
      unitCode: "1",
      itemTOTVSId: String(items.sizeM),
      mode: "set",
      amount: "30",
      reason: "Contagem",
      seen: String(before),
    });
    expect(reader.status).toBe(403);
    const missingReason = await adjust(admin, {
      unitCode: "1",
      itemTOTVSId: String(items.sizeM),
      mode: "set",
      amount: "30",
      reason: " ",
      seen: String(before),
    });
    expect(missingReason.body.error.message).toBe("Informe o motivo do ajuste.");
    expect(await availableOf("1", items.sizeM)).toBe(before);
    // A class's seats follow its capacity (the product form): not a count typed here.
    const seats = await adjust(admin, {
      unitCode: courseUnit,
      itemTOTVSId: String(items.course),
      mode: "set",
      amount: "25",
      reason: "Turma maior",
      seen: "0",
    });
    expect(seats.status).toBe(409);
    expect(seats.body.error.message).toBe(STOCK_MESSAGES.classSeats);
    expect(await availableOf(courseUnit, items.course)).toBe(0);
  });

  it("starts tracking an item of the unit, once, and refuses a model, another unit's code or an unknown one", async () => {
    const start = (unitCode: string, itemTOTVSId: number) =>
      adjust(admin, {
        unitCode,
        itemTOTVSId: String(itemTOTVSId),
        mode: "set",
        amount: "4",
        reason: "Chegou a remessa",
        seen: "",
      });
    expect((await start("1", items.untracked)).body.item).toEqual({ before: null, available: 4, changed: true });
    expect(await availableOf("1", items.untracked)).toBe(4);
    const again = await start("1", items.untracked);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(alreadyTracked(4));
    const polo = await t.db
      .selectFrom("products")
      .select("item_totvs_id")
      .where("option_name", "=", "Tamanho")
      .executeTakeFirstOrThrow();
    const model = await start("1", polo.item_totvs_id);
    expect(model.body.error.message).toBe(STOCK_MESSAGES.modelCode);
    const wrongUnit = await start("1", items.other);
    expect(wrongUnit.status).toBe(404);
    expect(wrongUnit.body.error.message).toBe(STOCK_MESSAGES.unknownItem);
    expect((await start("1", 999_999_123)).status).toBe(404);
    expect(await availableOf("1", items.other)).toBeNull();
  });
});

describe("Estoque's CSV", () => {
  const exportOf = async (person: TestStaff, query = "") => {
    const reply = await t.api.request(`/gestor/stock/export${query}`, {
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(reply.status).toBe(200);
    return reply.text();
  };
  const importCsv = (person: TestStaff, csv: string, preview = false) =>
    t.call("POST", `/gestor/stock/import${preview ? "/preview" : ""}`, { csv }, { token: person.token });

  it("exports the filtered list; importing it back changes nothing", async () => {
    const csv = await exportOf(secretary, "?unitCode=1");
    expect(csv.split("\n")[0]).toContain("unidade;codigo_item;produto;opcao;disponivel");
    expect(csv).toContain(`1;${items.sizeM};${poloTitle};M;`);
    expect(csv).not.toContain(`4;${items.other};`);
    const preview = await importCsv(secretary, csv, true);
    expect(preview.body).toMatchObject({ errors: [], creates: 0, updates: 0 });
    expect(preview.body.unchanged).toBeGreaterThan(0);
    // A class comes back unchanged; a changed count of its seats is refused (its capacity rules).
    const classRow = `${courseUnit};${items.course};;;5`;
    const seats = await importCsv(admin, `unidade;codigo_item;produto;opcao;disponivel\n${classRow}`, true);
    expect(seats.body.errors).toEqual([{ line: 2, column: "disponivel", message: STOCK_MESSAGES.classSeats }]);
  });

  it("previews then sets each row's count as an import movement, all or nothing", async () => {
    const file = [
      "unidade;codigo_item;produto;opcao;disponivel",
      `1;${items.sizeP};${poloTitle};P;7`,
      `1;${items.plain};;;6`,
    ].join("\n");
    const preview = await importCsv(secretary, file, true);
    expect(preview.body).toMatchObject({ errors: [], creates: 0, updates: 1, unchanged: 1 });
    expect(preview.body.rows[0]).toMatchObject({
      itemTOTVSId: items.sizeP,
      before: 0,
      available: 7,
      action: "atualizar",
    });
    expect(await availableOf("1", items.sizeP)).toBe(0);

    const wrong = `${file}\n4;${items.other};;;1\n1;${items.sizeM};;;-3`;
    const refused = await importCsv(secretary, wrong);
    expect(refused.status).toBe(400);
    const report = await importCsv(secretary, wrong, true);
    expect(report.body.errors).toEqual([
      { line: 4, column: "unidade", message: "Você só pode importar o estoque das suas unidades." },
      { line: 5, column: "disponivel", message: "Informe o disponível como um número inteiro de 0 a 100.000." },
    ]);
    expect(await availableOf("1", items.sizeP)).toBe(0);

    const done = await importCsv(secretary, file);
    expect(done.status).toBe(200);
    expect(await availableOf("1", items.sizeP)).toBe(7);
    const page = await get(admin, `/gestor/stock/items/1/${items.sizeP}`);
    expect(page.body.movements.rows[0]).toMatchObject({
      delta: 7,
      reason: "import",
      note: STOCK_IMPORT_REASON,
      staffName: "Pessoa secretaria",
    });
    const audit = await t.db
      .selectFrom("audit_log")
      .select("after_json")
      .where("action", "=", "stock.import")
      .execute();
    expect(audit.map((row) => JSON.parse(row.after_json!))).toContainEqual({ creates: 0, updates: 1, unchanged: 1 });
  });
});
