import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DOUBLE_CREDENTIALS,
  startMercadoPagoDouble,
  type MercadoPagoDouble,
} from "#tests/fixtures/mercadopago-double.ts";
import { chargeRequest } from "#tests/fixtures/charge-requests.ts";
import { createMercadoPagoGateway } from "./mercadopago-gateway.ts";
import {
  notificationTarget,
  checkNotification,
  readNotifiedPayment,
  verifyWebhookSignature,
  type PaymentNotification,
  type WebhookSignatureInput,
} from "./webhook.ts";

const secret = "a3f1c9e07b2d4c58a1e6f0d29b7c3e41f5a8d2c6b9e0f4a7c1d3e5f7a9b0c2d4";
const ts = 1_764_000_000; // seconds, as Mercado Pago sends it
const at = (seconds: number) => new Date(seconds * 1000);
/** The signature computed here from the documented manifest, independently of the code under test. */
const sign = (manifest: string, key = secret) => createHmac("sha256", key).update(manifest).digest("hex");
const check = (overrides: Partial<WebhookSignatureInput> = {}) =>
  verifyWebhookSignature({
    secret,
    xSignature: `ts=${ts},v1=${sign(`id:123456;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:${ts};`)}`,
    xRequestId: "bb56a2f1-6aae-46ac-982e-9dcd3581d08e",
    dataId: "123456",
    now: at(ts + 30),
    ...overrides,
  });

describe("webhook signature (x-signature)", () => {
  it("accepts Mercado Pago's HMAC-SHA256 of id, request-id and ts with the webhook secret", () => {
    expect(check()).toEqual({ valid: true });
    // Spaces after the comma and upper-case hex are still the same signature.
    const hash = sign(`id:123456;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:${ts};`).toUpperCase();
    expect(check({ xSignature: ` ts=${ts}, v1=${hash}` })).toEqual({ valid: true });
  });

  it("refuses a signature made with another secret, or over another payment or request", () => {
    expect(check({ secret: `${secret}0` })).toEqual({ valid: false, reason: "mismatch" });
    expect(check({ dataId: "123457" })).toEqual({ valid: false, reason: "mismatch" });
    expect(check({ xRequestId: "outra-requisicao" })).toEqual({ valid: false, reason: "mismatch" });
    // The same hash under another timestamp: the timestamp is signed too.
    const hash = sign(`id:123456;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:${ts};`);
    expect(check({ xSignature: `ts=${ts + 1},v1=${hash}` })).toEqual({ valid: false, reason: "mismatch" });
  });

  it("signs an alphanumeric data.id in lower case and leaves out the parts that are absent", () => {
    const lower = sign(`id:abc123xyz;request-id:r-1;ts:${ts};`);
    expect(check({ dataId: "ABC123xyz", xRequestId: "r-1", xSignature: `ts=${ts},v1=${lower}` })).toEqual({
      valid: true,
    });
    const noRequestId = sign(`id:123456;ts:${ts};`);
    expect(check({ xRequestId: null, xSignature: `ts=${ts},v1=${noRequestId}` })).toEqual({ valid: true });
    const tsOnly = sign(`ts:${ts};`);
    expect(check({ xRequestId: undefined, dataId: "", xSignature: `ts=${ts},v1=${tsOnly}` })).toEqual({ valid: true });
  });

  it("refuses a signature older than five minutes or from the future beyond five minutes' skew", () => {
    expect(check({ now: at(ts + 5 * 60) })).toEqual({ valid: true });
    expect(check({ now: at(ts + 5 * 60 + 1) })).toEqual({ valid: false, reason: "stale" });
    expect(check({ now: at(ts + 60), maxAgeMs: 30_000 })).toEqual({ valid: false, reason: "stale" });
    // Our clock behind Mercado Pago's: the signature seems to come from the future.
    expect(check({ now: at(ts - 5 * 60) })).toEqual({ valid: true });
    expect(check({ now: at(ts - 5 * 60 - 1) })).toEqual({ valid: false, reason: "future" });
  });

  it("reads a timestamp in milliseconds as well", () => {
    const ms = ts * 1000;
    const hash = sign(`id:123456;request-id:r;ts:${ms};`);
    expect(check({ xRequestId: "r", xSignature: `ts=${ms},v1=${hash}` })).toEqual({ valid: true });
  });

  it("refuses a missing or malformed header without computing anything", () => {
    expect(check({ xSignature: null })).toEqual({ valid: false, reason: "missing" });
    expect(check({ xSignature: "  " })).toEqual({ valid: false, reason: "missing" });
    for (const header of [
      "abc",
      `ts=${ts}`,
      `v1=${"a".repeat(64)}`,
      `ts=agora,v1=${"a".repeat(64)}`,
      `ts=${ts},v1=xyz`,
    ]) {
      expect(check({ xSignature: header })).toEqual({ valid: false, reason: "malformed" });
    }
  });
});

