/**
 * "Lista completa com X% de desconto" (issue 29; docs/decisions/0072-list-discount-and-coupon.md):
 * the discount a bag filled from a material list has while every required line of the list is in
 * it, how a coupon goes on top, and the finish that re-prices it and never takes it from the page.
 * The lists and the bags' material_list_id are written straight into the test database.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CART_CHANGED } from "#api/contract/carts.ts";
import { COMMAND_LINE } from "#api/gestor/audit/audit-log.ts";
import { removeCartItem } from "#api/gestor/carts/service.ts";
import { WHOLE_NETWORK } from "#api/gestor/staff/staff-scope.ts";
import { saleDetail } from "#api/gestor/sales/sale-detail.ts";
import { createMemoryMailer } from "#api/mail/mailer.ts";
import type { ChargeRequest, PaymentGateway } from "#api/payments/gateway.ts";
import { createSandboxGateway } from "#api/payments/sandbox-gateway.ts";
import {
  applyCoupon,
  bag,
  demoItems,
  finishCart,
  getCart,
  linkByRA,
  METHOD,
  salesOf,
  saveCart,
} from "#tests/fixtures/carts.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { addSizes } from "#tests/fixtures/variants.ts";
import { insertDiscountList, rememberListOnBag } from "#tests/fixtures/list-discount.ts";
import { formatBRL } from "#core/money.ts";
import { bagListPrice } from "./cart-pricing.ts";

/** The sandbox, counting the charges: a charge of a discount the cart no longer has is the bug. */
const charges: ChargeRequest[] = [];
let sandbox: PaymentGateway;
const countingGateway: PaymentGateway = {
  name: "sandbox",
  charge(request) {
    charges.push(request);
    return sandbox.charge(request);
  },
  findBySaleId: (saleId) => sandbox.findBySaleId(saleId),
  refund: (request) => sandbox.refund(request),
  cancel: (request) => sandbox.cancel(request),
};

const outbox = createMemoryMailer();
let t: TestApi;

interface Product {
  id: string;
  itemTOTVSId: number;
  title: string;
  cents: number;
}
/** A and B required by the list, C optional on it, D not on it; each at a price of its own. */
const product: Record<"A" | "B" | "C" | "D", Product> = {} as never;
/** A uniform sold in sizes: P at the product's price, G at its own. */
let uniform: Product & { sizes: { P: number; G: number }; gCents: number };

beforeAll(async () => {
  t = await createTestApi({ gateway: countingGateway, mailer: outbox });
  sandbox = createSandboxGateway({ db: t.db, now: () => new Date() });
  const items = await demoItems(t.db);
  const prices = { A: 1234, B: 999, C: 700, D: 500 };
  for (const [index, key] of (["A", "B", "C", "D"] as const).entries()) {
    const { itemTOTVSId, title } = items.P[index]!;
    const row = await t.db
      .updateTable("products")
      .set({ sale_price_cents: prices[key], price_cents: prices[key] })
      .where("item_totvs_id", "=", itemTOTVSId)
      .returning("id")
      .executeTakeFirstOrThrow();
    product[key] = { id: row.id, itemTOTVSId, title, cents: prices[key] };
  }
  const shirt = items.P[4]!;
  const row = await t.db
    .updateTable("products")
    .set({ sale_price_cents: 4000, price_cents: 4000 })
    .where("item_totvs_id", "=", shirt.itemTOTVSId)
    .returning(["id", "store_id"])
    .executeTakeFirstOrThrow();
  const sizes = { P: 9_900_101, G: 9_900_102 };
  await addSizes(t.db, { id: row.id, storeId: row.store_id }, sizes, {
    G: { priceCents: 4500, salePriceCents: 4500 },
  });
  uniform = { id: row.id, itemTOTVSId: shirt.itemTOTVSId, title: shirt.title, cents: 4000, sizes, gCents: 4500 };
});
afterAll(() => t.close());

