/**
 * The card with Mercado Pago (docs/decisions/0019-mercado-pago.md): typed on the acquirer's hosted
 * page (no JavaScript, PCI SAQ A) or tokenised in the browser (SAQ A-EP), through the finish's
 * claim → charge/page → record, against the loopback double. On SQLite and
 * (scripts/test-postgres.sh) PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FINISH_MESSAGES } from "#api/carts/claim-sale.ts";
import { CARD_FORM_MESSAGE } from "#core/card.ts";
import { demoItems, finishCart, getCart, METHOD, salesOf, shopperWithCart } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import {
  DOUBLE_CREDENTIALS,
  payOnHostedPage,
  startMercadoPagoDouble,
  tokenMethodOf,
  type MercadoPagoDouble,
} from "#tests/fixtures/mercadopago-double.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { HOSTED_CHECKOUT_MESSAGES, HOSTED_CHECKOUT_MINUTES } from "./hosted-checkout.ts";
import { createMercadoPagoGateway } from "./mercadopago/mercadopago-gateway.ts";
import { declineMessageOf } from "./mercadopago/payment-status.ts";
import { reconcilePayments } from "./reconciliation.ts";
import { SANDBOX_CARDS } from "./sandbox-gateway.ts";

let double: MercadoPagoDouble;
let t: TestApi;
let item: number;
/** Long enough for the double on a busy machine; the slow acquirer below takes longer. */
const TIMEOUT_MS = 1_500;
const gateway = () => createMercadoPagoGateway({ ...DOUBLE_CREDENTIALS, baseUrl: double.url, timeoutMs: 5_000 });

beforeAll(async () => {
  double = await startMercadoPagoDouble();
  t = await createTestApi({ gateway: gateway(), chargeTimeoutMs: TIMEOUT_MS, publicUrl: "https://loja.test" });
  item = (await demoItems(t.db)).P[0]!.itemTOTVSId;
});
afterAll(async () => {
  await double.close();
  await t.close();
});
beforeEach(() => {
  double.setDelay(0);
  t.setNow(undefined);
});

const MINUTE = 60_000;
const saleRow = (saleId: string) =>
  t.db.selectFrom("sales").selectAll().where("id", "=", saleId).executeTakeFirstOrThrow();
const hosted = (installments = 1) => ({ paymentMethodId: METHOD.credit, hostedCheckout: true, installments });
const tokenised = (number: string, holder = "Fernanda C Lima") => ({
  paymentMethodId: METHOD.credit,
  installments: 1,
  cardToken: double.createCardToken({ number, holder }),
  cardPaymentMethodId: tokenMethodOf(number).paymentMethodId,
  cardIssuerId: tokenMethodOf(number).issuerId,
});
const checkPayment = (customer: SignedUpCustomer, saleId: string) =>
  t.call("POST", `/sales/check-payment/${saleId}/store/1`, undefined, { token: customer.token });
const preferencesOf = (saleId: string) => double.preferences().filter((p) => p.external_reference === saleId);
/** The reconciliation job as the server runs it, at the API's clock. */
const reconcile = (now: Date) =>
  reconcilePayments({
    db: t.db,
    now: () => now,
    publicUrl: t.publicUrl,
    gateway: gateway(),
    chargeTimeoutMs: TIMEOUT_MS,
  });

/** A shopper who asked for the acquirer's page: the sale, its page, the cart. */
async function hostedPurchase(installments = 1) {
  const { customer, cart } = await shopperWithCart(t, [item, 1]);
  const reply = await finishCart(t, customer, cart.cartId, hosted(installments));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const { saleId, redirectUrl } = reply.body.finished as { saleId: string; redirectUrl: string };
  return { customer, cart, saleId, redirectUrl };
}

