import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bag, demoItems, linkByRA, METHOD, saveCart, testCard } from "#tests/fixtures/carts.ts";
import { randomAddress, signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { COMMAND_LINE } from "#api/gestor/audit/audit-log.ts";
import { cancelSale, confirmSalePayment, refundSale } from "#api/gestor/sales/service.ts";
import { ITEM_SOLD_OUT, itemSoldOutMessage, itemSoldOutReply } from "#api/contract/carts.ts";
import { createSandboxGateway, SANDBOX_CARDS } from "#api/payments/sandbox-gateway.ts";
import { PIX_MESSAGES } from "#api/sales/pix-sales.ts";
import { expireOverdueSales } from "#api/sales/sale-lifecycle.ts";
import { addSizes } from "#tests/fixtures/variants.ts";
import { setStockLevel } from "./repository.ts";

// The stock engine through the store API (docs/decisions/0067-stock-and-seats.md): on SQLite, and
// on PostgreSQL when TEST_DATABASE_URL names a server (scripts/test.sh, scripts/test-postgres.sh).

const CUSTOMERS = 50;
const ROUNDS = 5;
const STORE = 1;

let t: TestApi;
let now = new Date();
const clock = () => now;
const deps = () => ({
  db: t.db,
  now: clock,
  publicUrl: t.publicUrl,
  gateway: createSandboxGateway({ db: t.db, now: clock }),
});

/** A T-shirt of the demo catalogue sold in sizes P, M and G, each under its own item code. */
let shirt: { productId: string; title: string; unitCode: string; sizes: Record<"P" | "M" | "G", number> };
/** A course of the demo catalogue with a limited class. */
let course: { itemTOTVSId: number; title: string; unitCode: string };
let shoppers: { customer: SignedUpCustomer; studentId: string }[];

beforeAll(async () => {
  t = await createTestApi();
  t.setNow(undefined);
  const items = await demoItems(t.db);
  const product = await t.db
    .selectFrom("products")
    .select(["id", "title", "unit_code", "item_totvs_id"])
    .where("item_totvs_id", "=", items.P[0]!.itemTOTVSId)
    .executeTakeFirstOrThrow();
  const sizes = { P: 990_001, M: 990_002, G: 990_003 };
  // Size G costs more; P and M the product's prices.
  await addSizes(t.db, { id: product.id, storeId: STORE }, sizes, { G: { priceCents: 9_000, salePriceCents: 8_500 } });
  shirt = { productId: product.id, title: product.title, unitCode: product.unit_code, sizes };
  const courseRow = await t.db
    .selectFrom("products")
    .select(["title", "unit_code", "item_totvs_id"])
    .where("item_totvs_id", "=", items.S[0]!.itemTOTVSId)
    .executeTakeFirstOrThrow();
  course = { itemTOTVSId: courseRow.item_totvs_id, title: courseRow.title, unitCode: courseRow.unit_code };
  await t.db.updateTable("products").set({ capacity: 3 }).where("item_totvs_id", "=", course.itemTOTVSId).execute();

  shoppers = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const customer = await signUpAndLogIn(t);
    const { studentId } = await linkByRA(t, customer, "20250003");
    shoppers.push({ customer, studentId });
  }
}, 240_000);
afterAll(() => t?.close());

const item = (unitCode: string, itemTotvsId: number) => ({ storeId: STORE, unitCode, itemTotvsId });

function stockTo(unitCode: string, itemTotvsId: number, available: number) {
  return t.db
    .transaction()
    .execute((trx) =>
      setStockLevel(trx, item(unitCode, itemTotvsId), available, { reason: "adjust", at: clock().toISOString() }),
    );
}

async function availableOf(unitCode: string, itemTotvsId: number): Promise<number> {
  const row = await t.db
    .selectFrom("stock_levels")
    .select("available")
    .where("store_id", "=", STORE)
    .where("unit_code", "=", unitCode)
    .where("item_totvs_id", "=", itemTotvsId)
    .executeTakeFirstOrThrow();
  return row.available;
}