let lists = 0;
/** A list of the demo period; `codgrade` a real grade names its title. */
const createList = (
  lines: { product: Pick<Product, "id">; quantity: number; required: boolean }[],
  { percentage = 10, publishFrom = "2020-01-01", codgrade = `T${++lists}` } = {},
) =>
  insertDiscountList(t.db, {
    codgrade,
    percentage,
    publishFrom,
    lines: lines.map((line) => ({ productId: line.product.id, quantity: line.quantity, required: line.required })),
  });

/** The usual list: 2 of A and 1 of B required, 1 of C optional. */
const usualList = (options?: Parameters<typeof createList>[1]) =>
  createList(
    [
      { product: product.A, quantity: 2, required: true },
      { product: product.B, quantity: 1, required: true },
      { product: product.C, quantity: 1, required: false },
    ],
    options,
  );

/** A new customer with Gabriel (20250003, EM01) linked and a bag of `lines` for him filled from `listId`. */
async function shopperWithListBag(listId: string, ...lines: [itemTOTVSId: number, quantity: number][]) {
  const customer = await signUpAndLogIn(t);
  const { studentId } = await linkByRA(t, customer, "20250003");
  const saved = await saveCart(t, customer, [bag(studentId, ...lines)]);
  expect(saved.status).toBe(200);
  await markBag(saved.body.cart.cartId, studentId, listId);
  return { customer, studentId, cartId: saved.body.cart.cartId as string };
}

/** What the add-to-bag of a list does to the bag (another call): remember the list. */
const markBag = (cartId: string, studentId: string, listId: string) =>
  rememberListOnBag(t.db, cartId, studentId, listId);

const cents = (reais: number) => Math.round(reais * 100);
const cartOf = async (customer: SignedUpCustomer) => (await getCart(t, customer)).body.cart;

describe("the list discount in the cart", () => {
  it("takes X% of the list's pieces while every required line is in the bag; extra pieces and other items pay full", async () => {
    const listId = await usualList({ codgrade: "EM03" });
    const { customer } = await shopperWithListBag(
      listId,
      [product.A.itemTOTVSId, 3],
      [product.B.itemTOTVSId, 1],
      [product.D.itemTOTVSId, 1],
    );
    const cart = await cartOf(customer);
    const subtotal = 3 * 1234 + 999 + 500;
    // 10% of 2 A (the list's quantity, not the third) and 1 B: 346,70 → R$ 3,47; D is not on the list.
    const discount = Math.round((2 * 1234 + 999) * 0.1);
    expect(discount).toBe(347);
    expect(cart.bags[0].materialList).toEqual({
      listId,
      title: "Lista de material — 3ª Série",
      percentage: 10,
      discount: 3.47,
      applies: true,
      missing: [],
    });
    expect([cents(cart.subtotal), cents(cart.listDiscount), cents(cart.discount), cents(cart.total)]).toEqual([
      subtotal,
      discount,
      0,
      subtotal - discount,
    ]);
  });

  it("never appears for a bag missing a required line, even with the list remembered", async () => {
    const listId = await usualList();
    // One A where the list asks for two, and no B.
    const { customer } = await shopperWithListBag(listId, [product.A.itemTOTVSId, 1], [product.C.itemTOTVSId, 1]);
    const cart = await cartOf(customer);
    expect(cart.bags[0].materialList).toMatchObject({
      applies: false,
      discount: 0,
      missing: [product.A.title, product.B.title],
    });
    expect(cart.listDiscount).toBe(0);
    expect(cents(cart.total)).toBe(1234 + 700);
  });

  it("gives nothing for a list not published yet, and nothing in a bag that was not filled from a list", async () => {
    const future = await usualList({ publishFrom: "2999-01-01" });
    const { customer } = await shopperWithListBag(future, [product.A.itemTOTVSId, 2], [product.B.itemTOTVSId, 1]);
    const cart = await cartOf(customer);
    expect(cart.bags[0].materialList).toBeUndefined();
    expect(cart.listDiscount).toBeUndefined();
    expect(cents(cart.total)).toBe(2 * 1234 + 999);
  });

  it("counts any size of a sized line, each size at its own price, up to the list's quantity", async () => {
    const listId = await createList([
      { product: uniform, quantity: 2, required: true },
      { product: product.B, quantity: 1, required: true },
    ]);
    const { customer, studentId } = await shopperWithListBag(listId, [uniform.sizes.P, 1], [product.B.itemTOTVSId, 1]);
    expect((await cartOf(customer)).bags[0].materialList).toMatchObject({ applies: false, missing: [uniform.title] });

    // One P and two G: the list's 2 pieces are the P and the first G; the second G pays full.
    const saved = await saveCart(t, customer, [
      bag(studentId, [uniform.sizes.P, 1], [uniform.sizes.G, 2], [product.B.itemTOTVSId, 1]),
    ]);
    const cart = saved.body.cart;
    const discount = Math.round((4000 + 4500 + 999) * 0.1);
    expect(cart.bags[0].materialList).toMatchObject({ applies: true, missing: [], discount: discount / 100 });
    expect(cents(cart.total)).toBe(4000 + 2 * 4500 + 999 - discount);
  });
});

