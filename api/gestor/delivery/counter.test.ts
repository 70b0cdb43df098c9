/**
 * The unit's counter through the store API (issue 30): Entrega's search by each key and its
 * scope, the receivers, a partial then a double handover, Troca with stock both ways (a sold-out
 * size and another price refused, nothing changed), the check-in once, and a refund after
 * pickup that keeps the picked-up piece out of stock.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_MESSAGES as M } from "#api/contract/gestor/delivery.ts";
import { setStockLevel } from "#api/stock/repository.ts";
import { releaseSaleHolds } from "#api/stock/sale-holds.ts";
import { maskedCpf } from "#core/cpf.ts";
import { maskCpf, newCpf, signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestStaff, gestorTestApiForFile, type TestStaff } from "#tests/fixtures/staff.ts";
import { addSizes } from "#tests/fixtures/variants.ts";

const STORE = 1;
const { t, admin, secretaria: secretary } = gestorTestApiForFile(["admin", "secretaria"], { seed: true });
let otherSecretary: TestStaff;
let customer: SignedUpCustomer;
let personId: string;
const personCpf = newCpf();
const SIZES = { P: 981_001, M: 981_002, G: 981_003 };
const CODE = "KX7M2P";
const ids = {} as Record<"sale" | "polo" | "notebook" | "otherUnit" | "seat" | "unpaid", string>;
let poloTitle: string;
/** The sized product of the tests (unit 1), for sales inserted by a test. */
let poloProduct: { id: string; sale_price_cents: number };
let seatItem: number;

const level = (itemTotvsId: number, available: number) =>
  t.db.transaction().execute((trx) =>
    setStockLevel(trx, { storeId: STORE, unitCode: "1", itemTotvsId }, available, {
      reason: "adjust",
      at: new Date().toISOString(),
    }),
  );

async function availableOf(itemTotvsId: number) {
  const row = await t.db
    .selectFrom("stock_levels")
    .select("available")
    .where("unit_code", "=", "1")
    .where("item_totvs_id", "=", itemTotvsId)
    .executeTakeFirst();
  return row?.available ?? null;
}

const lineOf = (id: string) =>
  t.db.selectFrom("sale_bag_items").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** The one line of a sale a test inserted. */
const onlyLineOf = (saleId: string) =>
  t.db
    .selectFrom("sale_bag_items")
    .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
    .select("sale_bag_items.id")
    .where("sale_bags.sale_id", "=", saleId)
    .executeTakeFirstOrThrow();

const call = (person: TestStaff, method: string, path: string, body?: unknown) =>
  t.call(method, `/gestor/delivery${path}`, body, { token: person.token });

