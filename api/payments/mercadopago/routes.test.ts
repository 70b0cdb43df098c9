/**
 * POST /webhooks/mercadopago (docs/decisions/0019-mercado-pago.md, "Webhooks"), delivered by the
 * loopback double over HTTP as Mercado Pago would, to the bundled API served on loopback; the
 * purchases are finished through the double (boleto: the acquirer's linha digitável, due date
 * and PDF, the payer's registered address sent). On SQLite and (scripts/test-postgres.sh) PostgreSQL.
 */
import { COMMAND_LINE } from "#api/gestor/audit/audit-log.ts";
import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { formatCalendarDate } from "#core/dates.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { applyCoupon, demoItems, finishCart, METHOD, salesOf, shopperWithCart } from "#tests/fixtures/carts.ts";
import { chargeRequest } from "#tests/fixtures/charge-requests.ts";
import {
  DOUBLE_CREDENTIALS,
  startMercadoPagoDouble,
  type MercadoPagoDouble,
} from "#tests/fixtures/mercadopago-double.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { cancelSale, listSalesByEmail } from "#api/gestor/sales/service.ts";
import { centsToReais, formatBRL } from "#core/money.ts";
import { reconcilePayments, type ReconcileDeps } from "../reconciliation.ts";
import { createMercadoPagoGateway } from "./mercadopago-gateway.ts";
import { UNSIGNED_NOTIFICATION_LIMITS } from "./routes.ts";

let double: MercadoPagoDouble;
let t: TestApi;
let server: ServerType;
/** Where the double delivers: the API served on loopback (mounted at its root here, at /api in the store). */
let webhookUrl: string;
let item: number;

const doubleGateway = () => createMercadoPagoGateway({ ...DOUBLE_CREDENTIALS, baseUrl: double.url, timeoutMs: 2_000 });

beforeAll(async () => {
  double = await startMercadoPagoDouble();
  const settings = { ...DOUBLE_CREDENTIALS, apiUrl: double.url, timeoutMs: 2_000 };
  t = await createTestApi({
    gateway: doubleGateway(),
    mercadoPagoWebhook: settings,
    // https: the only kind of notification_url Mercado Pago takes.
    publicUrl: "https://loja.test",
  });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.api.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/mercadopago`;
  item = (await demoItems(t.db)).P[0]!.itemTOTVSId;
});
afterAll(async () => {
  server.close();
  await double.close();
  await t.close();
});
beforeEach(() => {
  t.mail.length = 0;
});

/** A new shopper's boleto purchase through the double: the sale (pending) and its payment's id at the double. */
async function boletoSale({ coupon }: { coupon?: string } = {}) {
  const { customer, cart } = await shopperWithCart(t, [item, 1]);
  if (coupon) expect((await applyCoupon(t, customer, cart.cartId, coupon)).status).toBe(200);
  const reply = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const saleId: string = reply.body.finished.saleId;
  const payment = double.payments().find((p) => p.external_reference === saleId)!;
  return { customer, saleId, paymentId: payment.id, link: reply.body.finished.link as string };
}

const saleRow = (saleId: string) =>
  t.db.selectFrom("sales").selectAll().where("id", "=", saleId).executeTakeFirstOrThrow();
const couponUses = (saleId: string) =>
  t.db.selectFrom("coupon_uses").select("id").where("sale_id", "=", saleId).execute();
/** The e-mails sent so far to this address with this subject start. */
async function mailsTo(email: string, subject: string) {
  await t.mailWorker.drain();
  return t.mail.filter((mail) => mail.to === email && mail.subject.startsWith(subject));
}
const deliver = (paymentId: number, options: Partial<Parameters<MercadoPagoDouble["notify"]>[0]> = {}) =>
  double.notify({ paymentId, url: webhookUrl, ...options });

/** A delivery signed here as Mercado Pago signs: the manifest of `signedId`, whatever the query and body say. */
function signedPost(query: string, body: unknown, signedId: string) {
  const ts = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", DOUBLE_CREDENTIALS.webhookSecret)
    .update(`id:${signedId};request-id:r-1;ts:${ts};`)
    .digest("hex");
  return fetch(`${webhookUrl}${query}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-request-id": "r-1", "x-signature": `ts=${ts},v1=${v1}` },
    body: JSON.stringify(body),
  });
}