/** The ledger's sum for the item: with levels set through setStockLevel, what `available` must be. */
async function ledgerOf(unitCode: string, itemTotvsId: number): Promise<number> {
  const rows = await t.db
    .selectFrom("stock_movements")
    .select("delta")
    .where("store_id", "=", STORE)
    .where("unit_code", "=", unitCode)
    .where("item_totvs_id", "=", itemTotvsId)
    .execute();
  return rows.reduce((sum, row) => sum + row.delta, 0);
}

/** Pieces the item's live sales (processing, pending, paid) hold, by their lines. */
async function heldBySales(itemTotvsId: number): Promise<number> {
  const rows = await t.db
    .selectFrom("sale_bag_items as i")
    .innerJoin("sale_bags as b", "b.id", "i.sale_bag_id")
    .innerJoin("sales as s", "s.id", "b.sale_id")
    .select(["i.stock_taken", "i.stock_returned_at"])
    .where("i.item_totvs_id", "=", itemTotvsId)
    .where("s.status", "in", ["processing", "pending", "paid"])
    .execute();
  return rows.reduce((sum, row) => sum + (row.stock_returned_at === null ? row.stock_taken : 0), 0);
}

const chargesCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("sandbox_payments")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow()
    ).count,
  );

function finish(shopper: { customer: SignedUpCustomer }, cartId: string, body: Record<string, unknown>) {
  return t.call(
    "PUT",
    `/carts/finish-cart-by-customer/${shopper.customer.id}/cart/${cartId}/store/${STORE}`,
    { acceptedTerms: true, deliveryDate: null, installments: 1, ...body },
    { token: shopper.customer.token, address: randomAddress() },
  );
}