beforeAll(async () => {
  otherSecretary = await createTestStaff(t.db, "secretaria", { unitCodes: ["4"] });
  customer = await signUpAndLogIn(t, { name: "Helena Balcão Responsável" });
  personId = crypto.randomUUID();
  await t.db
    .insertInto("customer_pickup_people")
    .values({
      id: personId,
      customer_id: customer.id,
      name: "Avó Rosa Balcão",
      cpf: personCpf,
      created_at: new Date().toISOString(),
    })
    .execute();
  const polo = await t.db
    .selectFrom("products")
    .select(["id", "title", "sale_price_cents"])
    .where("unit_code", "=", "1")
    .where("type", "=", "P")
    .where("sale_price_cents", ">", 0)
    .orderBy("item_totvs_id")
    .executeTakeFirstOrThrow();
  poloTitle = polo.title;
  poloProduct = polo;
  await addSizes(t.db, { id: polo.id, storeId: STORE }, SIZES, {
    G: { priceCents: polo.sale_price_cents + 1000, salePriceCents: polo.sale_price_cents + 1000 },
  });
  const course = await t.db
    .selectFrom("products")
    .select(["item_totvs_id", "title"])
    .where("type", "=", "S")
    .where("unit_code", "=", "1")
    .orderBy("item_totvs_id")
    .executeTakeFirstOrThrow();
  seatItem = course.item_totvs_id;
  await level(SIZES.P, 2);
  await level(SIZES.M, 5);
  await level(SIZES.G, 3);
  await level(990_001, 4);
  const paidAt = new Date().toISOString();
  ids.sale = await insertSale(t.db, {
    customer_id: customer.id,
    status: "paid",
    paid_at: paidAt,
    bags: [
      {
        student_name: "Júlia Entrega Teixeira",
        student_ra: "20259901",
        items: [
          {
            title: poloTitle,
            quantity: 1,
            unit_price_cents: polo.sale_price_cents,
            item_totvs_id: SIZES.M,
            product_id: polo.id,
            option_name: "Tamanho",
            option_value: "M",
            stock_taken: 1,
          },
          { title: "Caderno do balcão", quantity: 1, unit_price_cents: 2000, item_totvs_id: 990_001, stock_taken: 1 },
          { title: "Estojo da unidade 4", quantity: 1, unit_price_cents: 1500, item_totvs_id: 990_002, unit_code: "4" },
          { title: course.title, quantity: 1, unit_price_cents: 9000, item_totvs_id: seatItem, type: "S" },
        ],
      },
    ],
  });
  await t.db.updateTable("sales").set({ pickup_code: CODE }).where("id", "=", ids.sale).execute();
  const lines = await t.db
    .selectFrom("sale_bag_items")
    .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
    .select(["sale_bag_items.id", "sale_bag_items.item_totvs_id"])
    .where("sale_bags.sale_id", "=", ids.sale)
    .execute();
  const byItem = (item: number) => lines.find((line) => line.item_totvs_id === item)!.id;
  Object.assign(ids, {
    polo: byItem(SIZES.M),
    notebook: byItem(990_001),
    otherUnit: byItem(990_002),
    seat: byItem(seatItem),
  });
  await t.db
    .updateTable("sale_bag_items")
    .set({ delivery_state: "separated" })
    .where("id", "in", [ids.polo, ids.otherUnit])
    .execute();
  await t.db.updateTable("sale_bag_items").set({ delivery_state: "ready" }).where("id", "=", ids.notebook).execute();
  ids.unpaid = await insertSale(t.db, {
    customer_id: customer.id,
    status: "pending",
    bags: [
      {
        student_name: "Júlia Entrega Teixeira",
        student_ra: "20259901",
        items: [{ title: "Caderno não pago", quantity: 1, unit_price_cents: 2000 }],
      },
    ],
  });
});

describe("Entrega's search", () => {
  const found = async (person: TestStaff, q: string) => {
    const reply = await call(person, "GET", `/sales?q=${encodeURIComponent(q)}`);
    expect(reply.status).toBe(200);
    return (reply.body.sales as { saleId: string }[]).map((sale) => sale.saleId);
  };

  it("finds the paid sale by its code as typed, the holder's or a named person's CPF, the RA and a name", async () => {
    for (const q of [
      "kx7-m2p",
      maskCpf(customer.cpf),
      maskCpf(personCpf),
      "20259901",
      "júlia entrega",
      "HELENA BALCÃO",
    ])
      expect(await found(secretary, q), q).toEqual([ids.sale]);
    const [row] = (await call(admin, "GET", `/sales?q=${CODE}`)).body.sales;
    // The polo and the notebook wait at the counter; the seat is no goods, unit 4's line is counted for the network.
    expect(row).toMatchObject({
      pickupCode: CODE,
      studentNames: ["Júlia Entrega Teixeira"],
      toHandOver: 3,
      awaiting: 0,
    });
  });

  it("finds nothing for another unit's secretary, and never an unpaid sale", async () => {
    expect(await found(otherSecretary, "Caderno")).toEqual([]);
    expect(await found(otherSecretary, CODE)).toEqual([ids.sale]);
    // Unit 4's secretary finds the sale by its code: it has her unit's line. A sale of unit 1 alone she never finds.
    const onlyUnitOne = await insertSale(t.db, {
      customer_id: customer.id,
      status: "paid",
      paid_at: new Date().toISOString(),
      bags: [{ student_name: "Pedro Só Unidade Um", items: [{ title: "Régua", quantity: 1, unit_price_cents: 300 }] }],
    });
    expect(await found(secretary, "Pedro Só")).toEqual([onlyUnitOne]);
    expect(await found(otherSecretary, "Pedro Só")).toEqual([]);
    expect((await call(otherSecretary, "GET", `/sales/${onlyUnitOne}`)).status).toBe(404);
    expect(await found(admin, "Caderno não")).toEqual([]);
    expect((await call(admin, "GET", `/sales/${ids.unpaid}`)).status).toBe(404);
  });

  it("refuses a text too short with the spec's message", async () => {
    const reply = await call(secretary, "GET", "/sales?q=a");
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe(M.searchRequired);
  });
});

