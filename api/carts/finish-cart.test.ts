import { isValidBoleto } from "@brazilian-utils/brazilian-utils";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CARD_FORM_MESSAGE } from "#app/lib/card.ts";
import type { ChargeRequest, PaymentGateway } from "#api/payments/gateway.ts";
import { createSandboxGateway, SANDBOX_CARDS, SANDBOX_DECLINE_MESSAGE } from "#api/payments/sandbox-gateway.ts";
import { deleteCart } from "#api/services/manager.ts";
import { bag, demoItems, getCart, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { CART_NOT_FOUND } from "./cart-store.ts";
import { FINISH_MESSAGES } from "./finish-payload.ts";

/** The sandbox, counting what it is asked: a second charge of one cart is the bug to catch. */
const charges: ChargeRequest[] = [];
const sandbox = createSandboxGateway();
const countingGateway: PaymentGateway = {
  async charge(request) {
    charges.push(request);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return sandbox.charge(request);
  },
};

let t: TestApi;
let items: Awaited<ReturnType<typeof demoItems>>;
let freeItem: number;

beforeAll(async () => {
  t = await createTestApi({ gateway: countingGateway });
  items = await demoItems(t.db);
  const free = await t.db.selectFrom("products").select("item_totvs_id").where("sale_price_cents", "=", 0).where("type", "<>", "S").executeTakeFirstOrThrow();
  freeItem = free.item_totvs_id;
});
afterAll(() => t.close());

const METHOD = { boleto: 1, credit: 2, free: 3 } as const;
const VISA = SANDBOX_CARDS.approved[0];
const nextYear = new Date().getUTCFullYear() + 1;
const card = (overrides: Record<string, unknown> = {}) => ({
  brand: "VISA",
  cardNumber: VISA,
  expirationDate: `${nextYear}-05-10`,
  cvv: "123",
  holder: "Fernanda C Lima",
  installments: 1,
  ...overrides,
});

/** A customer with one linked student and a cart of `lines` for them. */
async function shopperWithCart(...lines: [itemTOTVSId: number, quantity: number][]) {
  const customer = await signUpAndLogIn(t);
  const { studentId } = await linkByRA(t, customer, "20250003");
  const saved = await saveCart(t, customer, [bag(studentId, ...lines)]);
  expect(saved.status).toBe(200);
  return { customer, studentId, cart: saved.body.cart };
}

function finish(customer: SignedUpCustomer, cartId: string, body: Record<string, unknown>) {
  return t.call(
    "PUT",
    `/carts/finish-cart-by-customer/${customer.id}/cart/${cartId}/store/1`,
    { acceptedTerms: true, deliveryDate: null, installments: 1, ...body },
    { token: customer.token },
  );
}

const salesOf = (customer: SignedUpCustomer) =>
  t.call("GET", `/sales/list-sale-by-customer-id/${customer.id}/store/1`, undefined, { token: customer.token });

describe("PUT /carts/finish-cart-by-customer", () => {
  it("boleto: a pending sale with a valid FEBRABAN boleto, the cart finished and a confirmation e-mail", async () => {
    const P = items.P[0]!;
    const { customer, cart } = await shopperWithCart([P.itemTOTVSId, 2]);
    const { status, body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    expect(status).toBe(200);
    expect(body.finished).toEqual({
      link: `${t.publicUrl}/boleto/${body.finished.saleId}`,
      referenceCode: expect.stringMatching(/^\d{12}$/),
      saleId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      statusCode: "pending",
    });
    const [sale] = (await salesOf(customer)).body.sales;
    expect(sale).toMatchObject({ status: "pending", total: (2 * P.salePriceCents) / 100, paymentMethod: { code: "0" } });
    expect(isValidBoleto(sale.boletoDigitableLine)).toBe(true);
    const boleto = await t.call("GET", `/sales/boleto/${sale.id}/store/1`);
    expect(boleto.body.boleto).toMatchObject({ amount: sale.total, barcode: expect.stringMatching(/^\d{44}$/), payerCpf: expect.stringMatching(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/) });
    expect((await getCart(t, customer)).body.cart.bags).toEqual([]);
    await vi.waitFor(() => expect(t.mail.find((mail) => mail.to === customer.email)?.text).toContain(sale.referenceCode));
    expect(t.mail.find((mail) => mail.to === customer.email)!.text).toContain(`/boleto/${sale.id}`);
  });

  it("card in instalments: paid, brand and last four digits kept, never the number or the CVV", async () => {
    const course = items.S.find((item) => item.salePriceCents >= 100_000) ?? items.S[0]!;
    const { customer, cart } = await shopperWithCart([course.itemTOTVSId, 1]);
    const logs: unknown[] = [];
    const spies = (["log", "error", "warn", "info"] as const).map((level) => vi.spyOn(console, level).mockImplementation((...args) => logs.push(args)));
    try {
      const { status, body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.credit, ...card({ cvv: "987", installments: 2 }) });
      expect(status).toBe(200);
      expect(body.finished).toMatchObject({ link: null, statusCode: "paid" });
      const [sale] = (await salesOf(customer)).body.sales;
      expect(sale).toMatchObject({ status: "paid", installments: 2, cardBrand: "VISA", cardLastDigits: "1111" });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(JSON.stringify(logs)).not.toContain(VISA);
    // Every text column of every table: the number and the CVV are nowhere.
    const tables = await t.db.introspection.getTables();
    for (const table of tables) {
      const rows = await t.db.selectFrom(table.name as never).selectAll().execute();
      const dump = JSON.stringify(rows);
      expect(dump, table.name).not.toContain(VISA);
      expect(dump.includes('"987"'), table.name).toBe(false);
    }
  });

  it("free: only at R$ 0,00, paid at once; a paying cart cannot claim it", async () => {
    const { customer, cart } = await shopperWithCart([freeItem, 1]);
    const boleto = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    expect([boleto.status, boleto.body.error.message]).toEqual([400, FINISH_MESSAGES.zeroMustBeFree]);
    const { status, body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.free });
    expect([status, body.finished.statusCode]).toEqual([200, "paid"]);

    const paying = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const free = await finish(paying.customer, paying.cart.cartId, { paymentMethodId: METHOD.free });
    expect([free.status, free.body.error.message]).toEqual([400, FINISH_MESSAGES.freeOnlyAtZero]);
  });

  it("a declined card leaves no paid sale and the cart as it was; another card then pays", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const declined = await finish(customer, cart.cartId, { paymentMethodId: METHOD.credit, ...card({ cardNumber: SANDBOX_CARDS.declined[0] }) });
    expect([declined.status, declined.body.error.message]).toEqual([402, SANDBOX_DECLINE_MESSAGE]);
    expect((await salesOf(customer)).body.sales.map((sale: any) => sale.status)).toEqual(["declined"]);
    expect((await getCart(t, customer)).body.cart).toMatchObject({ cartId: cart.cartId, version: cart.version });
    const paid = await finish(customer, cart.cartId, { paymentMethodId: METHOD.credit, ...card() });
    expect(paid.body.finished.statusCode).toBe("paid");
  });

  it("a card under review stays pending", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const { body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.credit, ...card({ cardNumber: SANDBOX_CARDS.pending[0] }) });
    expect(body.finished.statusCode).toBe("pending");
  });

  it("ten finishes of one cart at once make one sale and one charge", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const before = charges.length;
    const replies = await Promise.all(Array.from({ length: 10 }, () => finish(customer, cart.cartId, { paymentMethodId: METHOD.credit, ...card() })));
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
    expect(new Set(replies.map((reply) => reply.body.finished.saleId)).size).toBe(1);
    expect(charges.length - before).toBe(1);
    expect((await salesOf(customer)).body.sales).toHaveLength(1);
  });

  it("a cart the gestor deleted answers 404 Carrinho não foi encontrado", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    await deleteCart({ db: t.db, now: () => new Date() }, cart.cartId);
    const { status, body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    expect([status, body.error.message]).toEqual([404, CART_NOT_FOUND]);
  });

  it("a coupon that stopped applying answers 404 Cupom inválido, and nothing is sold", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const applied = await t.call("PUT", "/cart-items/apply-coupon-discount-on-cart-items", { code: "BEMVINDO10", cartId: cart.cartId, storeId: 1 }, { token: customer.token });
    expect(applied.status).toBe(200);
    // Meanwhile the customer used it up elsewhere (BEMVINDO10 is once per customer).
    await t.db
      .insertInto("coupon_uses")
      .values({ id: crypto.randomUUID(), coupon_id: applied.body.cart.coupon.id, customer_id: customer.id, sale_id: null, created_at: new Date().toISOString() })
      .execute();
    const { status, body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    expect([status, body.error.message]).toEqual([404, "Cupom inválido"]);
    expect((await salesOf(customer)).body.sales).toEqual([]);
  });

  it("refuses more instalments than the rule, a bad card, missing terms and a student-less bag", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const tooMany = await finish(customer, cart.cartId, { paymentMethodId: METHOD.credit, ...card({ installments: 12 }) });
    expect([tooMany.status, tooMany.body.error.message]).toEqual([400, FINISH_MESSAGES.installmentsInvalid]);
    for (const bad of [card({ cardNumber: "4111111111111112" }), card({ expirationDate: "2020-01-10" }), card({ cvv: "12" }), card({ brand: "MASTER" })]) {
      const refused = await finish(customer, cart.cartId, { paymentMethodId: METHOD.credit, ...bad });
      expect([refused.status, refused.body.error.message]).toEqual([400, CARD_FORM_MESSAGE]);
    }
    const noTerms = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto, acceptedTerms: false });
    expect([noTerms.status, noTerms.body.error.message]).toEqual([400, FINISH_MESSAGES.termsNotAccepted]);

    const waiting = await saveCart(t, customer, [{ studentId: null, cartItems: [{ itemTOTVSId: items.P[1]!.itemTOTVSId, quantity: 1 }] }], { version: cart.version });
    const unassigned = await finish(customer, waiting.body.cart.cartId, { paymentMethodId: METHOD.boleto });
    expect([unassigned.status, unassigned.body.error.message]).toEqual([400, FINISH_MESSAGES.studentMissing]);
    expect((await salesOf(customer)).body.sales).toEqual([]);
  });

  it("another customer can neither pay nor read someone else's cart and sales", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const other = await signUpAndLogIn(t);
    const foreignPath = await t.call("PUT", `/carts/finish-cart-by-customer/${customer.id}/cart/${cart.cartId}/store/1`, { acceptedTerms: true, paymentMethodId: METHOD.boleto }, { token: other.token });
    expect(foreignPath.status).toBe(403);
    const ownPath = await finish(other, cart.cartId, { paymentMethodId: METHOD.boleto });
    expect([ownPath.status, ownPath.body.error.message]).toEqual([404, CART_NOT_FOUND]);

    const { body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    const bags = await t.call("GET", `/sale-bags/list-sale-bag-by-sale-id/${body.finished.saleId}/store/1`, undefined, { token: other.token });
    expect(bags.status).toBe(404);
  });
});

describe("the public receipt", () => {
  it("answers a sale bag by its two random ids, without the customer's contact data", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const { body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    const saleId = body.finished.saleId;
    const [saleBag] = (await t.call("GET", `/sale-bags/list-sale-bag-by-sale-id/${saleId}/store/1`, undefined, { token: customer.token })).body.saleBag;
    const receipt = await t.call("GET", `/sale-bags/check-status-sale-bag/store/1/sale/${saleId}/saleBag/${saleBag.id}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.saleBag).toMatchObject({ id: saleBag.id, studentName: saleBag.studentName, sale: { status: "pending", referenceCode: body.finished.referenceCode } });
    expect(JSON.stringify(receipt.body)).not.toContain(customer.email);
    const wrongPair = await t.call("GET", `/sale-bags/check-status-sale-bag/store/1/sale/${crypto.randomUUID()}/saleBag/${saleBag.id}`);
    expect(wrongPair.status).toBe(404);
  });
});
