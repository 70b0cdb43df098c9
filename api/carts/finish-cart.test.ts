import { isValidBoleto } from "@brazilian-utils/brazilian-utils";
import { WHOLE_NETWORK } from "#api/gestor/staff/staff-scope.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CARD_FORM_MESSAGE } from "#core/card.ts";
import { createMailWorker, retryDelayMs } from "#api/mail/mail-outbox.ts";
import { createMemoryMailer, type Mailer } from "#api/mail/mailer.ts";
import type { ChargeRequest, PaymentGateway } from "#api/payments/gateway.ts";
import { createSandboxGateway, SANDBOX_CARDS, SANDBOX_DECLINE_MESSAGE } from "#api/payments/sandbox-gateway.ts";
import { COMMAND_LINE } from "#api/gestor/audit/audit-log.ts";
import { deleteCart } from "#api/gestor/carts/service.ts";
import {
  applyCoupon as applyCouponToCart,
  bag,
  demoItems,
  finishCart,
  getCart,
  linkByRA,
  METHOD,
  salesOf as salesOfCustomer,
  saveCart,
  shopperWithCart as newShopper,
  testCard,
} from "#tests/fixtures/carts.ts";
import { randomAddress, signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { CART_NOT_FOUND } from "#api/contract/carts.ts";
import { COUPON_USED_UP } from "#api/contract/coupons.ts";
import { DECLINES_PER_CUSTOMER, FINISH_MESSAGES, REPEATED_FINISH_WINDOW_MS, TOO_MANY_DECLINES } from "./claim-sale.ts";
import { DECLINES_BY_ADDRESS } from "./finish-cart.ts";

/** The sandbox, counting what it is asked: a second charge of one cart is the bug to catch. */
const charges: ChargeRequest[] = [];
let sandbox: PaymentGateway;
const outage = { gateway: false, mail: false };
/** How long the acquirer takes to answer a charge. */
const acquirer = { delayMs: 5 };
const countingGateway: PaymentGateway = {
  name: "sandbox",
  async charge(request) {
    charges.push(request);
    await new Promise((resolve) => setTimeout(resolve, acquirer.delayMs));
    const number = request.card?.kind === "typed" ? request.card.number : "-";
    if (outage.gateway) throw new Error(`gateway timeout for card ${number}`);
    return sandbox.charge(request);
  },
  findBySaleId: (saleId) => sandbox.findBySaleId(saleId),
  refund: (request) => sandbox.refund(request),
  cancel: (request) => sandbox.cancel(request),
};
/** Memory mail that can be made to fail, as an SMTP server that is down. */
const outbox = createMemoryMailer();
const flakyMailer: Mailer = {
  leaseMs: 60_000,
  async send(message) {
    if (outage.mail) throw new Error("SMTP 421 serviço indisponível");
    await outbox.send(message);
  },
};

let t: TestApi;
let items: Awaited<ReturnType<typeof demoItems>>;
let freeItem: number;

beforeAll(async () => {
  t = await createTestApi({ gateway: countingGateway, mailer: flakyMailer });
  sandbox = createSandboxGateway({ db: t.db, now: () => new Date() });
  items = await demoItems(t.db);
  const free = await t.db
    .selectFrom("products")
    .select("item_totvs_id")
    .where("sale_price_cents", "=", 0)
    .where("type", "<>", "S")
    .executeTakeFirstOrThrow();
  freeItem = free.item_totvs_id;
});
afterAll(() => t.close());

const VISA = SANDBOX_CARDS.approved[0];
const card = testCard;
const shopperWithCart = (...lines: [itemTOTVSId: number, quantity: number][]) => newShopper(t, ...lines);
const finish = (customer: SignedUpCustomer, cartId: string, body: Record<string, unknown>, address?: string) =>
  finishCart(t, customer, cartId, body, address);

/** A 20 % coupon valid until tomorrow, with a global limit of `maxUses` (null: none). */
async function insertCoupon(prefix: string, maxUses: number | null) {
  const coupon = {
    id: crypto.randomUUID(),
    store_id: 1,
    code: `${prefix}${Date.now() % 100_000}`,
    percentage: 20,
    starts_at: "2020-01-01T00:00:00.000Z",
    ends_at: new Date(Date.now() + 86_400_000).toISOString(),
    max_uses: maxUses,
    max_uses_per_customer: null,
    status: "enabled" as const,
    created_at: "2020-01-01T00:00:00.000Z",
  };
  await t.db.insertInto("coupons").values(coupon).execute();
  return coupon;
}

const applyCoupon = (customer: SignedUpCustomer, cartId: string, code: string) =>
  applyCouponToCart(t, customer, cartId, code);

const salesOf = (customer: SignedUpCustomer) => salesOfCustomer(t, customer);

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
    expect(sale).toMatchObject({
      status: "pending",
      total: (2 * P.salePriceCents) / 100,
      paymentMethod: { code: "0" },
    });
    expect(isValidBoleto(sale.boletoDigitableLine)).toBe(true);
    const boleto = await t.call("GET", `/sales/boleto/${sale.id}/store/1`);
    expect(boleto.body.boleto).toMatchObject({
      amount: sale.total,
      barcode: expect.stringMatching(/^\d{44}$/),
      payerCpf: expect.stringMatching(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/),
    });
    expect((await getCart(t, customer)).body.cart.bags).toEqual([]);
    await vi.waitFor(() =>
      expect(outbox.messages.find((mail) => mail.to === customer.email)?.text).toContain(sale.referenceCode),
    );
    const mail = outbox.messages.find((message) => message.to === customer.email)!;
    expect(mail.text).toContain(`/boleto/${sale.id}`);
    expect(mail.text).toContain(P.title);
  });

  it("the confirmation says where and when each good is picked up, as the unit is now; a course has no pickup", async () => {
    const [good, course] = [items.M[0]!, items.S[0]!];
    const unitOf = async (itemTOTVSId: number) =>
      (
        await t.db
          .selectFrom("products")
          .select("unit_code")
          .where("item_totvs_id", "=", itemTOTVSId)
          .executeTakeFirstOrThrow()
      ).unit_code;
    const code = await unitOf(good.itemTOTVSId);
    const unit = () => t.db.updateTable("school_units").where("store_id", "=", 1).where("code", "=", code);
    const before = await t.db
      .selectFrom("school_units")
      .select(["name", "address", "city", "pickup_hours"])
      .where("store_id", "=", 1)
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    await unit().set({ address: "Rua Nova da Retirada, 77", pickup_hours: "Sáb., 8h às 12h" }).execute();
    try {
      const { customer, cart } = await shopperWithCart([good.itemTOTVSId, 1], [course.itemTOTVSId, 1]);
      expect((await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto })).status).toBe(200);
      await vi.waitFor(() => expect(outbox.messages.some((mail) => mail.to === customer.email)).toBe(true));
      const lines = outbox.messages.find((mail) => mail.to === customer.email)!.text.split("\n");
      const goodLine = lines.findIndex((line) => line.includes(good.title));
      expect(lines[goodLine + 1]).toBe(
        `    Retirada: ${before.name}, Rua Nova da Retirada, 77, ${before.city} · Sáb., 8h às 12h`,
      );
      const courseLine = lines.findIndex((line) => line.includes(course.title));
      expect(lines[courseLine + 1] ?? "").not.toContain("Retirada");
    } finally {
      await unit().set({ address: before.address, pickup_hours: before.pickup_hours }).execute();
    }
  });

  it("a sale with goods gets its pickup code at once; a sale of courses only has none (issue 30)", async () => {
    const withGoods = await shopperWithCart([items.M[0]!.itemTOTVSId, 1], [items.S[0]!.itemTOTVSId, 1]);
    expect((await finish(withGoods.customer, withGoods.cart.cartId, { paymentMethodId: METHOD.boleto })).status).toBe(
      200,
    );
    const [pending] = (await salesOf(withGoods.customer)).body.sales;
    expect(pending.pickupCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    const seatsOnly = await shopperWithCart([items.S[1]!.itemTOTVSId, 1]);
    expect((await finish(seatsOnly.customer, seatsOnly.cart.cartId, { paymentMethodId: METHOD.boleto })).status).toBe(
      200,
    );
    const [seatSale] = (await salesOf(seatsOnly.customer)).body.sales;
    expect(seatSale.pickupCode).toBeNull();
  });

  it("card in instalments: paid, brand and last four digits kept, never the number or the CVV", async () => {
    const course = items.S.find((item) => item.salePriceCents >= 100_000) ?? items.S[0]!;
    const { customer, cart } = await shopperWithCart([course.itemTOTVSId, 1]);
    const DECLINED = SANDBOX_CARDS.declined[0];
    const CVV = "987";
    const logs: unknown[] = [];
    const levels = ["log", "error", "warn", "info", "debug", "trace"] as const;
    const spies = levels.map((level) => vi.spyOn(console, level).mockImplementation((...args) => logs.push(args)));
    try {
      // Every way a card can go through the API: refused by the rules, declined, a gateway
      // that fails (its error names the card), then paid in instalments.
      const refused = await finish(customer, cart.cartId, {
        paymentMethodId: METHOD.credit,
        ...card({ cvv: CVV, expirationDate: "2020-01-10" }),
      });
      expect(refused.status).toBe(400);
      const declined = await finish(customer, cart.cartId, {
        paymentMethodId: METHOD.credit,
        ...card({ cardNumber: DECLINED, cvv: CVV }),
      });
      expect(declined.status).toBe(402);
      outage.gateway = true;
      try {
        const down = await finish(customer, cart.cartId, {
          paymentMethodId: METHOD.credit,
          ...card({ cvv: CVV, installments: 2 }),
        });
        expect([down.status, down.body.finished.statusCode]).toEqual([200, "processing"]);
      } finally {
        outage.gateway = false;
      }
      const { status, body } = await finish(customer, cart.cartId, {
        paymentMethodId: METHOD.credit,
        ...card({ cvv: CVV, installments: 2 }),
      });
      expect(status).toBe(200);
      // The retry charges the processing sale again, with the same idempotency key.
      expect(body.finished).toMatchObject({ link: null, statusCode: "paid" });
      const sales = (await salesOf(customer)).body.sales;
      expect(sales).toEqual([
        expect.objectContaining({ status: "paid", installments: 2, cardBrand: "VISA", cardLastDigits: "1111" }),
      ]);
      const attempts = await t.db
        .selectFrom("sales")
        .select(["status", "card_brand", "card_last4", "installments"])
        .where("customer_id", "=", customer.id)
        .orderBy("attempt")
        .execute();
      expect(attempts).toEqual([
        { status: "declined", card_brand: "VISA", card_last4: "0002", installments: 1 },
        { status: "paid", card_brand: "VISA", card_last4: "1111", installments: 2 },
      ]);
      await vi.waitFor(() => expect(outbox.messages.some((mail) => mail.to === customer.email)).toBe(true));
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const logged = JSON.stringify(logs);
    for (const secret of [VISA, DECLINED, `cvv`, `"${CVV}"`]) expect(logged.toLowerCase()).not.toContain(secret);
    // Every text column of every table, and the e-mails: the numbers and the CVV are nowhere.
    const hasSecret = (value: unknown) =>
      typeof value === "string" &&
      (value.includes(VISA) ||
        value.includes(DECLINED) ||
        value === CVV ||
        value.includes(`"${CVV}"`) ||
        /cvv|cardNumber/i.test(value));
    const tables = await t.db.introspection.getTables();
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(["sales", "sale_bags", "sale_bag_items", "carts", "coupon_uses"]),
    );
    for (const table of tables) {
      const rows = await t.db
        .selectFrom(table.name as never)
        .selectAll()
        .execute();
      const leaks = rows.flatMap((row) =>
        Object.entries(row as Record<string, unknown>).filter(([, value]) => hasSecret(value)),
      );
      expect(leaks, table.name).toEqual([]);
    }
    const mails = outbox.messages.filter((mail) => mail.to === customer.email);
    // The instalments as the store writes them everywhere (decision 0040).
    expect(mails.some((mail) => /, 2x de R\$ [\d.]+,\d{2} sem juros \(final 1111\)/.test(mail.text))).toBe(true);
    for (const mail of mails) expect([mail.subject, mail.text, mail.html].some(hasSecret)).toBe(false);
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
    const declined = await finish(customer, cart.cartId, {
      paymentMethodId: METHOD.credit,
      ...card({ cardNumber: SANDBOX_CARDS.declined[0] }),
    });
    expect([declined.status, declined.body.error.message]).toEqual([402, SANDBOX_DECLINE_MESSAGE]);
    // A declined card is a payment attempt, not an order: the customer's list leaves it out.
    expect((await salesOf(customer)).body.sales).toEqual([]);
    expect((await getCart(t, customer)).body.cart).toMatchObject({ cartId: cart.cartId, version: cart.version });
    const paid = await finish(customer, cart.cartId, { paymentMethodId: METHOD.credit, ...card() });
    expect(paid.body.finished.statusCode).toBe("paid");
  });

  it("a card under review stays pending", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const { body } = await finish(customer, cart.cartId, {
      paymentMethodId: METHOD.credit,
      ...card({ cardNumber: SANDBOX_CARDS.pending[0] }),
    });
    expect(body.finished.statusCode).toBe("pending");
  });

  it("ten finishes of one cart at once make one sale and one charge", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const before = charges.length;
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => finish(customer, cart.cartId, { paymentMethodId: METHOD.credit, ...card() })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
    expect(new Set(replies.map((reply) => reply.body.finished.saleId)).size).toBe(1);
    expect(charges.length - before).toBe(1);
    expect((await salesOf(customer)).body.sales).toHaveLength(1);
  });

  describe("declined cards are limited (card testing)", () => {
    const declinedCard = () => ({ paymentMethodId: METHOD.credit, ...card({ cardNumber: SANDBOX_CARDS.declined[0] }) });
    const chargesOf = (customer: SignedUpCustomer) =>
      charges.filter((charge) => charge.payer.email === customer.email).length;
    const tooMany = (minutes: number) => `${TOO_MANY_DECLINES} Tente novamente em ${minutes} minutos.`;

    it("after 5 declines in an hour a customer's card is refused without asking the acquirer; a boleto still goes", async () => {
      const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
      // Tries a few seconds apart, each a new attempt (not a repeated submit of the one before).
      const start = Date.now();
      for (let i = 0; i < DECLINES_PER_CUSTOMER; i++) {
        t.setNow(new Date(start + i * (REPEATED_FINISH_WINDOW_MS + 1_000)));
        expect((await finish(customer, cart.cartId, declinedCard(), randomAddress())).status).toBe(402);
      }
      t.setNow(new Date(start + DECLINES_PER_CUSTOMER * (REPEATED_FINISH_WINDOW_MS + 1_000)));
      const refused = await finish(customer, cart.cartId, declinedCard(), randomAddress());
      expect(refused).toEqual({ status: 429, body: { error: { message: tooMany(60) } } });
      const approved = await finish(customer, cart.cartId, { paymentMethodId: METHOD.credit, ...card() });
      expect(approved.status).toBe(429);
      expect(chargesOf(customer)).toBe(DECLINES_PER_CUSTOMER);
      expect((await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto })).status).toBe(200);
      t.setNow(undefined);
    });

    const refusal = { status: 402, body: { error: { message: SANDBOX_DECLINE_MESSAGE } } };

    it("ten declined finishes at once reach the acquirer once, and each gets its refusal", async () => {
      const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
      const address = randomAddress();
      // "At once" on the API's clock: on a busy machine the last of ten real requests may start
      // more than REPEATED_FINISH_WINDOW_MS after the first, which is a new attempt by design.
      t.setNow(new Date());
      try {
        const replies = await Promise.all(
          Array.from({ length: 10 }, () => finish(customer, cart.cartId, declinedCard(), address)),
        );
        expect(replies).toEqual(Array(10).fill(refusal));
      } finally {
        t.setNow(undefined);
      }
      expect(chargesOf(customer)).toBe(1);
    });

    it("finishes sent together that reach the API after the first was declined get its refusal, not a charge", async () => {
      const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
      const address = randomAddress();
      // Through the storefront, ten finishes sent at once reach the store API one after another:
      // the first may be declined before the others arrive. The API's clock stands still, so a
      // busy machine cannot stretch "at once" past REPEATED_FINISH_WINDOW_MS.
      const sentAt = new Date();
      t.setNow(sentAt);
      try {
        const first = await finish(customer, cart.cartId, declinedCard(), address);
        const rest = await Promise.all(
          Array.from({ length: 9 }, () => finish(customer, cart.cartId, declinedCard(), address)),
        );
        expect([first, ...rest]).toEqual(Array(10).fill(refusal));
        expect(chargesOf(customer)).toBe(1);
        // The same card once the moment has passed is a new attempt; another card is one at once.
        t.setNow(new Date(sentAt.getTime() + REPEATED_FINISH_WINDOW_MS + 1_000));
        expect(await finish(customer, cart.cartId, declinedCard(), address)).toEqual(refusal);
        expect(chargesOf(customer)).toBe(2);
        const other = await finish(customer, cart.cartId, { paymentMethodId: METHOD.credit, ...card() }, address);
        expect(other.status).toBe(200);
      } finally {
        t.setNow(undefined);
      }
      expect(chargesOf(customer)).toBe(3);
    });

    it("a double click on a declined card: the second finish waits for the first's refusal and gets it, with one acquirer call", async () => {
      const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
      acquirer.delayMs = 500;
      try {
        const first = finish(customer, cart.cartId, declinedCard(), randomAddress());
        await new Promise((resolve) => setTimeout(resolve, 50));
        const second = finish(customer, cart.cartId, declinedCard(), randomAddress());
        expect((await Promise.all([first, second])).map((reply) => reply.status)).toEqual([402, 402]);
      } finally {
        acquirer.delayMs = 5;
      }
      expect(chargesOf(customer)).toBe(1);
    });

    it("per address: concurrent finishes cannot all pass the last units; an approved card gives its unit back", async () => {
      const address = randomAddress();
      const key = `${DECLINES_BY_ADDRESS.name}:${address}`;
      await t.db
        .insertInto("rate_limits")
        .values({ key, window_started_at: Date.now(), hits: DECLINES_BY_ADDRESS.limit - 3 })
        .execute();
      const tester = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => finish(tester.customer, tester.cart.cartId, declinedCard(), address)),
      );
      expect(replies.filter((reply) => reply.status === 402)).toHaveLength(3);
      expect(replies.filter((reply) => reply.status === 429)).toHaveLength(7);
      // The three that passed each charged, or waited for a refusal already on its way.
      expect(chargesOf(tester.customer)).toBeGreaterThanOrEqual(1);
      expect(chargesOf(tester.customer)).toBeLessThanOrEqual(3);

      // Another parent behind the same address, once the window has room again, pays; the unit comes back.
      await t.db
        .updateTable("rate_limits")
        .set({ hits: DECLINES_BY_ADDRESS.limit - 1 })
        .where("key", "=", key)
        .execute();
      const parent = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
      const paid = await finish(
        parent.customer,
        parent.cart.cartId,
        { paymentMethodId: METHOD.credit, ...card() },
        address,
      );
      expect(paid.status).toBe(200);
      const row = await t.db.selectFrom("rate_limits").select("hits").where("key", "=", key).executeTakeFirstOrThrow();
      expect(Number(row.hits)).toBe(DECLINES_BY_ADDRESS.limit - 1);
    });
  });

  it("a cart the gestor deleted answers 404 Carrinho não foi encontrado", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    await deleteCart({ db: t.db, now: () => new Date() }, COMMAND_LINE, WHOLE_NETWORK, cart.cartId);
    const { status, body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    expect([status, body.error.message]).toEqual([404, CART_NOT_FOUND]);
  });

  it("a coupon that stopped applying answers 404 Cupom inválido, and nothing is sold", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const applied = await applyCoupon(customer, cart.cartId, "BEMVINDO10");
    expect(applied.status).toBe(200);
    // Meanwhile the customer used it up elsewhere (BEMVINDO10 is once per customer).
    await t.db
      .insertInto("coupon_uses")
      .values({
        id: crypto.randomUUID(),
        coupon_id: applied.body.cart.coupon.id,
        customer_id: customer.id,
        sale_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const { status, body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    expect([status, body.error.message]).toEqual([404, "Cupom inválido"]);
    expect((await salesOf(customer)).body.sales).toEqual([]);
  });

  it("an expired coupon answers 404 Cupom inválido; the coupon stays on the cart for the storefront to remove", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const { id: couponId, code } = await insertCoupon("EXPIRA", null);
    expect((await applyCoupon(customer, cart.cartId, code)).status).toBe(200);
    await t.db
      .updateTable("coupons")
      .set({ ends_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", couponId)
      .execute();
    const before = charges.length;
    const { status, body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.credit, ...card() });
    expect([status, body.error.message]).toEqual([404, "Cupom inválido"]);
    expect(charges.length).toBe(before);
    expect((await salesOf(customer)).body.sales).toEqual([]);
    expect((await getCart(t, customer)).body.cart).toMatchObject({ cartId: cart.cartId, coupon: { code } });
    const uses = await t.db.selectFrom("coupon_uses").select("id").where("coupon_id", "=", couponId).execute();
    expect(uses).toEqual([]);
  });

  it("a coupon's global limit holds when purchases finish at the same moment; the others are told it is used up", async () => {
    const { id: couponId, code } = await insertCoupon("LIMITE", 3);
    const shoppers = [];
    for (let i = 0; i < 10; i++) {
      const shopper = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
      expect((await applyCoupon(shopper.customer, shopper.cart.cartId, code)).status).toBe(200);
      shoppers.push(shopper);
    }
    const replies = await Promise.all(
      shoppers.map(({ customer, cart }) => finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto })),
    );
    const refused = replies.filter((reply) => reply.status !== 200);
    expect(replies.length - refused.length).toBe(3);
    expect(new Set(refused.map((reply) => `${reply.status} ${reply.body.error.message}`))).toEqual(
      new Set([`404 ${COUPON_USED_UP}`]),
    );
    const uses = await t.db.selectFrom("coupon_uses").select("id").where("coupon_id", "=", couponId).execute();
    expect(uses).toHaveLength(3);
  });

  it("prices come from the catalogue: totals and prices in the request are ignored; the coupon use is recorded", async () => {
    const P = items.P.find((item) => item.salePriceCents >= 2_000)!;
    const customer = await signUpAndLogIn(t);
    const { studentId } = await linkByRA(t, customer, "20250003");
    // Prices slipped into the cart's items are not read either.
    const saved = await saveCart(t, customer, [
      {
        studentId,
        cartItems: [{ itemTOTVSId: P.itemTOTVSId, quantity: 3, PRECO: 0.01, DESCONTO: 0.01, price: 1, salePrice: 1 }],
      },
    ]);
    expect(saved.status).toBe(200);
    const cartId = saved.body.cart.cartId;
    const applied = await applyCoupon(customer, cartId, "ESCOLA5");
    expect(applied.status).toBe(200);
    const before = charges.length;
    const { status, body } = await finish(customer, cartId, {
      paymentMethodId: METHOD.boleto,
      total: 0.01,
      subtotal: 0.01,
      discount: 999,
      amount: 1,
      amountCents: 1,
      totalCents: 1,
      bags: [{ studentId, cartItems: [{ itemTOTVSId: P.itemTOTVSId, quantity: 1, DESCONTO: 0.01 }] }],
    });
    expect(status).toBe(200);
    const subtotalCents = 3 * P.salePriceCents;
    const discountCents = Math.round((subtotalCents * 5) / 100);
    expect(charges.slice(before).map((charge) => charge.amountCents)).toEqual([subtotalCents - discountCents]);
    const [sale] = (await salesOf(customer)).body.sales;
    expect(sale).toMatchObject({
      id: body.finished.saleId,
      subtotal: subtotalCents / 100,
      discount: discountCents / 100,
      total: (subtotalCents - discountCents) / 100,
      couponCode: "ESCOLA5",
    });
    const bags = await t.call("GET", `/sale-bags/list-sale-bag-by-sale-id/${sale.id}/store/1`, undefined, {
      token: customer.token,
    });
    expect(bags.body.saleBag[0].items).toEqual([
      expect.objectContaining({
        itemTOTVSId: P.itemTOTVSId,
        quantity: 3,
        unitPrice: P.salePriceCents / 100,
        originalUnitPrice: P.priceCents / 100,
      }),
    ]);
    const uses = await t.db
      .selectFrom("coupon_uses")
      .select(["customer_id", "sale_id"])
      .where("sale_id", "=", sale.id)
      .execute();
    expect(uses).toEqual([{ customer_id: customer.id, sale_id: sale.id }]);
  });

  it("one sale bag per student, with the items copied at their prices", async () => {
    const customer = await signUpAndLogIn(t);
    const first = await linkByRA(t, customer, "20250003");
    const second = await linkByRA(t, customer, "20250004");
    const [a, b, c] = [items.P[0]!, items.P[1]!, items.M[0]!];
    const saved = await saveCart(t, customer, [
      bag(first.studentId, [a.itemTOTVSId, 2], [c.itemTOTVSId, 1]),
      bag(second.studentId, [b.itemTOTVSId, 1]),
    ]);
    expect(saved.status).toBe(200);
    const { status, body } = await finish(customer, saved.body.cart.cartId, { paymentMethodId: METHOD.boleto });
    expect(status).toBe(200);
    const bags = (
      await t.call("GET", `/sale-bags/list-sale-bag-by-sale-id/${body.finished.saleId}/store/1`, undefined, {
        token: customer.token,
      })
    ).body.saleBag;
    expect(bags).toHaveLength(2);
    for (const saleBag of bags)
      expect(saleBag).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        saleId: body.finished.saleId,
        status: "pending",
      });
    const totals = bags.map((saleBag: any) => saleBag.total).sort((x: number, y: number) => x - y);
    const expected = [(2 * a.salePriceCents + c.salePriceCents) / 100, b.salePriceCents / 100].sort((x, y) => x - y);
    expect(totals).toEqual(expected);
    expect(bags.flatMap((saleBag: any) => saleBag.items.map((item: any) => item.itemTOTVSId)).sort()).toEqual(
      [a.itemTOTVSId, b.itemTOTVSId, c.itemTOTVSId].sort(),
    );
    const [sale] = (await salesOf(customer)).body.sales;
    expect(sale.saleBags).toHaveLength(2);
    expect(Math.round(sale.total * 100)).toBe(2 * a.salePriceCents + b.salePriceCents + c.salePriceCents);
  });

  it("a mail server that fails does not fail the purchase; the e-mail goes, once, when it is back", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args) => errors.push(args));
    outage.mail = true;
    try {
      const { status, body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto });
      expect([status, body.finished.statusCode]).toEqual([200, "pending"]);
      expect(JSON.stringify(errors)).toContain("não enviada (tentativa 1 de");
    } finally {
      outage.mail = false;
      spy.mockRestore();
    }
    expect((await salesOf(customer)).body.sales).toMatchObject([{ status: "pending" }]);
    expect(outbox.messages.some((mail) => mail.to === customer.email)).toBe(false);
    // The retry is due after its backoff: a worker whose clock is past it sends the message.
    const later = createMailWorker({
      db: t.db,
      mailer: flakyMailer,
      now: () => new Date(Date.now() + retryDelayMs(1) + 1_000),
    });
    await later.drain();
    await later.drain();
    expect(outbox.messages.filter((mail) => mail.to === customer.email)).toHaveLength(1);
  });

  it("a gateway that fails leaves the sale processing; a retry charges it once, with the same key", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    outage.gateway = true;
    const before = charges.length;
    try {
      const { status, body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto });
      expect([status, body.finished.statusCode, body.finished.link]).toEqual([200, "processing", null]);
    } finally {
      outage.gateway = false;
      spy.mockRestore();
    }
    expect((await salesOf(customer)).body.sales).toMatchObject([{ status: "processing", boletoLink: null }]);
    // No confirmation while the outcome is unknown.
    expect(await t.db.selectFrom("mail_outbox").select("id").where("recipient", "=", customer.email).execute()).toEqual(
      [],
    );
    expect((await getCart(t, customer)).body.cart).toMatchObject({ cartId: cart.cartId, version: cart.version });
    const retry = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    expect(retry.body.finished.statusCode).toBe("pending");
    const keys = charges.slice(before).map((charge) => charge.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect((await salesOf(customer)).body.sales).toMatchObject([{ status: "pending" }]);
    expect((await getCart(t, customer)).body.cart.bags).toEqual([]);
  });

  it("refuses more instalments than the rule, a bad card, missing terms and a student-less bag", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const tooMany = await finish(customer, cart.cartId, {
      paymentMethodId: METHOD.credit,
      ...card({ installments: 12 }),
    });
    expect([tooMany.status, tooMany.body.error.message]).toEqual([400, FINISH_MESSAGES.installmentsInvalid]);
    for (const bad of [
      card({ cardNumber: "4111111111111112" }),
      card({ expirationDate: "2020-01-10" }),
      card({ cvv: "12" }),
      card({ brand: "MASTER" }),
    ]) {
      const refused = await finish(customer, cart.cartId, { paymentMethodId: METHOD.credit, ...bad });
      expect([refused.status, refused.body.error.message]).toEqual([400, CARD_FORM_MESSAGE]);
    }
    const noTerms = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto, acceptedTerms: false });
    expect([noTerms.status, noTerms.body.error.message]).toEqual([400, FINISH_MESSAGES.termsNotAccepted]);

    const waiting = await saveCart(
      t,
      customer,
      [{ studentId: null, cartItems: [{ itemTOTVSId: items.P[1]!.itemTOTVSId, quantity: 1 }] }],
      { version: cart.version },
    );
    const unassigned = await finish(customer, waiting.body.cart.cartId, { paymentMethodId: METHOD.boleto });
    expect([unassigned.status, unassigned.body.error.message]).toEqual([400, FINISH_MESSAGES.studentMissing]);
    expect((await salesOf(customer)).body.sales).toEqual([]);
  });

  it("another customer can neither pay nor read someone else's cart and sales", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const other = await signUpAndLogIn(t);
    const foreignPath = await t.call(
      "PUT",
      `/carts/finish-cart-by-customer/${customer.id}/cart/${cart.cartId}/store/1`,
      { acceptedTerms: true, paymentMethodId: METHOD.boleto },
      { token: other.token },
    );
    expect(foreignPath.status).toBe(403);
    const ownPath = await finish(other, cart.cartId, { paymentMethodId: METHOD.boleto });
    expect([ownPath.status, ownPath.body.error.message]).toEqual([404, CART_NOT_FOUND]);

    const { body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    const bags = await t.call("GET", `/sale-bags/list-sale-bag-by-sale-id/${body.finished.saleId}/store/1`, undefined, {
      token: other.token,
    });
    expect(bags.status).toBe(404);
    const sales = await t.call("GET", `/sales/list-sale-by-customer-id/${customer.id}/store/1`, undefined, {
      token: other.token,
    });
    expect(sales.status).toBe(403);
    expect((await salesOf(other)).body.sales).toEqual([]);
    // Paying someone else's cart through one's own path makes nothing, and the owner can still pay.
    expect((await salesOf(customer)).body.sales).toHaveLength(1);
  });
});