describe("Entrega's sale and handing over", () => {
  it("shows the holder then the named people, and another unit's line marked", async () => {
    const { status, body } = await call(secretary, "GET", `/sales/${ids.sale}`);
    expect(status).toBe(200);
    expect(body.sale.receivers).toEqual([
      { id: null, name: "Helena Balcão Responsável", cpf: maskedCpf(customer.cpf) },
      { id: personId, name: "Avó Rosa Balcão", cpf: maskedCpf(personCpf) },
    ]);
    // The page never gets the 11 digits of anybody's CPF.
    expect(JSON.stringify(body)).not.toContain(customer.cpf);
    expect(JSON.stringify(body)).not.toContain(personCpf);
    const lines = body.sale.bags[0].lines as { id: string; otherUnit: boolean; state: string }[];
    expect(lines.find((line) => line.id === ids.otherUnit)?.otherUnit).toBe(true);
    expect(lines.find((line) => line.id === ids.seat)?.state).toBe("seat_confirmed");
  });

  it("refuses someone the family did not name, changing nothing", async () => {
    const reply = await call(secretary, "POST", `/sales/${ids.sale}/hand-over`, {
      lineIds: [ids.polo],
      receiverId: crypto.randomUUID(),
    });
    expect(reply.status).toBe(422);
    expect(reply.body.error.message).toBe(M.receiverNotAllowed);
    expect((await lineOf(ids.polo)).delivery_state).toBe("separated");
    expect(await t.db.selectFrom("pickup_handovers").selectAll().where("sale_id", "=", ids.sale).execute()).toEqual([]);
  });

  it("never moves a line of unit 1 for unit 4's secretary", async () => {
    const reply = await call(otherSecretary, "POST", `/sales/${ids.sale}/hand-over`, {
      lineIds: [ids.notebook],
      receiverId: "",
    });
    expect(reply.status).toBe(409);
    expect((await lineOf(ids.notebook)).delivery_state).toBe("ready");
  });

  it("hands over part to the named person, never another unit's line, and a second time nothing", async () => {
    const first = await call(secretary, "POST", `/sales/${ids.sale}/hand-over`, {
      lineIds: [ids.polo, ids.otherUnit],
      receiverId: personId,
    });
    expect(first.body).toEqual({ moved: 1, skipped: 1 });
    expect((await lineOf(ids.otherUnit)).delivery_state).toBe("separated");
    const again = await call(secretary, "POST", `/sales/${ids.sale}/hand-over`, {
      lineIds: [ids.polo],
      receiverId: personId,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(M.nothingMoved);

    const { body } = await call(secretary, "GET", `/sales/${ids.sale}`);
    const polo = body.sale.bags[0].lines.find((line: { id: string }) => line.id === ids.polo);
    expect(polo.state).toBe("picked_up");
    expect(polo.handover).toEqual(expect.objectContaining({ receivedByName: "Avó Rosa Balcão" }));
    expect(polo.handover).not.toHaveProperty("receivedByCpf");
    expect(JSON.stringify(body)).not.toContain(personCpf);
    expect(body.sale.history).toEqual([
      expect.objectContaining({ kind: "picked_up", lineTitle: poloTitle, receivedByName: "Avó Rosa Balcão" }),
    ]);
    // The record keeps the full CPF of who received.
    expect(
      await t.db.selectFrom("pickup_handovers").select("received_by_cpf").where("sale_id", "=", ids.sale).execute(),
    ).toEqual([{ received_by_cpf: personCpf }]);

    // The rest later, to the holder.
    const rest = await call(secretary, "POST", `/sales/${ids.sale}/hand-over`, {
      lineIds: [ids.notebook],
      receiverId: "",
    });
    expect(rest.body).toEqual({ moved: 1, skipped: 0 });
    expect((await lineOf(ids.notebook)).delivery_state).toBe("picked_up");
  });
});

describe("A deleted account's sale at the counter", () => {
  it("offers no holder, and nobody may receive as one", async () => {
    const gone = await signUpAndLogIn(t, { name: "Conta Que Será Excluída" });
    const saleId = await insertSale(t.db, {
      customer_id: gone.id,
      status: "paid",
      paid_at: new Date().toISOString(),
      bags: [
        { student_name: "Aluno Da Conta Excluída", items: [{ title: "Lápis", quantity: 1, unit_price_cents: 200 }] },
      ],
    });
    const notebook = await onlyLineOf(saleId);
    await t.db.updateTable("sale_bag_items").set({ delivery_state: "ready" }).where("id", "=", notebook.id).execute();
    // As api/customers/account-deletion.ts leaves the row.
    await t.db
      .updateTable("customers")
      .set({ name: "Conta excluída", cpf: `excluida-${gone.id}`, deleted_at: new Date().toISOString() })
      .where("id", "=", gone.id)
      .execute();

    const { body } = await call(secretary, "GET", `/sales/${saleId}`);
    expect(body.sale.receivers).toEqual([]);
    const reply = await call(secretary, "POST", `/sales/${saleId}/hand-over`, {
      lineIds: [notebook.id],
      receiverId: "",
    });
    expect(reply.status).toBe(422);
    expect(reply.body.error.message).toBe(M.receiverNotAllowed);
    expect((await lineOf(notebook.id)).delivery_state).toBe("ready");
  });
});

describe("Troca", () => {
  it("lists the other sizes with the unit's stock and whether the price matches", async () => {
    const { status, body } = await call(secretary, "GET", `/lines/${ids.polo}/exchange`);
    expect(status).toBe(200);
    expect(body.saleId).toBe(ids.sale);
    expect(body.options).toEqual([
      { itemTOTVSId: SIZES.P, value: "P", available: 2, samePrice: true },
      { itemTOTVSId: SIZES.G, value: "G", available: 3, samePrice: false },
    ]);
    expect((await call(otherSecretary, "GET", `/lines/${ids.polo}/exchange`)).status).toBe(404);
  });

  it("refuses another price, changing nothing", async () => {
    const reply = await call(secretary, "POST", `/lines/${ids.polo}/exchange`, { toItemTOTVSId: SIZES.G });
    expect(reply.status).toBe(422);
    expect(reply.body.error.message).toBe(M.exchangePrice);
    expect((await lineOf(ids.polo)).option_value).toBe("M");
  });

  it("swaps a picked-up M for a P: M back to the shelf, P off it, the state kept and the history told", async () => {
    const reply = await call(secretary, "POST", `/lines/${ids.polo}/exchange`, { toItemTOTVSId: SIZES.P });
    expect(reply.status).toBe(200);
    expect(reply.body.line).toMatchObject({ optionValue: "P", itemTOTVSId: SIZES.P, state: "picked_up" });
    expect(await availableOf(SIZES.M)).toBe(6);
    expect(await availableOf(SIZES.P)).toBe(1);
    const movements = await t.db
      .selectFrom("stock_movements")
      .select(["item_totvs_id", "delta"])
      .where("reason", "=", "exchange")
      .where("sale_id", "=", ids.sale)
      .orderBy("item_totvs_id")
      .execute();
    expect(movements).toEqual([
      { item_totvs_id: SIZES.P, delta: -1 },
      { item_totvs_id: SIZES.M, delta: 1 },
    ]);
    const { body } = await call(secretary, "GET", `/sales/${ids.sale}`);
    expect(body.sale.history.at(-1)).toMatchObject({ kind: "exchanged", note: "Tamanho M → P" });
    const audit = await t.db
      .selectFrom("audit_log")
      .select("summary")
      .where("action", "=", "delivery.exchange")
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("refuses a sold-out size, changing nothing", async () => {
    await level(SIZES.M, 0);
    const reply = await call(secretary, "POST", `/lines/${ids.polo}/exchange`, { toItemTOTVSId: SIZES.M });
    expect(reply.status).toBe(409);
    expect(reply.body.error.message).toBe(M.exchangeSoldOut);
    expect((await lineOf(ids.polo)).option_value).toBe("P");
    expect(await availableOf(SIZES.P)).toBe(1);
    expect(await availableOf(SIZES.M)).toBe(0);
  });

  it("gives back only what the line took: a line that took nothing returns nothing", async () => {
    // Sold while M was not tracked (stock_taken 0); M is tracked now.
    const polo = await lineOf(ids.polo);
    const saleId = await insertSale(t.db, {
      customer_id: customer.id,
      status: "paid",
      paid_at: new Date().toISOString(),
      bags: [
        {
          student_name: "Júlia Entrega Teixeira",
          items: [
            {
              title: poloTitle,
              quantity: 1,
              unit_price_cents: polo.unit_price_cents,
              item_totvs_id: SIZES.M,
              product_id: polo.product_id,
              option_name: "Tamanho",
              option_value: "M",
              stock_taken: 0,
            },
          ],
        },
      ],
    });
    const line = await onlyLineOf(saleId);
    const before = { M: await availableOf(SIZES.M), P: await availableOf(SIZES.P) };
    const reply = await call(secretary, "POST", `/lines/${line.id}/exchange`, { toItemTOTVSId: SIZES.P });
    expect(reply.status).toBe(200);
    expect(await availableOf(SIZES.M)).toBe(before.M);
    expect(await availableOf(SIZES.P)).toBe(before.P! - 1);
    // P was taken for it: a refund later gives that piece back.
    expect((await lineOf(line.id)).stock_taken).toBe(1);
    await t.db.transaction().execute((trx) => releaseSaleHolds(trx, [saleId], new Date().toISOString()));
    expect(await availableOf(SIZES.P)).toBe(before.P);
    expect(await availableOf(SIZES.M)).toBe(before.M);
  });

  it("refuses a line without sizes", async () => {
    const reply = await call(secretary, "GET", `/lines/${ids.notebook}/exchange`);
    expect(reply.status).toBe(422);
    expect(reply.body.error.message).toBe(M.exchangeNotGoods);
  });
});

describe("check-in", () => {
  it("lists the paid seats and checks one in once", async () => {
    const items = (await call(secretary, "GET", "/seat-items")).body.items;
    expect(items).toContainEqual(expect.objectContaining({ itemTOTVSId: seatItem, unitCode: "1", checkedIn: 0 }));
    expect((await call(otherSecretary, "GET", "/seat-items")).body.items).toEqual([]);
    const seats = await call(secretary, "GET", `/seats?unitCode=1&itemTOTVSId=${seatItem}`);
    expect(seats.body.seats).toContainEqual(expect.objectContaining({ lineId: ids.seat, checkedInAt: null }));
    expect((await call(otherSecretary, "GET", `/seats?unitCode=1&itemTOTVSId=${seatItem}`)).status).toBe(404);

    const first = await call(secretary, "POST", `/lines/${ids.seat}/check-in`);
    expect(first.status).toBe(200);
    const second = await call(secretary, "POST", `/lines/${ids.seat}/check-in`);
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(M.alreadyCheckedIn);
    expect((await call(secretary, "POST", `/lines/${ids.polo}/check-in`)).status).toBe(422);
    const after = await call(secretary, "GET", `/seats?unitCode=1&itemTOTVSId=${seatItem}`);
    expect(after.body.seats).toContainEqual(
      expect.objectContaining({ lineId: ids.seat, checkedInAt: first.body.checkedInAt }),
    );
  });
});

describe("a refund after pickup", () => {
  it("says which items were picked up and keeps them out of stock", async () => {
    const saleId = await insertSale(t.db, {
      customer_id: customer.id,
      status: "paid",
      paid_at: new Date().toISOString(),
      bags: [
        {
          student_name: "Júlia Entrega Teixeira",
          items: [
            { title: "Caderno retirado", quantity: 1, unit_price_cents: 2000, item_totvs_id: 990_001, stock_taken: 1 },
            {
              title: "Caderno na prateleira",
              quantity: 1,
              unit_price_cents: 2000,
              item_totvs_id: SIZES.G,
              stock_taken: 1,
            },
          ],
        },
      ],
    });
    await t.db
      .updateTable("sale_bag_items")
      .set({ delivery_state: "picked_up" })
      .where("title", "=", "Caderno retirado")
      .execute();
    const detail = await t.call("GET", `/gestor/sales/${saleId}`, undefined, { token: admin.token });
    expect(detail.body.sale.piecesPickedUp).toEqual(["Caderno retirado"]);
    expect(detail.body.sale.piecesHeld).toBe(1);
    expect(detail.body.sale.bags[0].items.map((item: { deliveryState: string }) => item.deliveryState).sort()).toEqual([
      "awaiting",
      "picked_up",
    ]);
    const before = { picked: await availableOf(990_001), shelf: await availableOf(SIZES.G) };
    await t.db.transaction().execute((trx) => releaseSaleHolds(trx, [saleId], new Date().toISOString()));
    expect(await availableOf(990_001)).toBe(before.picked);
    expect(await availableOf(SIZES.G)).toBe(before.shelf! + 1);
  });
});

describe("Troca at several counters at once", () => {
  it("gives the last piece of a size to one exchange only; the others change nothing", async () => {
    const sales: string[] = [];
    for (let count = 0; count < 3; count++)
      sales.push(
        await insertSale(t.db, {
          customer_id: customer.id,
          status: "paid",
          paid_at: new Date().toISOString(),
          bags: [
            {
              student_name: "Júlia Entrega Teixeira",
              items: [
                {
                  title: poloTitle,
                  quantity: 1,
                  unit_price_cents: poloProduct.sale_price_cents,
                  item_totvs_id: SIZES.M,
                  product_id: poloProduct.id,
                  option_name: "Tamanho",
                  option_value: "M",
                  stock_taken: 1,
                },
              ],
            },
          ],
        }),
      );
    const lines = await Promise.all(sales.map(async (saleId) => (await onlyLineOf(saleId)).id));
    await level(SIZES.P, 1);
    await level(SIZES.M, 0);

    const replies = await Promise.all(
      lines.map((lineId) => call(secretary, "POST", `/lines/${lineId}/exchange`, { toItemTOTVSId: SIZES.P })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409]);
    expect(await availableOf(SIZES.P)).toBe(0);
    // Only the exchange that got P gave its M back.
    expect(await availableOf(SIZES.M)).toBe(1);
    const swapped = await Promise.all(lines.map(async (lineId) => (await lineOf(lineId)).option_value));
    expect(swapped.sort()).toEqual(["M", "M", "P"]);
  });
});
