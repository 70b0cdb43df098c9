import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DOUBLE_CREDENTIALS,
  startMercadoPagoDouble,
  type MercadoPagoDouble,
} from "#tests/fixtures/mercadopago-double.ts";
import { paymentIdOfNotification, verifyWebhookSignature, type WebhookSignatureInput } from "./webhook.ts";

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

  it("refuses a signature older than five minutes or from the future beyond a minute's skew", () => {
    expect(check({ now: at(ts + 5 * 60) })).toEqual({ valid: true });
    expect(check({ now: at(ts + 5 * 60 + 1) })).toEqual({ valid: false, reason: "stale" });
    expect(check({ now: at(ts + 60), maxAgeMs: 30_000 })).toEqual({ valid: false, reason: "stale" });
    expect(check({ now: at(ts - 50) })).toEqual({ valid: true });
    expect(check({ now: at(ts - 61) })).toEqual({ valid: false, reason: "future" });
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
  const received: { check: ReturnType<typeof verifyWebhookSignature>; paymentId: string | null }[] = [];

  beforeAll(async () => {
    double = await startMercadoPagoDouble();
    receiver = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      req.on("end", () => {
        const query = new URL(req.url!, "http://x").searchParams;
        const result = verifyWebhookSignature({
          secret: DOUBLE_CREDENTIALS.webhookSecret,
          xSignature: req.headers["x-signature"]?.toString(),
          xRequestId: req.headers["x-request-id"]?.toString(),
          dataId: query.get("data.id"),
          now: new Date(),
        });
        received.push({ check: result, paymentId: paymentIdOfNotification({ query, body: JSON.parse(raw) }) });
        res.writeHead(result.valid ? 200 : 401).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/mercadopago`;
  });
  afterAll(async () => {
    await double.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("are verified when signed with the secret, refused otherwise; the payment id is read from them", async () => {
    expect(await double.notify({ paymentId: 1234567, url, times: 2 })).toEqual([200, 200]);
    expect(await double.notify({ paymentId: 1234567, url, signature: "invalid" })).toEqual([401]);
    expect(await double.notify({ paymentId: 1234567, url, signature: "stale" })).toEqual([401]);
    expect(await double.notify({ paymentId: 1234567, url, signature: "none" })).toEqual([401]);
    expect(received.map((r) => (r.check.valid ? "ok" : r.check.reason))).toEqual([
      "ok",
      "ok",
      "mismatch",
      "stale",
      "missing",
    ]);
    expect(new Set(received.map((r) => r.paymentId))).toEqual(new Set(["1234567"]));
  });
});

describe("reading a notification", () => {
  const read = (query: string, body: unknown) => paymentIdOfNotification({ query: new URLSearchParams(query), body });

  it("names the payment of a payment notification (webhook or the older IPN form)", () => {
    expect(read("data.id=987&type=payment", { type: "payment", action: "payment.updated", data: { id: "987" } })).toBe(
      "987",
    );
    expect(read("", { type: "payment", data: { id: 987 } })).toBe("987");
    expect(read("topic=payment&id=987", {})).toBe("987");
  });

  it("ignores other topics and anything that does not read as one payment", () => {
    expect(read("data.id=987&type=merchant_order", {})).toBeNull();
    expect(read("topic=merchant_order&id=987", {})).toBeNull();
    expect(read("data.id=987&type=payment", { type: "payment", data: { id: "988" } })).toBeNull();
    expect(read("data.id=98a&type=payment", {})).toBeNull();
    expect(read("type=payment", "não é json")).toBeNull();
    expect(read("", null)).toBeNull();
  });
});