describe("the card on Mercado Pago's hosted page (no JavaScript)", () => {
  it("claims the sale as processing and answers the acquirer's page for it: back to /conclusao, the cart's instalments, an expiry; nothing charged", async () => {
    const before = Date.now();
    const { saleId, redirectUrl } = await hostedPurchase(1);
    expect(redirectUrl.startsWith(`${double.url}/checkout/v1/redirect?pref_id=`)).toBe(true);
    const [preference, ...others] = preferencesOf(saleId);
    expect(others).toEqual([]);
    expect(preference).toMatchObject({
      external_reference: saleId,
      back_urls: {
        success: `https://loja.test/conclusao?venda=${saleId}`,
        failure: `https://loja.test/conclusao?venda=${saleId}`,
        pending: `https://loja.test/conclusao?venda=${saleId}`,
      },
      notification_url: "https://loja.test/api/webhooks/mercadopago?source_news=webhooks",
      payment_methods: { default_installments: 1 },
      expires: true,
    });
    const expiry = Date.parse(String(preference!.expiration_date_to));
    expect(expiry).toBeGreaterThanOrEqual(before + HOSTED_CHECKOUT_MINUTES * MINUTE - 1_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + HOSTED_CHECKOUT_MINUTES * MINUTE);
    const sale = await saleRow(saleId);
    expect(sale).toMatchObject({ status: "processing", charging_until: null, hosted_checkout_url: redirectUrl });
    expect(double.charges()).toBe(0);
  });

  it("limits the page to the instalments the store offered for the cart", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const offered = (await getCart(t, customer)).body.cart;
    expect(offered.cartId).toBe(cart.cartId);
    const tooMany = await finishCart(t, customer, cart.cartId, hosted(99));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe(FINISH_MESSAGES.installmentsInvalid);
    const reply = await finishCart(t, customer, cart.cartId, hosted(1));
    const [preference] = preferencesOf(reply.body.finished.saleId);
    const max = (preference!.payment_methods as { installments: number }).installments;
    expect(max).toBeGreaterThanOrEqual(1);
    // One more than the page offers is what the store refuses too.
    const other = await shopperWithCart(t, [item, 1]);
    expect((await finishCart(t, other.customer, other.cart.cartId, hosted(max + 1))).status).toBe(400);
  });

  it("a double click, or five at once, is one sale and one page", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const replies = await Promise.all(Array.from({ length: 5 }, () => finishCart(t, customer, cart.cartId, hosted())));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    const saleIds = new Set(replies.map((reply) => reply.body.finished.saleId));
    const urls = new Set(replies.map((reply) => reply.body.finished.redirectUrl));
    expect(saleIds.size).toBe(1);
    expect(urls.size).toBe(1);
    const [saleId] = saleIds;
    expect(preferencesOf(saleId!)).toHaveLength(1);
    const again = await finishCart(t, customer, cart.cartId, hosted());
    expect(again.body.finished).toMatchObject({ saleId, redirectUrl: [...urls][0], statusCode: "processing" });
    expect(preferencesOf(saleId!)).toHaveLength(1);
  });

  it("paid on the page: back at /conclusao the store asks the acquirer and the sale is paid, with the card's last digits and instalments", async () => {
    const { customer, saleId, redirectUrl } = await hostedPurchase(1);
    const back = await payOnHostedPage(redirectUrl, { number: SANDBOX_CARDS.approved[0], installments: 1 });
    expect(back.searchParams.get("external_reference")).toBe(saleId);
    const checked = await checkPayment(customer, saleId);
    expect(checked).toMatchObject({ status: 200, body: { payment: { saleId, status: "paid", message: null } } });
    const [order] = (await salesOf(t, customer)).body.sales;
    expect(order).toMatchObject({ id: saleId, status: "paid", cardLastDigits: "1111", installments: 1 });
    expect((await getCart(t, customer)).body.cart.cartId).toBeFalsy();
    expect(double.charges()).toBeGreaterThan(0);
  });

  it("declined on the page: the acquirer's reason, no order, the cart still there; the next try is a new attempt with a new page", async () => {
    const { customer, cart, saleId, redirectUrl } = await hostedPurchase();
    const back = await payOnHostedPage(redirectUrl, { number: SANDBOX_CARDS.approved[0], holder: "FUND" });
    expect(back.searchParams.get("collection_status")).toBe("rejected");
    const checked = await checkPayment(customer, saleId);
    expect(checked.body.payment).toEqual({
      saleId,
      status: "declined",
      message: declineMessageOf("cc_rejected_insufficient_amount"),
    });
    expect((await salesOf(t, customer)).body.sales).toEqual([]);
    expect((await getCart(t, customer)).body.cart.cartId).toBe(cart.cartId);

    const retry = await finishCart(t, customer, cart.cartId, hosted());
    expect(retry.status).toBe(200);
    expect(retry.body.finished.saleId).not.toBe(saleId);
    expect(retry.body.finished.redirectUrl).not.toBe(redirectUrl);
    expect(await saleRow(retry.body.finished.saleId)).toMatchObject({ attempt: 2 });
  });

  it("a second card on the same page after a refusal the store already recorded: the purchase is paid, not an alert", async () => {
    const { customer, cart, saleId, redirectUrl } = await hostedPurchase();
    await payOnHostedPage(redirectUrl, { number: SANDBOX_CARDS.approved[0], holder: "FUND" });
    // The refusal reaches the store first (the reconciliation, a webhook or /conclusao).
    await reconcile(new Date(Date.now() + MINUTE));
    expect(await saleRow(saleId)).toMatchObject({ status: "declined" });
    // Mercado Pago's page lets the shopper try another card, which goes through.
    const back = await payOnHostedPage(redirectUrl, { number: SANDBOX_CARDS.approved[0], holder: "APRO" });
    expect(back.searchParams.get("collection_status")).toBe("approved");
    const checked = await checkPayment(customer, saleId);
    expect(checked.body.payment).toMatchObject({ saleId, status: "paid" });
    expect(await saleRow(saleId)).toMatchObject({ status: "paid", acquirer_alert: null });
    expect((await salesOf(t, customer)).body.sales).toMatchObject([{ id: saleId, status: "paid" }]);
    expect((await getCart(t, customer)).body.cart.cartId).not.toBe(cart.cartId);
  });

  it("the same, with the tab closed and no webhook: the reconciliation finds the second card's payment while the page was open", async () => {
    const { customer, saleId, redirectUrl } = await hostedPurchase();
    await payOnHostedPage(redirectUrl, { number: SANDBOX_CARDS.approved[0], holder: "FUND" });
    await reconcile(new Date(Date.now() + MINUTE));
    await payOnHostedPage(redirectUrl, { number: SANDBOX_CARDS.approved[0], holder: "APRO" });
    await reconcile(new Date(Date.now() + 2 * MINUTE));
    expect(await saleRow(saleId)).toMatchObject({ status: "paid", acquirer_alert: null });
    expect((await salesOf(t, customer)).body.sales).toMatchObject([{ id: saleId, status: "paid" }]);
  });

  it("back from the page without paying: the check says the page still waits, with its address; nothing declined", async () => {
    const { customer, saleId, redirectUrl } = await hostedPurchase();
    const checked = await checkPayment(customer, saleId);
    expect(checked.body.payment).toEqual({ saleId, status: "processing", message: null, paymentPageUrl: redirectUrl });
    expect(await saleRow(saleId)).toMatchObject({ status: "processing" });
    // Paid meanwhile in another tab: the check says so, and no page any more.
    await payOnHostedPage(redirectUrl, { number: SANDBOX_CARDS.approved[0], holder: "APRO" });
    expect((await checkPayment(customer, saleId)).body.payment).toEqual({ saleId, status: "paid", message: null });
  });

  it("answers only the customer's own sales: another customer's sale id is 404, and nothing is asked", async () => {
    const { saleId } = await hostedPurchase();
    const intruder = await signUpAndLogIn(t);
    const asked = double.requests.length;
    const reply = await checkPayment(intruder, saleId);
    expect(reply.status).toBe(404);
    expect(JSON.stringify(reply.body)).not.toContain(saleId);
    expect(double.requests.length).toBe(asked);
  });

  it("an abandoned page: the sale stays processing while the page takes payments, then is declined with nothing charged and the cart reopens", async () => {
    const { customer, cart, saleId, redirectUrl } = await hostedPurchase();
    const start = Date.now();
    // Past the 15 minutes after which a card charge the acquirer never got is declined.
    const meanwhile = await reconcile(new Date(start + 20 * MINUTE));
    expect("skipped" in meanwhile ? [] : meanwhile.changes.filter((c) => c.saleId === saleId)).toEqual([]);
    expect((await saleRow(saleId)).status).toBe("processing");
    // A second tab still goes to the same page.
    t.setNow(new Date(start + 20 * MINUTE));
    expect((await finishCart(t, customer, cart.cartId, hosted())).body.finished.redirectUrl).toBe(redirectUrl);

    const after = await reconcile(new Date(start + (HOSTED_CHECKOUT_MINUTES + 5) * MINUTE));
    expect("skipped" in after ? [] : after.changes.filter((c) => c.saleId === saleId)).toEqual([
      expect.objectContaining({ saleId, from: "processing", to: "declined" }),
    ]);
    expect((await getCart(t, customer)).body.cart.cartId).toBe(cart.cartId);
    expect(double.payments().filter((p) => p.external_reference === saleId)).toEqual([]);
  });

  it("a finish after the page expired, before any reconciliation: the dead page is not reused, a new attempt gets a new one", async () => {
    const { customer, cart, saleId, redirectUrl } = await hostedPurchase();
    t.setNow(new Date(Date.now() + (HOSTED_CHECKOUT_MINUTES + 5) * MINUTE));
    const retry = await finishCart(t, customer, cart.cartId, hosted());
    expect(retry.status).toBe(200);
    expect(retry.body.finished.saleId).not.toBe(saleId);
    expect(retry.body.finished.redirectUrl).not.toBe(redirectUrl);
    expect(await saleRow(saleId)).toMatchObject({
      status: "declined",
      decline_message: HOSTED_CHECKOUT_MESSAGES.unpaid,
    });
  });

  it("back from the page, the shopper chooses boleto: the page's attempt is declined with nothing charged and the boleto is a new sale", async () => {
    const { customer, cart, saleId } = await hostedPurchase();
    const boleto = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    expect(boleto.status, JSON.stringify(boleto.body)).toBe(200);
    expect(boleto.body.finished).toMatchObject({ statusCode: "pending" });
    expect(boleto.body.finished.saleId).not.toBe(saleId);
    expect(boleto.body.finished.redirectUrl ?? null).toBeNull();
    expect(await saleRow(saleId)).toMatchObject({
      status: "declined",
      decline_message: HOSTED_CHECKOUT_MESSAGES.unpaid,
    });
    expect((await salesOf(t, customer)).body.sales.map((sale: { id: string }) => sale.id)).toEqual([
      boleto.body.finished.saleId,
    ]);
  });

  it("an acquirer that cannot make the page: the attempt is declined at once, nothing charged, the cart stays", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    double.failNext(1, 503);
    const reply = await finishCart(t, customer, cart.cartId, hosted());
    expect(reply.status).toBe(402);
    expect(reply.body.error.message).toBe(HOSTED_CHECKOUT_MESSAGES.unavailable);
    expect((await getCart(t, customer)).body.cart.cartId).toBe(cart.cartId);
    expect((await finishCart(t, customer, cart.cartId, hosted())).status).toBe(200);
  });
});