describe("notifications delivered by the acquirer double", () => {
  let double: MercadoPagoDouble;
  let receiver: http.Server;
  let url: string;
  const received: PaymentNotification[] = [];

  beforeAll(async () => {
    double = await startMercadoPagoDouble();
    const settings = { ...DOUBLE_CREDENTIALS, apiUrl: double.url, timeoutMs: 2_000 };
    // What POST /api/webhooks/mercadopago does with a delivery: read it, answer 401 to a bad signature.
    receiver = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      req.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === "string") headers.set(name, value);
        const request = { url: new URL(req.url!, "http://127.0.0.1"), headers, body: JSON.parse(raw), now: new Date() };
        const checked = checkNotification(settings, request);
        const read =
          checked.kind === "read" ? readNotifiedPayment(settings, checked.paymentId) : Promise.resolve(checked);
        void read.then((notification) => {
          received.push(notification);
          res.writeHead({ unauthorized: 401, malformed: 400 }[notification.kind as string] ?? 200).end();
        });
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/mercadopago`;
  });
  afterAll(async () => {
    await double.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("name the sale of the notified payment (its external reference), however often they come", async () => {
    const gateway = createMercadoPagoGateway({ ...DOUBLE_CREDENTIALS, baseUrl: double.url, timeoutMs: 2_000 });
    const pix = await gateway.charge(chargeRequest({ saleId: "venda-pix", notificationUrl: url }));
    double.setStatus(pix.transactionId, "approved", "accredited");
    expect(await double.notify({ paymentId: pix.transactionId, times: 2 })).toEqual([200, 200]);
    expect(await double.notify({ paymentId: pix.transactionId, action: "payment.created" })).toEqual([200]);
    // With the payment as read now: approved, for the whole amount.
    const named = {
      kind: "payment",
      saleId: "venda-pix",
      paymentId: pix.transactionId,
      payment: expect.objectContaining({ status: "paid", transactionId: pix.transactionId, amountCents: 17_100 }),
    };
    expect(received.splice(0)).toEqual([named, named, named]);
  });

  it("are refused when signed with another secret, and ignored when the payment is not one of the store's", async () => {
    expect(await double.notify({ paymentId: 1234567, url, signature: "invalid" })).toEqual([401]);
    // Unsigned, stale or in the IPN form: read from the API all the same (here: not the store's).
    for (const signature of ["stale", "none", "ipn"] as const)
      expect(await double.notify({ paymentId: 1234567, url, signature }), signature).toEqual([200]);
    expect(await double.notify({ paymentId: 1234567, url })).toEqual([200]);
    expect(received.splice(0)).toEqual([
      { kind: "unauthorized", reason: "mismatch" },
      { kind: "ignored" },
      { kind: "ignored" },
      { kind: "ignored" },
      { kind: "ignored" },
    ]);
  });

  it("an IPN (?topic=payment&id=…) or an unsigned webhook names the sale of its payment, read from the API", async () => {
    const gateway = createMercadoPagoGateway({ ...DOUBLE_CREDENTIALS, baseUrl: double.url, timeoutMs: 2_000 });
    const pix = await gateway.charge(chargeRequest({ saleId: "venda-ipn", notificationUrl: url }));
    double.setStatus(pix.transactionId, "approved", "accredited");
    expect(await double.notify({ paymentId: pix.transactionId, signature: "ipn" })).toEqual([200]);
    expect(await double.notify({ paymentId: pix.transactionId, signature: "none" })).toEqual([200]);
    const named = {
      kind: "payment",
      saleId: "venda-ipn",
      paymentId: pix.transactionId,
      payment: expect.objectContaining({ status: "paid", transactionId: pix.transactionId }),
    };
    expect(received.splice(0)).toEqual([named, named]);
  });
});

describe("reading a notification", () => {
  const read = (query: string, body: unknown) => notificationTarget({ query: new URLSearchParams(query), body });

  it("names the payment of a payment notification by the signed data.id of its query string", () => {
    expect(
      read("data.id=987&type=payment", { type: "payment", action: "payment.updated", data: { id: "987" } }),
    ).toEqual({ payment: "987", ipn: false });
    expect(read("data.id=987&type=payment", { type: "payment", data: { id: 987 } })).toEqual({
      payment: "987",
      ipn: false,
    });
    // The body is not signed: without it, or unreadable, the query string is enough.
    expect(read("data.id=987&type=payment", "não é json")).toEqual({ payment: "987", ipn: false });
  });

  it("names the payment of an IPN by its query string's id, whatever its body says", () => {
    expect(read("topic=payment&id=987", { resource: "988", topic: "payment" })).toEqual({ payment: "987", ipn: true });
    expect(read("topic=merchant_order&id=42", {})).toEqual({ ignored: true });
    expect(read("topic=payment&id=98a", {})).toEqual({ ignored: true });
    expect(read("topic=payment", {})).toEqual({ malformed: "data.id" });
  });

  it("refuses a notification without data.id in its query string, or whose body names another resource", () => {
    expect(read("", { type: "payment", data: { id: 987 } })).toEqual({ malformed: "data.id" });
    expect(read("data.id=&type=payment", {})).toEqual({ malformed: "data.id" });
    expect(read("data.id=987&type=payment", { type: "payment", data: { id: "988" } })).toEqual({
      malformed: "mismatch",
    });
    expect(read("data.id=42&type=merchant_order", { data: { id: "43" } })).toEqual({ malformed: "mismatch" });
  });

  it("ignores other topics and an id that is not a payment's", () => {
    expect(read("data.id=987&type=merchant_order", {})).toEqual({ ignored: true });
    expect(read("data.id=98a&type=payment", {})).toEqual({ ignored: true });
    expect(read("data.id=987", null)).toEqual({ ignored: true });
  });
});
