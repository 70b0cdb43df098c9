import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CART_MESSAGES } from "#core/cart-rules.ts";
import { PAYMENT_IN_PROGRESS } from "#api/contract/carts.ts";
import { applyCoupon, bag, cartTables, demoItems, getCart, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { STALE_CART } from "./service.ts";

let t: TestApi;
let items: Awaited<ReturnType<typeof demoItems>>;

beforeAll(async () => {
  t = await createTestApi();
  items = await demoItems(t.db);
});
afterAll(() => t.close());

/** A fresh customer with the demo students 20250003 and 20250004 linked. */
async function shopper() {
  const customer = await signUpAndLogIn(t);
  const [first, second] = [await linkByRA(t, customer, "20250003"), await linkByRA(t, customer, "20250004")];
  return { customer, first: first.studentId, second: second.studentId };
}

const S = () => items.S[0]!.itemTOTVSId;
const S2 = () => items.S[1]!.itemTOTVSId;
const M = () => items.M[0]!.itemTOTVSId;
const M2 = () => items.M[1]!.itemTOTVSId;
const P = () => items.P[0]!.itemTOTVSId;
const P2 = () => items.P[1]!.itemTOTVSId;

describe("GET /carts/list-cart-by-customer", () => {
  it("answers an empty cart when there is none", async () => {
    const customer = await signUpAndLogIn(t);
    const { status, body } = await getCart(t, customer);
    expect(status).toBe(200);
    expect(body).toEqual({
      cart: {
        id: null,
        cartId: null,
        affiliateId: null,
        version: 0,
        coupon: null,
        subtotal: 0,
        discount: 0,
        total: 0,
        bags: [],
      },
      itemsRemoved: [],
    });
  });
});

describe("POST /carts/client-add-item-to-cart", () => {
  it("stores the whole cart and answers it with catalogue prices and display fields", async () => {
    const { customer, first, second } = await shopper();
    const { status, body } = await saveCart(t, customer, [bag(first, [S(), 1], [P(), 3]), bag(second, [M(), 1])], {
      affiliateId: "4",
    });
    expect(status).toBe(200);
    const { cart, itemsRemoved } = body;
    expect(itemsRemoved).toEqual([]);
    expect(cart).toMatchObject({ id: cart.cartId, affiliateId: "4", version: 1, coupon: null });
    expect(cart.bags.map((b: any) => [b.name, b.RA, b.studentId, b.cartId])).toEqual([
      ["Gabriel Cavalcanti Ferreira", "20250003", first, cart.cartId],
      ["Ana Clara Menezes Barbosa", "20250004", second, cart.cartId],
    ]);
    const line = cart.bags[0].cartItems[1];
    expect(Object.keys(line).sort()).toEqual(
      [
        "cartItemid",
        "itemTOTVSId",
        "affiliateId",
        "quantity",
        "itemCouponId",
        "itemCoupon",
        "paymentPlan",
        "PRECO",
        "DESCONTO",
        "TIPO",
        "NOME",
        "TURNO",
        "PARCELAS",
        "CODCOLIGADA",
        "productImage",
        "productSlug",
        "category",
        "product",
      ].sort(),
    );
    expect(line).toMatchObject({
      itemTOTVSId: P(),
      quantity: 3,
      itemCouponId: null,
      itemCoupon: null,
      PRECO: items.P[0]!.priceCents / 100,
      DESCONTO: items.P[0]!.salePriceCents / 100,
      NOME: items.P[0]!.title,
      product: { title: items.P[0]!.title, category: { slug: expect.any(String) } },
    });
    const expected = items.S[0]!.salePriceCents + 3 * items.P[0]!.salePriceCents + items.M[0]!.salePriceCents;
    expect(Math.round(cart.subtotal * 100)).toBe(expected);
    expect(cart.total).toBe(cart.subtotal);
    expect((await getCart(t, customer)).body.cart).toEqual(cart);
  });

  it("ignores prices sent by the client", async () => {
    const { customer, first } = await shopper();
    const { body } = await saveCart(t, customer, [
      { studentId: first, cartItems: [{ itemTOTVSId: P(), quantity: 1, PRECO: 0.01, DESCONTO: 0.01, price: 0 }] },
    ]);
    expect(body.cart.bags[0].cartItems[0].DESCONTO).toBe(items.P[0]!.salePriceCents / 100);
    expect(body.cart.total).toBe(items.P[0]!.salePriceCents / 100);
  });

  it("merges the same item twice in a bag by summing, and keeps the line's id on a change", async () => {
    const { customer, first } = await shopper();
    const once = await saveCart(t, customer, [bag(first, [P(), 1])]);
    const twice = await saveCart(t, customer, [bag(first, [P(), 1], [P2(), 1], [P(), 1])]);
    expect(twice.body.cart.bags[0].cartItems.map((i: any) => [i.itemTOTVSId, i.quantity])).toEqual([
      [P(), 2],
      [P2(), 1],
    ]);
    expect(twice.body.cart.bags[0].cartItems[0].cartItemid).toBe(once.body.cart.bags[0].cartItems[0].cartItemid);
  });

  it("allows one S and one M per student, each with quantity 1", async () => {
    const { customer, first, second } = await shopper();
    const secondS = await saveCart(t, customer, [bag(first, [S(), 1], [S2(), 1])]);
    expect([secondS.status, secondS.body.error.message]).toEqual([400, CART_MESSAGES.secondService]);
    const sameS = await saveCart(t, customer, [bag(first, [S(), 1], [S(), 1])]);
    expect(sameS.body.error.message).toBe(CART_MESSAGES.secondService);
    const secondM = await saveCart(t, customer, [bag(first, [M(), 1], [M2(), 1])]);
    expect([secondM.status, secondM.body.error.message]).toEqual([400, CART_MESSAGES.secondManual]);
    // Spec §5's messages also when the same course or manual item comes again.
    const moreS = await saveCart(t, customer, [bag(first, [S(), 2])]);
    expect([moreS.status, moreS.body.error.message]).toEqual([400, CART_MESSAGES.secondService]);
    const moreM = await saveCart(t, customer, [bag(first, [M(), 2])]);
    expect([moreM.status, moreM.body.error.message]).toEqual([400, CART_MESSAGES.secondManual]);
    // Two bags (students) may each have their S and their M.
    const ok = await saveCart(t, customer, [bag(first, [S(), 1], [M(), 1]), bag(second, [S2(), 1], [M2(), 1])]);
    expect(ok.status).toBe(200);
  });

  it("refuses a quantity of 0, negative, fractional, huge or not a number", async () => {
    const { customer, first } = await shopper();
    await saveCart(t, customer, [bag(first, [P(), 1])]);
    const before = await cartTables(t.db);
    const cases: [unknown, string][] = [
      [0, CART_MESSAGES.quantityMin],
      [-3, CART_MESSAGES.quantityMin],
      [1.5, CART_MESSAGES.quantityNotInteger],
      [100, CART_MESSAGES.quantityMax],
      [1e12, CART_MESSAGES.quantityMax],
      ["2", "Informe a quantidade de cada item."],
      [null, "Informe a quantidade de cada item."],
    ];
    for (const [quantity, message] of cases) {
      const reply = await saveCart(t, customer, [{ studentId: first, cartItems: [{ itemTOTVSId: P(), quantity }] }]);
      expect([reply.status, reply.body.error.message]).toEqual([400, message]);
    }
    const summed = await saveCart(t, customer, [bag(first, [P(), 60], [P(), 60])]);
    expect(summed.body.error.message).toBe(CART_MESSAGES.quantityMax);
    expect(await cartTables(t.db)).toEqual(before);
  });

  it("refuses unknown and withdrawn products and malformed carts", async () => {
    const { customer, first } = await shopper();
    const unknown = await saveCart(t, customer, [bag(first, [999999, 1])]);
    expect([unknown.status, unknown.body.error.message]).toEqual([400, "Produto indisponível: código 999999."]);
    const hidden = await saveCart(t, customer, [bag(first, [items.hidden.itemTOTVSId, 1])]);
    expect(hidden.body.error.message).toBe(`Produto indisponível: ${items.hidden.title}.`);
    for (const bags of [
      undefined,
      "x",
      [{ studentId: first }],
      [{ cartItems: [] }],
      [{ studentId: first, cartItems: [{ quantity: 1 }] }],
    ]) {
      expect((await saveCart(t, customer, bags)).status).toBe(400);
    }
    expect((await saveCart(t, customer, [bag(first, [P(), 1])], { version: -1 })).status).toBe(400);
    expect((await saveCart(t, customer, [bag(first, [P(), 1])], { affiliateId: "abc" })).status).toBe(400);
    expect((await t.call("POST", "/carts/client-add-item-to-cart", "{bags:", { token: customer.token })).status).toBe(
      400,
    );
  });

  it("drops empty bags and empties the cart with an empty list", async () => {
    const { customer, first, second } = await shopper();
    await saveCart(t, customer, [bag(first, [P(), 1]), bag(second, [P2(), 1])]);
    const dropped = await saveCart(t, customer, [bag(first, [P(), 1]), bag(second)]);
    expect(dropped.body.cart.bags.map((b: any) => b.studentId)).toEqual([first]);
    const emptied = await saveCart(t, customer, []);
    expect(emptied.status).toBe(200);
    expect(emptied.body.cart.bags).toEqual([]);
    expect(emptied.body.cart.cartId).toBe(dropped.body.cart.cartId);
  });

  it("answers 404 for a bag of a student not linked to the customer", async () => {
    const { customer, first } = await shopper();
    await saveCart(t, customer, [bag(first, [P(), 1])]);
    const before = await cartTables(t.db);
    const lucas = await t.db.selectFrom("students").select("id").where("ra", "=", "20250001").executeTakeFirstOrThrow();
    for (const studentId of [lucas.id, crypto.randomUUID()]) {
      const reply = await saveCart(t, customer, [bag(first, [P(), 2]), bag(studentId, [P(), 1])]);
      expect([reply.status, reply.body.error.message]).toEqual([404, "Estudante não encontrado."]);
    }
    expect(await cartTables(t.db)).toEqual(before);
  });
});

describe("two customers", () => {
  it("never read or write each other's cart", async () => {
    const a = await shopper();
    const b = await shopper();
    await saveCart(t, a.customer, [bag(a.first, [P(), 1])]);
    const before = await cartTables(t.db);
    expect(
      (
        await t.call("GET", `/carts/list-cart-by-customer/${a.customer.id}/store/1`, undefined, {
          token: b.customer.token,
        })
      ).status,
    ).toBe(403);
    const write = await t.call(
      "POST",
      "/carts/client-add-item-to-cart",
      { affiliateId: null, storeId: 1, customerId: a.customer.id, bags: [bag(b.first, [P(), 1])] },
      { token: b.customer.token },
    );
    expect(write.status).toBe(403);
    // b has 20250003 linked too, but a's link is a's: b's own cart only gets b's bag.
    expect(await cartTables(t.db)).toEqual(before);
    expect((await t.call("GET", `/carts/list-cart-by-customer/${a.customer.id}/store/1`, undefined)).status).toBe(401);
  });
});

describe("concurrency", () => {
  it("two tabs saving the same version: one wins, the other gets 409", async () => {
    const { customer, first } = await shopper();
    const base = await saveCart(t, customer, [bag(first, [P(), 1])]);
    const version = base.body.cart.version;
    const replies = await Promise.all([
      saveCart(t, customer, [bag(first, [P(), 2])], { version }),
      saveCart(t, customer, [bag(first, [P(), 1], [P2(), 1])], { version }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.error.message).toBe(STALE_CART);
    const winner = replies.find((r) => r.status === 200)!.body.cart;
    expect(winner.version).toBe(version + 1);
    expect((await getCart(t, customer)).body.cart).toEqual(winner);
  });

  it("a repeated submit of what is already stored is not a conflict", async () => {
    const { customer, first } = await shopper();
    const base = await saveCart(t, customer, [bag(first, [P(), 1])]);
    const next = [bag(first, [P(), 2])];
    const replies = await Promise.all([
      saveCart(t, customer, next, { version: base.body.cart.version }),
      saveCart(t, customer, next, { version: base.body.cart.version }),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(replies[1]!.body.cart).toEqual(replies[0]!.body.cart);
  });

  it("ten adds at once without version keep one S and one M per student", async () => {
    const { customer, first } = await shopper();
    const services = items.S.slice(0, 5).map((item) => item.itemTOTVSId);
    const manuals = items.M.slice(0, 5).map((item) => item.itemTOTVSId);
    const replies = await Promise.all([
      ...services.map((id) => saveCart(t, customer, [bag(first, [id, 1], [P(), 1])])),
      ...manuals.map((id) => saveCart(t, customer, [bag(first, [id, 1], [P(), 1])])),
    ]);
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const { cart } = (await getCart(t, customer)).body;
    const lines = cart.bags[0].cartItems;
    expect(lines.filter((l: any) => l.TIPO === "S").length).toBeLessThanOrEqual(1);
    expect(lines.filter((l: any) => l.TIPO === "M").length).toBeLessThanOrEqual(1);
    expect(lines.every((l: any) => l.quantity === 1)).toBe(true);
    expect(cart.version).toBe(10);
    const open = await t.db.selectFrom("carts").select("id").where("customer_id", "=", customer.id).execute();
    expect(open).toHaveLength(1);
  });
});

describe("a cart whose payment is in processing", () => {
  const removeCoupon = (customer: SignedUpCustomer, cartId: string) =>
    t.call(
      "PUT",
      "/cart-items/remove-coupon-discount-in-cart-items",
      { cartId, storeId: 1 },
      { token: customer.token },
    );

  it("refuses every change (items, quantities, coupon) with 409 and a clear message, changing nothing, until the answer is recorded", async () => {
    const { customer, first } = await shopper();
    const saved = (await saveCart(t, customer, [bag(first, [P(), 1])])).body.cart;
    expect((await applyCoupon(t, customer, saved.cartId, "ESCOLA5")).status).toBe(200);
    const saleId = await insertSale(t.db, { customer_id: customer.id, cart_id: saved.cartId, status: "processing" });
    const before = (await getCart(t, customer)).body.cart;

    const refusals = [
      await saveCart(t, customer, [bag(first, [P(), 1], [P2(), 1])], { version: before.version }),
      await saveCart(t, customer, [bag(first, [P(), 3])], { version: before.version }),
      await saveCart(t, customer, [], { version: before.version }),
      await removeCoupon(customer, saved.cartId),
    ];
    for (const reply of refusals)
      expect(reply).toEqual({ status: 409, body: { error: { message: PAYMENT_IN_PROGRESS } } });
    expect((await getCart(t, customer)).body.cart).toEqual(before);

    // The attempt declined: the cart is the customer's to change again.
    await t.db.updateTable("sales").set({ status: "declined" }).where("id", "=", saleId).execute();
    expect((await removeCoupon(customer, saved.cartId)).status).toBe(200);
    expect((await applyCoupon(t, customer, saved.cartId, "ESCOLA5")).status).toBe(200);
    const changed = await saveCart(t, customer, [bag(first, [P(), 2])]);
    expect(changed.status).toBe(200);
  });

  it("a coupon cannot be applied to it either", async () => {
    const { customer, first } = await shopper();
    const saved = (await saveCart(t, customer, [bag(first, [P(), 1])])).body.cart;
    await insertSale(t.db, { customer_id: customer.id, cart_id: saved.cartId, status: "processing" });
    expect(await applyCoupon(t, customer, saved.cartId, "ESCOLA5")).toEqual({
      status: 409,
      body: { error: { message: PAYMENT_IN_PROGRESS } },
    });
    expect((await getCart(t, customer)).body.cart.coupon).toBeNull();
  });
});