describe("a required line the parent cannot buy is excused (0072)", () => {
  /** A's 2 pieces and no B: the bag lacks only B, R$ 2,47 off when B is excused. */
  const withoutB = async () => {
    const listId = await usualList();
    const { customer } = await shopperWithListBag(listId, [product.A.itemTOTVSId, 2]);
    expect((await cartOf(customer)).bags[0].materialList).toMatchObject({ applies: false, missing: [product.B.title] });
    return customer;
  };
  const excusedDiscount = Math.round(2 * 1234 * 0.1);

  it("applies without a line whose product left the catalogue", async () => {
    const customer = await withoutB();
    await t.db.updateTable("products").set({ status: "disabled" }).where("id", "=", product.B.id).execute();
    try {
      const cart = await cartOf(customer);
      expect(excusedDiscount).toBe(247);
      expect(cart.bags[0].materialList).toMatchObject({ applies: true, missing: [], discount: 2.47 });
      expect(cents(cart.total)).toBe(2 * 1234 - excusedDiscount);
    } finally {
      await t.db.updateTable("products").set({ status: "enabled" }).where("id", "=", product.B.id).execute();
    }
  });

  it("applies without a line sold out for the list's quantity, and not while pieces are left", async () => {
    const customer = await withoutB();
    const { store_id, unit_code } = await t.db
      .selectFrom("products")
      .select(["store_id", "unit_code"])
      .where("id", "=", product.B.id)
      .executeTakeFirstOrThrow();
    const level = { store_id, unit_code, item_totvs_id: product.B.itemTOTVSId, updated_at: new Date().toISOString() };
    await t.db
      .insertInto("stock_levels")
      .values({ ...level, available: 0 })
      .execute();
    try {
      const soldOut = await cartOf(customer);
      expect(soldOut.bags[0].materialList).toMatchObject({ applies: true, missing: [], discount: 2.47 });
      expect(cents(soldOut.total)).toBe(2 * 1234 - excusedDiscount);
      // Restocked: the parent can add B again, so it is needed again.
      await t.db
        .updateTable("stock_levels")
        .set({ available: 3 })
        .where("store_id", "=", store_id)
        .where("unit_code", "=", unit_code)
        .where("item_totvs_id", "=", product.B.itemTOTVSId)
        .execute();
      const restocked = await cartOf(customer);
      expect(restocked.bags[0].materialList).toMatchObject({ applies: false, missing: [product.B.title], discount: 0 });
      expect(cents(restocked.total)).toBe(2 * 1234);
    } finally {
      await t.db
        .deleteFrom("stock_levels")
        .where("store_id", "=", store_id)
        .where("unit_code", "=", unit_code)
        .where("item_totvs_id", "=", product.B.itemTOTVSId)
        .execute();
    }
  });
});