/** A new shopper's sale of their cart, written as it stands after a claim (processing) or a decline. */
async function saleIn(status: "processing" | "declined") {
  const { customer, cart } = await shopperWithCart(t, [item, 1]);
  const saleId = await insertSale(t.db, {
    customer_id: customer.id,
    cart_id: cart.cartId,
    status,
    total_cents: 17_100,
  });
  return { customer, saleId };
}

/** A card payment at the double for this sale (its external reference), approved or declined by the holder's name. */
const cardPaymentFor = (saleId: string, holder: "APRO" | "OTHE") =>
  doubleGateway().charge(
    chargeRequest({
      saleId,
      method: "card",
      card: {
        kind: "token",
        token: double.createCardToken({ number: "5555555555554444", holder }),
        paymentMethodId: "master",
      },
    }),
  );

describe("boleto through Mercado Pago", () => {
  it("sends the payer's registered address, the description and the https webhook URL; the sale keeps the acquirer's boleto and PDF", async () => {
    const { customer, saleId, paymentId, link } = await boletoSale();
    const payment = double.payment(paymentId)!;
    expect(payment).toMatchObject({
      payment_method_id: "bolbradesco",
      notification_url: "https://loja.test/api/webhooks/mercadopago?source_news=webhooks",
      description: expect.stringMatching(/^Loja Escolar pedido \d{12}$/),
    });
    const pdf = `${double.url}/boletos/${paymentId}`;
    const details = payment.transaction_details as { digitable_line: string };
    const sale = await saleRow(saleId);
    expect(sale).toMatchObject({
      status: "pending",
      boleto_pdf_url: pdf,
      boleto_digitable_line: details.digitable_line,
      boleto_due_date: String(payment.date_of_expiration).slice(0, 10),
      gateway_transaction_id: String(paymentId),
    });
    // "Abrir boleto" everywhere is the acquirer's PDF: the finish's reply, the orders, the e-mail.
    expect(link).toBe(pdf);
    const [order] = (await salesOf(t, customer)).body.sales;
    expect(order).toMatchObject({ boletoLink: pdf, boletoDigitableLine: details.digitable_line });
    const [mail] = await mailsTo(customer.email, "Pedido");
    expect(mail!.text).toContain(pdf);
    expect(mail!.text).toContain(`Boleto (vence em ${formatCalendarDate(sale.boleto_due_date!)}):`);
  });

  it("without an https address no notification_url is sent: Mercado Pago refuses http", async () => {
    const plain = await createTestApi({ gateway: doubleGateway() });
    try {
      const { customer, cart } = await shopperWithCart(plain, [item, 1]);
      const reply = await finishCart(plain, customer, cart.cartId, { paymentMethodId: METHOD.boleto });
      expect(reply.body.finished.statusCode).toBe("pending");
      expect(double.payments().find((p) => p.external_reference === reply.body.finished.saleId)).toMatchObject({
        notification_url: null,
      });
    } finally {
      await plain.close();
    }
  });
});

describe("news the webhook never brought", () => {
  it("a boleto paid, then refunded in Mercado Pago's panel: the reconciliation finds both", async () => {
    const { customer, saleId, paymentId } = await boletoSale({ coupon: "ESCOLA5" });
    const reconciler = (minutes: number): ReconcileDeps => ({
      db: t.db,
      now: () => new Date(Date.now() + minutes * 60_000),
      publicUrl: t.publicUrl,
      gateway: doubleGateway(),
    });
    double.setStatus(paymentId, "approved", "accredited");
    await reconcilePayments(reconciler(2));
    expect((await saleRow(saleId)).status).toBe("paid");
    // A dispute keeps the money held: still paid. A partial refund too: the store refunds only whole sales.
    double.setStatus(paymentId, "in_mediation", "in_mediation");
    await reconcilePayments(reconciler(2 + 70));
    double.setStatus(paymentId, "approved", "partially_refunded");
    await reconcilePayments(reconciler(2 + 70 + 70));
    expect((await saleRow(saleId)).status).toBe("paid");
    double.setStatus(paymentId, "refunded", "by_admin");
    await reconcilePayments(reconciler(2 + 70 + 70 + 70));
    expect((await saleRow(saleId)).status).toBe("refunded");
    expect(await couponUses(saleId)).toEqual([]);
    expect((await salesOf(t, customer)).body.sales).toMatchObject([{ id: saleId, status: "refunded" }]);
  });
});