async function cartOf(shopper: (typeof shoppers)[number], ...lines: [number, number][]): Promise<string> {
  const saved = await saveCart(t, shopper.customer, [bag(shopper.studentId, ...lines)]);
  if (saved.status !== 200) throw new Error(`cart not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
  return saved.body.cart.cartId;
}

/** Everyone's cart holds `line`; all finish at once by boleto. Answers the replies. */
async function everyoneFinishesAtOnce(line: [number, number]) {
  const carts: string[] = [];
  for (const shopper of shoppers) carts.push(await cartOf(shopper, line));
  return Promise.all(shoppers.map((shopper, i) => finish(shopper, carts[i]!, { paymentMethodId: METHOD.boleto })));
}

describe("the last pieces and seats go to exactly as many finishes", () => {
  it(`${CUSTOMERS} customers finishing at once for the last 2 shirts in size M: 2 sales, ${CUSTOMERS - 2} told it sold out, nothing charged for them (×${ROUNDS})`, async () => {
    const soldOut = {
      status: 409,
      body: {
        error: {
          code: ITEM_SOLD_OUT,
          message: itemSoldOutMessage([{ itemTOTVSId: shirt.sizes.M, title: shirt.title, optionValue: "M" }]),
          items: [{ itemTOTVSId: shirt.sizes.M, title: shirt.title, optionValue: "M" }],
        },
      },
    };
    expect(soldOut.body.error.message).toBe(
      `Um item do seu carrinho esgotou: ${shirt.title} (M). Escolha outra opção ou remova-o do carrinho para continuar.`,
    );
    for (let round = 0; round < ROUNDS; round++) {
      await stockTo(shirt.unitCode, shirt.sizes.M, 2);
      const chargesBefore = await chargesCount();
      const replies = await everyoneFinishesAtOnce([shirt.sizes.M, 1]);
      const sold = replies.filter((reply) => reply.status === 200);
      expect(sold.map((reply) => reply.body.finished.statusCode)).toEqual(["pending", "pending"]);
      expect(replies.filter((reply) => reply.status !== 200)).toEqual(Array(CUSTOMERS - 2).fill(soldOut));
      // The contract's reply, as the OpenAPI document declares it.
      expect(itemSoldOutReply.parse(replies.find((reply) => reply.status === 409)!.body)).toEqual(soldOut.body);
      expect((await chargesCount()) - chargesBefore).toBe(2);
      expect(await availableOf(shirt.unitCode, shirt.sizes.M)).toBe(0);
      expect(await ledgerOf(shirt.unitCode, shirt.sizes.M)).toBe(0);
      // Every piece taken is a live sale's line: 2 per round so far.
      expect(await heldBySales(shirt.sizes.M)).toBe(2 * (round + 1));
    }
    // The losers' carts are still open with the shirt: a sold-out finish changes nothing else.
    const sales = await t.db.selectFrom("sales").select("id").execute();
    expect(sales).toHaveLength(2 * ROUNDS);
  }, 240_000);

  it(`${CUSTOMERS} customers finishing at once for a course with 3 seats: 3 sales (×${ROUNDS})`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await stockTo(course.unitCode, course.itemTOTVSId, 3);
      const chargesBefore = await chargesCount();
      const replies = await everyoneFinishesAtOnce([course.itemTOTVSId, 1]);
      expect(replies.filter((reply) => reply.status === 200)).toHaveLength(3);
      const refused = replies.filter((reply) => reply.status !== 200);
      expect(refused).toHaveLength(CUSTOMERS - 3);
      expect(new Set(refused.map((reply) => `${reply.status} ${reply.body.error.message}`))).toEqual(
        new Set([`409 Um item do seu carrinho esgotou: ${course.title}. Remova-o do carrinho para continuar.`]),
      );
      expect((await chargesCount()) - chargesBefore).toBe(3);
      expect(await availableOf(course.unitCode, course.itemTOTVSId)).toBe(0);
      expect(await ledgerOf(course.unitCode, course.itemTOTVSId)).toBe(0);
      expect(await heldBySales(course.itemTOTVSId)).toBe(3 * (round + 1));
    }
  }, 240_000);
});

describe("a pending Pix expiring while everyone finishes", () => {
  it(`the piece it gives back goes to at most one more finish; stock, ledger and sales agree (×${ROUNDS})`, async () => {
    const [holder, ...others] = shoppers;
    let soldInRaces = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await stockTo(shirt.unitCode, shirt.sizes.M, 3);
      const pix = await finish(holder!, await cartOf(holder!, [shirt.sizes.M, 1]), { paymentMethodId: METHOD.pix });
      expect(pix.body.finished.statusCode).toBe("pending");
      const carts: string[] = [];
      for (const shopper of others) carts.push(await cartOf(shopper, [shirt.sizes.M, 1]));
      const sweepAt = () => new Date(Date.now() + 24 * 60 * 60_000);
      const [expired, ...replies] = await Promise.all([
        expireOverdueSales({ db: t.db, now: sweepAt }),
        ...others.map((shopper, i) => finish(shopper, carts[i]!, { paymentMethodId: METHOD.boleto })),
      ]);
      expect(expired).toContainEqual(expect.objectContaining({ saleId: pix.body.finished.saleId, to: "expired" }));
      const sold = replies.filter((reply) => reply.status === 200).length;
      expect([2, 3]).toContain(sold);
      expect(replies.filter((reply) => reply.status === 409)).toHaveLength(others.length - sold);
      const left = await availableOf(shirt.unitCode, shirt.sizes.M);
      expect(sold + left).toBe(3);
      expect(await ledgerOf(shirt.unitCode, shirt.sizes.M)).toBe(left);
      soldInRaces += sold;
    }
    // 2 a round in the first race, 3 a round in the seats' race are other items: these are all M.
    expect(await heldBySales(shirt.sizes.M)).toBe(2 * ROUNDS + soldInRaces);
  }, 240_000);
});

describe("carts with several tracked lines", () => {
  it("finishes at once with the same two sizes in opposite orders sell exactly the stock, without deadlocks", async () => {
    await stockTo(shirt.unitCode, shirt.sizes.P, 7);
    await stockTo(shirt.unitCode, shirt.sizes.G, 7);
    const carts: string[] = [];
    for (const [i, shopper] of shoppers.entries()) {
      const lines: [number, number][] = [
        [shirt.sizes.P, 1],
        [shirt.sizes.G, 1],
      ];
      carts.push(await cartOf(shopper, ...(i % 2 === 0 ? lines : lines.reverse())));
    }
    const replies = await Promise.all(
      shoppers.map((shopper, i) => finish(shopper, carts[i]!, { paymentMethodId: METHOD.boleto })),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(7);
    // Each sale takes both sizes, so both run out together: every refusal names the two.
    expect(
      new Set(
        replies.filter((reply) => reply.status !== 200).map((reply) => `${reply.status} ${reply.body.error.message}`),
      ),
    ).toEqual(
      new Set([
        `409 Itens do seu carrinho esgotaram: ${shirt.title} (P) e ${shirt.title} (G). Escolha outras opções ou remova-os do carrinho para continuar.`,
      ]),
    );
    expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(0);
    expect(await availableOf(shirt.unitCode, shirt.sizes.G)).toBe(0);
    expect(await ledgerOf(shirt.unitCode, shirt.sizes.P)).toBe(0);
    expect(await ledgerOf(shirt.unitCode, shirt.sizes.G)).toBe(0);
    // The gestor cancels them: both lines of each come back, once.
    for (const reply of replies.filter((reply) => reply.status === 200))
      await cancelSale(deps(), reply.body.finished.saleId, COMMAND_LINE);
    expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(7);
    expect(await availableOf(shirt.unitCode, shirt.sizes.G)).toBe(7);
    expect(await ledgerOf(shirt.unitCode, shirt.sizes.G)).toBe(7);
  }, 240_000);
});

describe("a sale's holds", () => {
  const buyer = () => shoppers[0]!;

  /** A purchase of `quantity` shirts in `size` by `body`'s method; answers the finish reply. */
  async function buyShirts(size: "P" | "M" | "G", quantity: number, body: Record<string, unknown>) {
    const cartId = await cartOf(buyer(), [shirt.sizes[size], quantity]);
    return finish(buyer(), cartId, body);
  }

  const movementsOf = (saleId: string) =>
    t.db
      .selectFrom("stock_movements")
      .select(["reason", "delta"])
      .where("sale_id", "=", saleId)
      .orderBy("at")
      .orderBy("reason", "desc")
      .execute();

  it("a variant line sells at the variant's price and keeps the size on the sale", async () => {
    await stockTo(shirt.unitCode, shirt.sizes.G, 5);
    const reply = await buyShirts("G", 2, { paymentMethodId: METHOD.boleto });
    expect(reply.status).toBe(200);
    const line = await t.db
      .selectFrom("sale_bag_items as i")
      .innerJoin("sale_bags as b", "b.id", "i.sale_bag_id")
      .select(["i.item_totvs_id", "i.product_id", "i.unit_price_cents", "i.original_unit_price_cents"])
      .select(["i.option_name", "i.option_value", "i.stock_taken", "i.stock_returned_at"])
      .where("b.sale_id", "=", reply.body.finished.saleId)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({
      item_totvs_id: shirt.sizes.G,
      product_id: shirt.productId,
      unit_price_cents: 8_500,
      original_unit_price_cents: 9_000,
      option_name: "Tamanho",
      option_value: "G",
      stock_taken: 2,
      stock_returned_at: null,
    });
    expect(await availableOf(shirt.unitCode, shirt.sizes.G)).toBe(3);
    expect(await movementsOf(reply.body.finished.saleId)).toEqual([{ reason: "sale", delta: -2 }]);
  });

  it("a product with sizes is not bought by its own code", async () => {
    const model = await t.db
      .selectFrom("products")
      .select("item_totvs_id")
      .where("id", "=", shirt.productId)
      .executeTakeFirstOrThrow();
    const saved = await saveCart(t, buyer().customer, [bag(buyer().studentId, [model.item_totvs_id, 1])]);
    expect([saved.status, saved.body.error.message]).toEqual([
      400,
      `Escolha uma opção de tamanho para ${shirt.title}.`,
    ]);
  });

  it("a declined card gives the pieces back once", async () => {
    await stockTo(shirt.unitCode, shirt.sizes.P, 4);
    const reply = await buyShirts("P", 2, {
      paymentMethodId: METHOD.credit,
      ...testCard({ cardNumber: SANDBOX_CARDS.declined[0] }),
    });
    expect(reply.status).toBe(402);
    expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(4);
    const [sale] = await t.db.selectFrom("sales").select("id").where("status", "=", "declined").execute();
    expect(await movementsOf(sale!.id)).toEqual([
      { reason: "sale", delta: -2 },
      { reason: "release", delta: 2 },
    ]);
    expect(await ledgerOf(shirt.unitCode, shirt.sizes.P)).toBe(4);
  });

  it("an expired boleto gives the pieces back once; cancelling it afterwards gives nothing more", async () => {
    await stockTo(shirt.unitCode, shirt.sizes.P, 4);
    const reply = await buyShirts("P", 3, { paymentMethodId: METHOD.boleto });
    const saleId = reply.body.finished.saleId as string;
    expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(1);
    now = new Date(Date.now() + 10 * 24 * 60 * 60_000);
    try {
      const expired = await expireOverdueSales(deps());
      expect(expired.map((change) => change.saleId)).toContain(saleId);
      expect(await expireOverdueSales(deps())).toEqual([]);
      expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(4);
      await cancelSale(deps(), saleId, COMMAND_LINE);
      expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(4);
      expect(await movementsOf(saleId)).toEqual([
        { reason: "sale", delta: -3 },
        { reason: "release", delta: 3 },
      ]);
    } finally {
      now = new Date();
    }
  });

  it("the gestor cancelling a pending boleto gives the pieces back", async () => {
    await stockTo(shirt.unitCode, shirt.sizes.P, 4);
    const reply = await buyShirts("P", 1, { paymentMethodId: METHOD.boleto });
    await cancelSale(deps(), reply.body.finished.saleId, COMMAND_LINE);
    expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(4);
    expect(await ledgerOf(shirt.unitCode, shirt.sizes.P)).toBe(4);
  });

  it("a refund gives back a course's seat always, pieces only when the gestor says they came back", async () => {
    await stockTo(shirt.unitCode, shirt.sizes.P, 4);
    await stockTo(course.unitCode, course.itemTOTVSId, 2);
    const card = { paymentMethodId: METHOD.credit, ...testCard() };
    const kept = await buyShirts("P", 1, card);
    const returned = await buyShirts("P", 2, card);
    const seat = await finish(buyer(), await cartOf(buyer(), [course.itemTOTVSId, 1]), card);
    expect([kept, returned, seat].map((reply) => reply.body.finished.statusCode)).toEqual(["paid", "paid", "paid"]);
    expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(1);
    expect(await availableOf(course.unitCode, course.itemTOTVSId)).toBe(1);

    await refundSale(deps(), kept.body.finished.saleId, COMMAND_LINE, "Desistência do responsável");
    expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(1);
    await refundSale(deps(), returned.body.finished.saleId, COMMAND_LINE, "Troca por outro tamanho", {
      piecesReturned: true,
    });
    expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(3);
    await refundSale(deps(), seat.body.finished.saleId, COMMAND_LINE, "Desistência do curso");
    expect(await availableOf(course.unitCode, course.itemTOTVSId)).toBe(2);
    // The piece that stayed with the family is still out, on its line and in the ledger.
    expect(await movementsOf(kept.body.finished.saleId)).toEqual([{ reason: "sale", delta: -1 }]);
    expect(await ledgerOf(shirt.unitCode, shirt.sizes.P)).toBe(3);
  });

  it("confirming an expired sale takes its stock again, or confirms it and shows the gestor what is missing", async () => {
    await stockTo(shirt.unitCode, shirt.sizes.P, 4);
    const stillThere = (await buyShirts("P", 1, { paymentMethodId: METHOD.boleto })).body.finished.saleId as string;
    const soldMeanwhile = (await buyShirts("P", 2, { paymentMethodId: METHOD.boleto })).body.finished.saleId as string;
    now = new Date(Date.now() + 10 * 24 * 60 * 60_000);
    try {
      await expireOverdueSales(deps());
      expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(4);
      // Another family buys 3 of the 4 while they are expired; the gestor confirms a day later.
      await stockTo(shirt.unitCode, shirt.sizes.P, 1);
      now = new Date(now.getTime() + 24 * 60 * 60_000);

      await confirmSalePayment(deps(), stillThere, COMMAND_LINE);
      expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(0);
      expect(await movementsOf(stillThere)).toEqual([
        { reason: "sale", delta: -1 },
        { reason: "release", delta: 1 },
        { reason: "retake", delta: -1 },
      ]);

      expect(await confirmSalePayment(deps(), soldMeanwhile, COMMAND_LINE)).toMatchObject({ to: "paid" });
      expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(0);
      const sale = await t.db
        .selectFrom("sales")
        .select(["status", "acquirer_alert"])
        .where("id", "=", soldMeanwhile)
        .executeTakeFirstOrThrow();
      expect(sale).toEqual({
        status: "paid",
        acquirer_alert: `Pagamento confirmado, mas sem estoque para: ${shirt.title} (P) × 2 (vendido enquanto a compra estava expirada). Providencie o item ou estorne a compra.`,
      });
      expect(await movementsOf(soldMeanwhile)).toEqual([
        { reason: "sale", delta: -2 },
        { reason: "release", delta: 2 },
      ]);
      expect(await ledgerOf(shirt.unitCode, shirt.sizes.P)).toBe(0);
    } finally {
      now = new Date();
    }
  });

  it("a new Pix code takes the pieces again, and is refused once they sold meanwhile", async () => {
    await stockTo(shirt.unitCode, shirt.sizes.P, 2);
    const reply = await buyShirts("P", 1, { paymentMethodId: METHOD.pix });
    const saleId = reply.body.finished.saleId as string;
    const renew = () =>
      t.call("POST", `/sales/renew-pix/${saleId}/store/${STORE}`, undefined, { token: buyer().customer.token });
    const expireIt = async () => {
      const sale = await t.db
        .selectFrom("sales")
        .select("pix_expires_at")
        .where("id", "=", saleId)
        .executeTakeFirstOrThrow();
      now = new Date(Date.parse(sale.pix_expires_at!) + 60 * 60_000);
      expect(await expireOverdueSales(deps())).toContainEqual(expect.objectContaining({ saleId, to: "expired" }));
      // The customer asks for a new code a minute after the sweep.
      t.setNow(new Date(now.getTime() + 60_000));
    };
    try {
      await expireIt();
      expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(2);
      const renewed = await renew();
      expect([renewed.status, renewed.body.sale.status]).toEqual([200, "pending"]);
      expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(1);

      await expireIt();
      await stockTo(shirt.unitCode, shirt.sizes.P, 0);
      const refused = await renew();
      expect([refused.status, refused.body.error.message]).toEqual([400, PIX_MESSAGES.soldOut(`${shirt.title} (P)`)]);
      const sale = await t.db.selectFrom("sales").select("status").where("id", "=", saleId).executeTakeFirstOrThrow();
      expect(sale.status).toBe("expired");
      expect(await availableOf(shirt.unitCode, shirt.sizes.P)).toBe(0);
      expect(await movementsOf(saleId)).toEqual([
        { reason: "sale", delta: -1 },
        { reason: "release", delta: 1 },
        { reason: "retake", delta: -1 },
        { reason: "release", delta: 1 },
      ]);
    } finally {
      now = new Date();
      t.setNow(undefined);
    }
  });
});