describe("a discount the gestor removed after the bag remembered the list", () => {
  it("gives nothing from that moment", async () => {
    const listId = await usualList();
    const { customer } = await shopperWithListBag(listId, [product.A.itemTOTVSId, 2], [product.B.itemTOTVSId, 1]);
    expect((await cartOf(customer)).bags[0].materialList).toMatchObject({ applies: true, discount: 3.47 });
    await t.db.updateTable("material_lists").set({ discount_percentage: null }).where("id", "=", listId).execute();
    const cart = await cartOf(customer);
    expect(cart.bags[0].materialList).toBeUndefined();
    expect(cart.listDiscount).toBeUndefined();
    expect(cents(cart.total)).toBe(2 * 1234 + 999);
  });
});

describe("a change that takes the list discount away", () => {
  it("says so in the reply when a required line leaves or goes below the list's quantity", async () => {
    const listId = await usualList();
    const { customer, studentId } = await shopperWithListBag(
      listId,
      [product.A.itemTOTVSId, 2],
      [product.B.itemTOTVSId, 1],
    );
    // Adding an item keeps it, and the reply says nothing.
    const added = await saveCart(t, customer, [
      bag(studentId, [product.A.itemTOTVSId, 2], [product.B.itemTOTVSId, 1], [product.D.itemTOTVSId, 1]),
    ]);
    expect(added.body.listDiscountRemoved).toBeUndefined();
    expect(added.body.cart.bags[0].materialList.applies).toBe(true);

    const removed = await saveCart(t, customer, [
      bag(studentId, [product.A.itemTOTVSId, 2], [product.D.itemTOTVSId, 1]),
    ]);
    expect(removed.status).toBe(200);
    expect(removed.body.listDiscountRemoved).toEqual([
      {
        studentName: "Gabriel Cavalcanti Ferreira",
        title: expect.stringMatching(/^Lista de material — /),
        missing: [product.B.title],
      },
    ]);
    expect(removed.body.cart.bags[0].materialList).toMatchObject({ applies: false, missing: [product.B.title] });
    expect(cents(removed.body.cart.total)).toBe(2 * 1234 + 500);

    // Back with B: it applies again; then one A less takes it away again, naming A.
    await saveCart(t, customer, [bag(studentId, [product.A.itemTOTVSId, 2], [product.B.itemTOTVSId, 1])]);
    const lowered = await saveCart(t, customer, [
      bag(studentId, [product.A.itemTOTVSId, 1], [product.B.itemTOTVSId, 1]),
    ]);
    expect(lowered.body.listDiscountRemoved).toEqual([expect.objectContaining({ missing: [product.A.title] })]);
    // A repeated submit changes nothing and tells nothing twice.
    const repeated = await saveCart(t, customer, [
      bag(studentId, [product.A.itemTOTVSId, 1], [product.B.itemTOTVSId, 1]),
    ]);
    expect(repeated.body.listDiscountRemoved).toBeUndefined();
  });
  it("says so when a required line moves to another student's bag", async () => {
    const listId = await usualList();
    const { customer, studentId } = await shopperWithListBag(
      listId,
      [product.A.itemTOTVSId, 2],
      [product.B.itemTOTVSId, 1],
    );
    const { studentId: sister } = await linkByRA(t, customer, "20250004");
    const moved = await saveCart(t, customer, [
      bag(studentId, [product.A.itemTOTVSId, 2]),
      bag(sister, [product.B.itemTOTVSId, 1]),
    ]);
    expect(moved.status).toBe(200);
    expect(moved.body.listDiscountRemoved).toEqual([
      expect.objectContaining({ studentName: "Gabriel Cavalcanti Ferreira", missing: [product.B.title] }),
    ]);
    // The other bag was not filled from the list: no discount there either.
    expect(moved.body.cart.bags[1].materialList).toBeUndefined();
    expect(moved.body.cart.listDiscount).toBe(0);
  });
});