describe("the card tokenised in the browser (JavaScript)", () => {
  it("charges the token once: paid, with the last digits the acquirer reports", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const charges = double.charges();
    const reply = await finishCart(t, customer, cart.cartId, tokenised(SANDBOX_CARDS.approved[0]));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.finished).toMatchObject({ statusCode: "paid" });
    expect(reply.body.finished.redirectUrl).toBeUndefined();
    expect(double.charges()).toBe(charges + 1);
    const payment = double.payments().find((p) => p.external_reference === reply.body.finished.saleId)!;
    expect(payment).toMatchObject({ payment_method_id: "visa", issuer_id: 25 });
    const [order] = (await salesOf(t, customer)).body.sales;
    expect(order).toMatchObject({ status: "paid", cardLastDigits: "1111" });
  });

  it("a timeout at the acquirer, then the retry with a new token: the same idempotency key, one charge", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    double.setDelay(TIMEOUT_MS + 500);
    const first = await finishCart(t, customer, cart.cartId, tokenised(SANDBOX_CARDS.approved[0]));
    expect(first.body.finished.statusCode).toBe("processing");
    const saleId: string = first.body.finished.saleId;
    await new Promise((resolve) => setTimeout(resolve, 700));
    double.setDelay(0);
    const retry = await finishCart(t, customer, cart.cartId, tokenised(SANDBOX_CARDS.approved[0]));
    expect(retry.body.finished).toMatchObject({ saleId, statusCode: "paid" });
    expect(double.payments().filter((p) => p.external_reference === saleId)).toHaveLength(1);
    const keys = double.requests.filter((r) => r.path === "/v1/payments").slice(-2);
    expect(keys.map((r) => r.idempotencyKey)).toEqual([
      (await saleRow(saleId)).idempotency_key,
      (await saleRow(saleId)).idempotency_key,
    ]);
  });

  it("a declined card: 402 with the acquirer's reason, no order, the cart still there", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const reply = await finishCart(t, customer, cart.cartId, tokenised(SANDBOX_CARDS.approved[0], "SECU"));
    expect(reply.status).toBe(402);
    expect(reply.body.error.message).toBe(declineMessageOf("cc_rejected_bad_filled_security_code"));
    expect((await salesOf(t, customer)).body.sales).toEqual([]);
    expect((await getCart(t, customer)).body.cart.cartId).toBe(cart.cartId);
  });

  it("a token without its method, or beside a typed number, is refused before anything is asked", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const asked = double.requests.length;
    const { cardPaymentMethodId: _method, ...noMethod } = tokenised(SANDBOX_CARDS.approved[0]);
    for (const body of [noMethod, { ...tokenised(SANDBOX_CARDS.approved[0]), cardNumber: "4111111111111111" }]) {
      const reply = await finishCart(t, customer, cart.cartId, body);
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toBe(CARD_FORM_MESSAGE);
    }
    expect(double.requests.length).toBe(asked);
  });
});

describe("with the sandbox", () => {
  it("neither a hosted page nor a token is offered: 400, no sale", async () => {
    const sandbox = await createTestApi();
    try {
      const { customer, cart } = await shopperWithCart(sandbox, [item, 1]);
      const page = await finishCart(sandbox, customer, cart.cartId, hosted());
      expect(page.status).toBe(400);
      expect(page.body.error.message).toBe(HOSTED_CHECKOUT_MESSAGES.notOffered);
      const token = await finishCart(sandbox, customer, cart.cartId, { ...tokenised("4111111111111111") });
      expect(token.status).toBe(400);
      expect(
        await sandbox.db.selectFrom("sales").select("id").where("customer_id", "=", customer.id).execute(),
      ).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });
});