describe("POST /webhooks/mercadopago", () => {
  it("a paid boleto: the sale becomes paid and the customer gets one 'Pagamento confirmado', however often it is delivered", async () => {
    const { customer, saleId, paymentId } = await boletoSale();
    double.setStatus(paymentId, "approved", "accredited");
    expect(await deliver(paymentId, { times: 2 })).toEqual([200, 200]);
    expect(await saleRow(saleId)).toMatchObject({ status: "paid", boleto_pdf_url: expect.any(String) });
    expect(await deliver(paymentId)).toEqual([200]);
    expect(await mailsTo(customer.email, "Pagamento confirmado")).toHaveLength(1);
    expect((await salesOf(t, customer)).body.sales).toMatchObject([{ id: saleId, status: "paid" }]);
  });

  it("a signature made with another secret, or a malformed one, is answered 401 with no detail, and changes nothing", async () => {
    const { customer, saleId, paymentId } = await boletoSale();
    double.setStatus(paymentId, "approved", "accredited");
    const before = double.requests.length;
    expect(await deliver(paymentId, { signature: "invalid" })).toEqual([401]);
    const forged = await fetch(`${webhookUrl}?data.id=${paymentId}&type=payment`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": "ts=1,v1=00" },
      body: "{}",
    });
    expect(forged.status).toBe(401);
    expect(await forged.text()).toBe("");
    expect(double.requests.length).toBe(before);
    expect((await saleRow(saleId)).status).toBe("pending");
    expect(await mailsTo(customer.email, "Pagamento confirmado")).toEqual([]);
  });

  it("an IPN (?topic=payment&id=…), an unsigned or a stale webhook: 200, the payment read from the API, never from the body", async () => {
    for (const signature of ["ipn", "none", "stale"] as const) {
      const { customer, saleId, paymentId } = await boletoSale();
      // Before the payment moves, the delivery changes nothing, whatever it claims.
      const claim = await fetch(`${webhookUrl}?topic=payment&id=${paymentId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ resource: String(paymentId), topic: "payment", status: "approved" }),
      });
      expect(claim.status, signature).toBe(200);
      expect((await saleRow(saleId)).status, signature).toBe("pending");
      double.setStatus(paymentId, "approved", "accredited");
      expect(await deliver(paymentId, { signature }), signature).toEqual([200]);
      expect((await saleRow(saleId)).status, signature).toBe("paid");
      expect(await mailsTo(customer.email, "Pagamento confirmado"), signature).toHaveLength(1);
    }
    // Another topic in the IPN form: 200, nothing asked.
    const before = double.requests.length;
    const order = await fetch(`${webhookUrl}?topic=merchant_order&id=42`, { method: "POST", body: "{}" });
    expect(order.status).toBe(200);
    expect(double.requests.length).toBe(before);
  });

  it("unsigned deliveries make the store ask Mercado Pago at most a few times a minute per payment (429 past that)", async () => {
    const { paymentId } = await boletoSale();
    const { limit } = UNSIGNED_NOTIFICATION_LIMITS.perPayment;
    const statuses = [];
    for (let i = 0; i <= limit; i++)
      statuses.push((await fetch(`${webhookUrl}?topic=payment&id=${paymentId}`, { method: "POST" })).status);
    expect(statuses).toEqual([...Array<number>(limit).fill(200), 429]);
    // A signed delivery of the same payment is not limited.
    expect(await deliver(paymentId)).toEqual([200]);
  });

  it("out of order: a notification that reads 'pending' after the sale was paid leaves it paid", async () => {
    const { saleId, paymentId } = await boletoSale();
    double.setStatus(paymentId, "approved", "accredited");
    await deliver(paymentId);
    double.setStatus(paymentId, "pending", "pending_waiting_payment");
    expect(await deliver(paymentId)).toEqual([200]);
    expect((await saleRow(saleId)).status).toBe("paid");
  });

  it("refunded and charged back at the acquirer: the sale follows and its coupon use is given back", async () => {
    for (const status of ["refunded", "charged_back"] as const) {
      const { customer, saleId, paymentId } = await boletoSale({ coupon: "ESCOLA5" });
      double.setStatus(paymentId, "approved", "accredited");
      await deliver(paymentId);
      expect(await couponUses(saleId)).toHaveLength(1);
      double.setStatus(paymentId, status, status);
      expect(await deliver(paymentId)).toEqual([200]);
      expect((await saleRow(saleId)).status, status).toBe(status);
      expect(await couponUses(saleId), status).toEqual([]);
      expect((await salesOf(t, customer)).body.sales).toMatchObject([{ id: saleId, status }]);
    }
  });

  it("a payment of a sale the store does not know is answered 200 (or Mercado Pago retries) with one log line", async () => {
    const foreign = await doubleGateway().charge(chargeRequest({ saleId: crypto.randomUUID() }));
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      expect(await deliver(Number(foreign.transactionId))).toEqual([200]);
      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0]![0])).toMatch(/sem venda nesta loja/);
    } finally {
      log.mockRestore();
    }
  });

  it("another topic, signed, is answered 200 without asking the acquirer", async () => {
    const before = double.requests.length;
    const reply = await signedPost(
      "?data.id=42&type=merchant_order",
      { type: "merchant_order", data: { id: "42" } },
      "42",
    );
    expect(reply.status).toBe(200);
    expect(double.requests.length).toBe(before);
  });

  it("without the signed data.id in its query string, or with a body naming another payment, is answered 400 and changes nothing", async () => {
    const { saleId, paymentId } = await boletoSale();
    const other = await boletoSale();
    double.setStatus(paymentId, "approved", "accredited");
    const before = double.requests.length;
    // Signed without an id (the manifest leaves the part out), the body naming the payment.
    const noQueryId = await signedPost("?type=payment", { type: "payment", data: { id: String(paymentId) } }, "");
    // The other sale's notification, signed, with this payment put in its body.
    const swapped = await signedPost(
      `?data.id=${other.paymentId}&type=payment`,
      { type: "payment", data: { id: String(paymentId) } },
      String(other.paymentId),
    );
    expect([noQueryId.status, swapped.status]).toEqual([400, 400]);
    expect(double.requests.length).toBe(before);
    expect((await saleRow(saleId)).status).toBe("pending");
  });

  it("decides by the whole sale at the acquirer: a declined card's notification, with an approved card on the same sale, makes it paid", async () => {
    // A hosted checkout's sale: claimed, then two cards typed on the acquirer's page; no charge of ours runs.
    const { customer, saleId } = await saleIn("processing");
    await cardPaymentFor(saleId, "OTHE");
    const declined = double.payments().find((p) => p.external_reference === saleId)!;
    const approved = await cardPaymentFor(saleId, "APRO");
    // The declined card's notification comes first; the approved one's, and the declined one's again, later.
    expect(await deliver(declined.id)).toEqual([200]);
    expect(await saleRow(saleId)).toMatchObject({ status: "paid", gateway_transaction_id: approved.transactionId });
    expect(await deliver(Number(approved.transactionId))).toEqual([200]);
    expect(await deliver(declined.id)).toEqual([200]);
    expect((await salesOf(t, customer)).body.sales).toMatchObject([{ id: saleId, status: "paid" }]);
  });

  it("a new Pix code's 'payment.created' before the search shows it: the notified payment decides, the sale stays pending, then paid", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const reply = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.pix });
    const saleId: string = reply.body.finished.saleId;
    const { total_cents: total } = await saleRow(saleId);
    // The first code expired at the acquirer; a new code was charged for the same sale (a renewal).
    const first = double.payments().find((p) => p.external_reference === saleId)!;
    double.setStatus(first.id, "cancelled", "expired");
    const renewed = await doubleGateway().charge(chargeRequest({ saleId, amountCents: total }));
    double.hideFromSearch(renewed.transactionId);
    expect(await deliver(Number(renewed.transactionId), { action: "payment.created" })).toEqual([200]);
    expect((await saleRow(saleId)).status).toBe("pending");
    double.setStatus(renewed.transactionId, "approved", "accredited");
    expect(await deliver(Number(renewed.transactionId))).toEqual([200]);
    expect(await saleRow(saleId)).toMatchObject({ status: "paid", gateway_transaction_id: renewed.transactionId });
  });

  it("money for an attempt already declined: answered 200, no order, an alert in the gestor's list", async () => {
    const { customer, saleId } = await saleIn("declined");
    const paid = await cardPaymentFor(saleId, "APRO");
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await deliver(Number(paid.transactionId), { times: 2 })).toEqual([200, 200]);
    } finally {
      log.mockRestore();
    }
    expect((await saleRow(saleId)).status).toBe("declined");
    expect((await salesOf(t, customer)).body.sales).toEqual([]);
    expect(await listSalesByEmail(t, customer.email)).toContainEqual(
      expect.objectContaining({
        saleId,
        status: "declined",
        acquirerAlert: expect.stringContaining(paid.transactionId),
      }),
    );
  });

  it("a status Mercado Pago does not document reads as pending: never paid nor declined, one log line, no error", async () => {
    const { saleId, paymentId } = await boletoSale();
    double.setStatus(paymentId, "em_analise_nova", "qualquer");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect(await deliver(paymentId)).toEqual([200]);
      expect(warn.mock.calls.map((call) => String(call[0]))).toContainEqual(expect.stringMatching(/em_analise_nova/));
    } finally {
      warn.mockRestore();
    }
    expect((await saleRow(saleId)).status).toBe("pending");
  });

  it("does not exist with the sandbox", async () => {
    const sandbox = await createTestApi({ seed: false });
    try {
      const reply = await sandbox.api.request("/webhooks/mercadopago?data.id=1&type=payment", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(reply.status).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});

describe("the gestor cancels a sale at Mercado Pago (gestor.ts cancel-sale)", () => {
  const gestor = () => ({ db: t.db, now: () => new Date(), gateway: doubleGateway() });

  it("cancels the boleto there first; money reported for it afterwards is an alert and the sale stays cancelled", async () => {
    const { customer, saleId, paymentId } = await boletoSale({ coupon: "ESCOLA5" });
    expect(await cancelSale(gestor(), saleId, COMMAND_LINE)).toMatchObject({
      saleId,
      from: "pending",
      to: "cancelled",
    });
    expect(double.payment(paymentId)).toMatchObject({ status: "cancelled" });
    expect(await couponUses(saleId)).toEqual([]);

    double.setStatus(paymentId, "approved", "accredited");
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await deliver(paymentId)).toEqual([200]);
    } finally {
      log.mockRestore();
    }
    expect((await saleRow(saleId)).status).toBe("cancelled");
    expect(await couponUses(saleId)).toEqual([]);
    expect(await mailsTo(customer.email, "Pagamento confirmado")).toEqual([]);
    expect(await listSalesByEmail(t, customer.email)).toContainEqual(
      expect.objectContaining({
        saleId,
        status: "cancelled",
        acquirerAlert: `A operadora recebeu o pagamento ${paymentId} desta compra cancelada: estorne ou cancele pelo painel da operadora.`,
      }),
    );
  });

  it("refuses, changing nothing, while Mercado Pago cannot be asked or when the payment was paid there", async () => {
    const { saleId, paymentId } = await boletoSale({ coupon: "ESCOLA5" });
    double.failNext(1, 500);
    await expect(cancelSale(gestor(), saleId, COMMAND_LINE)).rejects.toThrow(
      /^A operadora não cancelou o pagamento da compra \d+ \(Mercado Pago indisponível \(o cancelamento: HTTP 500\)\.\): nada mudou na loja\./,
    );
    double.setStatus(paymentId, "approved", "accredited");
    await expect(cancelSale(gestor(), saleId, COMMAND_LINE)).rejects.toThrow(
      /HTTP 400.*nada mudou na loja.*reconcile-payments/,
    );
    expect((await saleRow(saleId)).status).toBe("pending");
    expect(await couponUses(saleId)).toHaveLength(1);
    expect(double.payment(paymentId)).toMatchObject({ status: "approved" });
  });

  it("a payment Mercado Pago already cancelled (an expired boleto) is cancelled in the store too", async () => {
    const { saleId, paymentId } = await boletoSale();
    double.setStatus(paymentId, "cancelled", "expired");
    expect(await cancelSale(gestor(), saleId, COMMAND_LINE)).toMatchObject({ from: "pending", to: "cancelled" });
  });
});

describe("which payment is the sale's, and for how much", () => {
  /** Runs `deliveries` with the store's ALERTA lines kept off the test's output. */
  async function quietly<T>(deliveries: () => Promise<T>): Promise<T> {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      return await deliveries();
    } finally {
      log.mockRestore();
    }
  }
  const alertOf = async (email: string, saleId: string) =>
    (await listSalesByEmail(t, email)).find((sale) => sale.saleId === saleId)?.acquirerAlert;

  it("another amount or another currency with the sale's reference pays nothing: the gestor gets an alert", async () => {
    const { customer, saleId, paymentId } = await boletoSale();
    const { total_cents: total } = await saleRow(saleId);
    const payment = double.payment(paymentId)!;
    payment.transaction_amount = 1;
    double.setStatus(paymentId, "approved", "accredited");
    expect(await quietly(() => deliver(paymentId))).toEqual([200]);
    expect((await saleRow(saleId)).status).toBe("pending");
    expect(await alertOf(customer.email, saleId)).toBe(
      `A operadora recebeu o pagamento ${paymentId} de R$ 1,00 com a referência desta compra, cujo total é ${formatBRL(centsToReais(total))}: a compra não foi dada como paga. Confira pelo painel da operadora.`,
    );

    Object.assign(payment, { transaction_amount: total / 100, currency_id: "USD" });
    expect(await quietly(() => deliver(paymentId))).toEqual([200]);
    expect((await saleRow(saleId)).status).toBe("pending");
    expect(await alertOf(customer.email, saleId)).toMatch(/ em USD com a referência desta compra/);
    expect(await mailsTo(customer.email, "Pagamento confirmado")).toEqual([]);

    payment.currency_id = "BRL";
    expect(await deliver(paymentId)).toEqual([200]);
    expect((await saleRow(saleId)).status).toBe("paid");
  });

  it("one of two approved payments refunded (the duplicate or the sale's own): the sale stays paid, money stays", async () => {
    for (const refunded of ["duplicate", "own"] as const) {
      const { saleId, paymentId } = await boletoSale();
      const { total_cents: total } = await saleRow(saleId);
      // A second payment carrying the sale's reference, newer: the search answers it first.
      const duplicate = await doubleGateway().charge(chargeRequest({ saleId, amountCents: total }));
      double.setStatus(paymentId, "approved", "accredited");
      double.setStatus(duplicate.transactionId, "approved", "accredited");
      await deliver(paymentId);
      expect((await saleRow(saleId)).status).toBe("paid");
      const gone = refunded === "own" ? paymentId : Number(duplicate.transactionId);
      double.setStatus(gone, "refunded", "refunded");
      expect(await deliver(gone)).toEqual([200]);
      expect((await saleRow(saleId)).status, refunded).toBe("paid");
    }
  });

  it("of two approved payments, the sale's own decides: a newer one of another amount does not hide it", async () => {
    const { customer, saleId, paymentId } = await boletoSale();
    const other = await doubleGateway().charge(chargeRequest({ saleId, amountCents: 500 }));
    double.setStatus(other.transactionId, "approved", "accredited");
    double.setStatus(paymentId, "approved", "accredited");
    expect(await deliver(paymentId)).toEqual([200]);
    expect(await saleRow(saleId)).toMatchObject({ status: "paid", gateway_transaction_id: String(paymentId) });
    expect(await alertOf(customer.email, saleId)).toBeNull();
  });
});