describe("a coupon on top of the list discount", () => {
  it("takes its percentage of the total after the list discounts", async () => {
    const listId = await usualList();
    const { customer, cartId } = await shopperWithListBag(
      listId,
      [product.A.itemTOTVSId, 2],
      [product.B.itemTOTVSId, 1],
      [product.D.itemTOTVSId, 1],
    );
    const applied = await applyCoupon(t, customer, cartId, "ESCOLA5");
    expect(applied.status).toBe(200);
    const cart = applied.body.cart;
    const subtotal = 2 * 1234 + 999 + 500;
    const listDiscount = Math.round((2 * 1234 + 999) * 0.1);
    const coupon = Math.round((subtotal - listDiscount) * 0.05);
    expect([cents(cart.listDiscount), cents(cart.discount), cents(cart.total)]).toEqual([
      listDiscount,
      coupon,
      subtotal - listDiscount - coupon,
    ]);
  });
});

describe("finish-cart re-prices the list discount (never trusted from the page)", () => {
  it("refuses the total the page showed with the discount after a required line left: 409, nothing charged", async () => {
    const listId = await usualList();
    const { customer, studentId, cartId } = await shopperWithListBag(
      listId,
      [product.A.itemTOTVSId, 2],
      [product.B.itemTOTVSId, 1],
    );
    const shown = await cartOf(customer);
    expect(shown.bags[0].materialList.applies).toBe(true);
    // Another tab takes B out.
    expect((await saveCart(t, customer, [bag(studentId, [product.A.itemTOTVSId, 2])])).status).toBe(200);
    const before = charges.length;
    for (const page of [{ cartTotal: shown.total }, { cartTotal: shown.total, cartVersion: shown.version }]) {
      const stale = await finishCart(t, customer, cartId, { paymentMethodId: METHOD.boleto, ...page });
      expect([stale.status, stale.body.error.message]).toEqual([409, CART_CHANGED]);
    }
    expect(charges.length).toBe(before);
    expect((await salesOf(t, customer)).body.sales).toEqual([]);
  });

  it("refuses it after the gestor removed a required line too", async () => {
    const listId = await usualList();
    const { customer, cartId } = await shopperWithListBag(
      listId,
      [product.A.itemTOTVSId, 2],
      [product.B.itemTOTVSId, 1],
      [product.D.itemTOTVSId, 1],
    );
    const shown = await cartOf(customer);
    const removal = await removeCartItem(
      { db: t.db, now: () => new Date() },
      COMMAND_LINE,
      WHOLE_NETWORK,
      cartId,
      product.B.itemTOTVSId,
    );
    // The gestor is told the bag lost its list discount.
    expect(removal.listDiscountRemoved).toEqual([
      { studentName: "Gabriel Cavalcanti Ferreira", title: expect.any(String), missing: [product.B.title] },
    ]);
    const before = charges.length;
    const stale = await finishCart(t, customer, cartId, { paymentMethodId: METHOD.boleto, cartTotal: shown.total });
    expect([stale.status, stale.body.error.message]).toEqual([409, CART_CHANGED]);
    expect(charges.length).toBe(before);
    // The cart says why the discount is gone, on the bag.
    const now = await cartOf(customer);
    expect(now.bags[0].materialList).toMatchObject({ applies: false, missing: [product.B.title] });
    expect(cents(now.total)).toBe(2 * 1234 + 500);
  });

  it("charges the discounted total and records the list discount on the sale and on the bag", async () => {
    const listId = await usualList({ codgrade: "EM02" });
    const { customer, cartId } = await shopperWithListBag(
      listId,
      [product.A.itemTOTVSId, 2],
      [product.B.itemTOTVSId, 1],
      [product.D.itemTOTVSId, 1],
    );
    expect((await applyCoupon(t, customer, cartId, "ESCOLA5")).status).toBe(200);
    const shown = await cartOf(customer);
    const before = charges.length;
    const paid = await finishCart(t, customer, cartId, {
      paymentMethodId: METHOD.boleto,
      cartTotal: shown.total,
      cartVersion: shown.version,
    });
    expect(paid.status).toBe(200);
    const subtotal = 2 * 1234 + 999 + 500;
    const listDiscount = Math.round((2 * 1234 + 999) * 0.1);
    const coupon = Math.round((subtotal - listDiscount) * 0.05);
    const total = subtotal - listDiscount - coupon;
    expect(charges.slice(before).map((charge) => charge.amountCents)).toEqual([total]);

    const sale = await t.db
      .selectFrom("sales")
      .select(["subtotal_cents", "list_discount_cents", "discount_cents", "total_cents"])
      .where("id", "=", paid.body.finished.saleId)
      .executeTakeFirstOrThrow();
    expect(sale).toEqual({
      subtotal_cents: subtotal,
      list_discount_cents: listDiscount,
      discount_cents: coupon,
      total_cents: total,
    });
    const saleBag = await t.db
      .selectFrom("sale_bags")
      .select(["total_cents", "list_discount_cents", "material_list_title"])
      .where("sale_id", "=", paid.body.finished.saleId)
      .executeTakeFirstOrThrow();
    // The bag's total is what its lines cost after the list discount: a refund of it gives back no more.
    expect(saleBag).toEqual({
      total_cents: subtotal - listDiscount,
      list_discount_cents: listDiscount,
      material_list_title: "Lista de material — 2ª Série",
    });

    // The order's e-mail says it, per bag and in the totals.
    await vi.waitFor(() => expect(outbox.messages.some((message) => message.to === customer.email)).toBe(true));
    const mail = outbox.messages.find((message) => message.to === customer.email)!;
    expect(mail.text).toContain(
      `Desconto da lista completa (Lista de material — 2ª Série): -${formatBRL(listDiscount / 100)}`,
    );
    expect(mail.text).toContain(`Desconto da lista completa: -${formatBRL(listDiscount / 100)}`);
    expect(mail.text).toContain(`Total: ${formatBRL(total / 100)}`);

    // The public receipt of the bag and the gestor's sale page name the list and its discount.
    const saleId = paid.body.finished.saleId as string;
    const [bagRow] = await t.db.selectFrom("sale_bags").select("id").where("sale_id", "=", saleId).execute();
    const receipt = await t.call(
      "GET",
      `/sale-bags/check-status-sale-bag/store/1/sale/${saleId}/saleBag/${bagRow!.id}`,
    );
    expect(receipt.body.saleBag).toMatchObject({
      total: (subtotal - listDiscount) / 100,
      listDiscount: listDiscount / 100,
      materialListTitle: "Lista de material — 2ª Série",
      sale: { listDiscount: listDiscount / 100, discount: coupon / 100, total: total / 100 },
    });
    expect(await saleDetail(t.db, saleId, WHOLE_NETWORK)).toMatchObject({
      listDiscount: listDiscount / 100,
      bags: [{ listDiscount: listDiscount / 100, materialListTitle: "Lista de material — 2ª Série" }],
    });

    const [order] = (await salesOf(t, customer)).body.sales;
    expect([order.subtotal, order.listDiscount, order.discount, order.total].map(cents)).toEqual([
      subtotal,
      listDiscount,
      coupon,
      total,
    ]);
  });
});

describe("bagListPrice", () => {
  const list = {
    listId: "l",
    title: "Lista de material — 6º Ano",
    percentage: 5,
    lines: [{ productId: "a", title: "Caderno", quantity: 1, required: true, excused: false }],
  };
  it("rounds half up to centavos per bag", () => {
    // 5% of R$ 10,10 is 50,5 centavos: 51.
    expect(bagListPrice("b", [{ bagId: "b", productId: "a", quantity: 1, salePriceCents: 1010 }], list)).toMatchObject({
      applies: true,
      discountCents: 51,
    });
  });
  it("gives nothing while a required line is missing", () => {
    expect(bagListPrice("b", [], list)).toMatchObject({ applies: false, discountCents: 0, missing: ["Caderno"] });
  });
  it("does not wait for an excused line (not for sale, or sold out)", () => {
    const excused = { ...list, lines: [...list.lines.map((line) => ({ ...line, excused: true }))] };
    expect(bagListPrice("b", [], excused)).toMatchObject({ applies: true, discountCents: 0, missing: [] });
  });
});