describe("the public receipt", () => {
  it("answers a sale bag by its two random ids, with the child's first name, no RA and no contact data", async () => {
    const { customer, cart } = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const { body } = await finish(customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    const saleId = body.finished.saleId;
    const [saleBag] = (
      await t.call("GET", `/sale-bags/list-sale-bag-by-sale-id/${saleId}/store/1`, undefined, { token: customer.token })
    ).body.saleBag;
    const receipt = await t.call(
      "GET",
      `/sale-bags/check-status-sale-bag/store/1/sale/${saleId}/saleBag/${saleBag.id}`,
    );
    expect(receipt.status).toBe(200);
    expect(saleBag.studentName.split(" ").length).toBeGreaterThan(1);
    expect(receipt.body.saleBag).toMatchObject({
      id: saleBag.id,
      studentName: saleBag.studentName.split(" ")[0],
      studentRA: null,
      sale: { status: "pending", referenceCode: body.finished.referenceCode },
    });
    expect(JSON.stringify(receipt.body)).not.toContain(customer.email);
    expect(JSON.stringify(receipt.body)).not.toContain(saleBag.studentName);
    if (saleBag.studentRA) expect(JSON.stringify(receipt.body)).not.toContain(saleBag.studentRA);
    const wrongPair = await t.call(
      "GET",
      `/sale-bags/check-status-sale-bag/store/1/sale/${crypto.randomUUID()}/saleBag/${saleBag.id}`,
    );
    expect(wrongPair.status).toBe(404);
  });
});

describe("the printable boleto", () => {
  it("answers a boleto sale by its random id, and 404 for a card sale or an unknown id", async () => {
    const boletoBuyer = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const boletoSale = (await finish(boletoBuyer.customer, boletoBuyer.cart.cartId, { paymentMethodId: METHOD.boleto }))
      .body.finished;
    const { status, body } = await t.call("GET", `/sales/boleto/${boletoSale.saleId}/store/1`);
    expect(status).toBe(200);
    expect(body.boleto).toMatchObject({
      saleId: boletoSale.saleId,
      referenceCode: boletoSale.referenceCode,
      status: "pending",
      amount: items.P[0]!.salePriceCents / 100,
      payerName: boletoBuyer.customer.payload.name,
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(isValidBoleto(body.boleto.digitableLine)).toBe(true);
    expect(body.boleto.digitableLine.slice(-10)).toBe(String(items.P[0]!.salePriceCents).padStart(10, "0"));

    const cardBuyer = await shopperWithCart([items.P[0]!.itemTOTVSId, 1]);
    const cardSale = (
      await finish(cardBuyer.customer, cardBuyer.cart.cartId, { paymentMethodId: METHOD.credit, ...card() })
    ).body.finished;
    for (const saleId of [cardSale.saleId, crypto.randomUUID(), "1"]) {
      expect((await t.call("GET", `/sales/boleto/${saleId}/store/1`)).status).toBe(404);
    }
  });
});
