/**
 * Mercado Pago's webhook notifications (docs/decisions/0019-mercado-pago.md): the signature
 * check and the reading of the notification. A notification only says "payment N changed";
 * what changed is always asked of the API (GET /v1/payments/N names the sale, whose payments
 * are then searched), so a forged, repeated or late notification can at worst make the store
 * ask again.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { PaymentState } from "../gateway.ts";
import { createMercadoPagoClient, MercadoPagoRequestError, type MercadoPagoPayment } from "./client.ts";
import { paymentStateOf } from "./mercadopago-gateway.ts";

/**
 * How old a signature may be and still count as Mercado Pago's. Its documentation gives the
 * manifest and the HMAC but no tolerance, and does not say whether a retry is signed anew; an
 * older signature is therefore not refused: the delivery is read as an unsigned one (its payment
 * asked of the API, under UNSIGNED_NOTIFICATION_LIMITS), never trusted (0019, "Webhooks").
 */
export const WEBHOOK_MAX_AGE_MS = 5 * 60_000;
/**
 * How far ahead of our clock a signature may be: the two clocks are never exactly equal, and a
 * server whose clock lags by a few minutes must not refuse every notification.
 */
export const WEBHOOK_MAX_SKEW_MS = 5 * 60_000;

export type WebhookCheck =
  { valid: true } | { valid: false; reason: "missing" | "malformed" | "mismatch" | "stale" | "future" };

export interface WebhookSignatureInput {
  secret: string;
  /** The x-signature header: "ts=1704908010,v1=<hex>". */
  xSignature: string | null | undefined;
  /** The x-request-id header. */
  xRequestId: string | null | undefined;
  /** data.id from the notification URL's query string (what Mercado Pago signs). */
  dataId: string | null | undefined;
  now: Date;
  maxAgeMs?: number;
}

/**
 * The manifest Mercado Pago signs: "id:{data.id};request-id:{x-request-id};ts:{ts};", each part
 * left out when its value is absent, and an alphanumeric data.id in lower case.
 */
export function signatureManifest(dataId: string | null | undefined, requestId: string | null | undefined, ts: string) {
  const id = dataId?.trim();
  const request = requestId?.trim();
  return (
    (id ? `id:${/^[a-z0-9]+$/i.test(id) ? id.toLowerCase() : id};` : "") +
    (request ? `request-id:${request};` : "") +
    `ts:${ts};`
  );
}

/** HMAC-SHA256 of the manifest with the webhook secret, compared in constant time; the timestamp's age checked. */
export function verifyWebhookSignature(input: WebhookSignatureInput): WebhookCheck {
  const header = input.xSignature?.trim();
  if (!header) return { valid: false, reason: "missing" };
  const fields = new Map<string, string>();
  for (const part of header.split(",")) {
    const separator = part.indexOf("=");
    if (separator > 0) fields.set(part.slice(0, separator).trim().toLowerCase(), part.slice(separator + 1).trim());
  }
  const ts = fields.get("ts");
  const v1 = fields.get("v1");
  if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return { valid: false, reason: "malformed" };

  const expected = createHmac("sha256", input.secret)
    .update(signatureManifest(input.dataId, input.xRequestId, ts))
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(v1, "hex"))) return { valid: false, reason: "mismatch" };

  // Mercado Pago documents ts in seconds; some deliveries carry milliseconds: 13 digits or more are.
  const signedAt = ts.length >= 13 ? Number(ts) : Number(ts) * 1000;
  const age = input.now.getTime() - signedAt;
  if (age > (input.maxAgeMs ?? WEBHOOK_MAX_AGE_MS)) return { valid: false, reason: "stale" };
  if (age < -WEBHOOK_MAX_SKEW_MS) return { valid: false, reason: "future" };
  return { valid: true };
}

const notificationBody = z.object({
  type: z.string().optional(),
  data: z.object({ id: z.union([z.string(), z.number()]).transform(String) }).optional(),
});

/** What a notification names: one payment, something the store does not follow, or nothing it can use. */
export type NotificationTarget =
  /**
   * A payment, by the query string's id. `ipn`: the older IPN form (`?topic=payment&id=…`), which
   * Mercado Pago still posts to a payment's notification_url and which carries no signature the
   * secret can check (its documentation says so, though the header may be present).
   */
  | { payment: string; ipn: boolean }
  | { ignored: true }
  /** No id in the query string (what the signature covers), or a body naming another resource. */
  | { malformed: "data.id" | "mismatch" };

/**
 * The payment a notification is about. Webhooks name it in the query string's data.id, which is
 * what Mercado Pago signs, so it is required there, and a body naming another id is refused: only
 * the query's id is ever used. An IPN (`?topic=…&id=…`) names it in `id`, its body never read.
 * Another topic (a merchant order, …) or an id that is not a payment's is ignored.
 */
export function notificationTarget({ query, body }: { query: URLSearchParams; body: unknown }): NotificationTarget {
  const topic = query.get("topic");
  if (topic !== null && !query.has("data.id")) {
    const id = query.get("id")?.trim();
    if (!id) return { malformed: "data.id" };
    return topic === "payment" && /^\d{1,20}$/.test(id) ? { payment: id, ipn: true } : { ignored: true };
  }
  const dataId = query.get("data.id")?.trim();
  if (!dataId) return { malformed: "data.id" };
  const parsed = notificationBody.safeParse(body);
  const fromBody = parsed.success ? parsed.data : {};
  if (fromBody.data && fromBody.data.id.trim() !== dataId) return { malformed: "mismatch" };
  const type = query.get("type") ?? topic ?? fromBody.type;
  if (type !== "payment" || !/^\d{1,20}$/.test(dataId)) return { ignored: true };
  return { payment: dataId, ipn: false };
}

/** The webhook's secret and what asking Mercado Pago about a payment takes. */
export interface WebhookSettings {
  webhookSecret: string;
  accessToken: string;
  apiUrl: string;
  timeoutMs: number;
}

export type PaymentNotification =
  /** No id in the query string, or a body that disagrees with it: answer 400, change nothing. */
  | { kind: "malformed"; reason: "data.id" | "mismatch" }
  /** A signature made with another secret, or not one at all: answer 401, change nothing. */
  | { kind: "unauthorized"; reason: string }
  /** Not about one of the store's payments (another topic, a payment without our reference): answer 200. */
  | { kind: "ignored" }
  /**
   * The sale the notified payment belongs to (its external reference). The sale's state is then
   * asked of the acquirer for the whole sale (PaymentGateway.findBySaleId), since one sale may
   * have several payments; the notified payment, as read now, is one of the candidates.
   */
  | { kind: "payment"; saleId: string; paymentId: string; payment: PaymentState };

/**
 * Whether a delivery's payment may be read without a valid, fresh signature: an IPN, a webhook
 * without the header, or one whose signature is older or newer than the window. Its payment is
 * read from the API like any other, so it can at worst make the store ask again; the caller
 * limits how often (UNSIGNED_NOTIFICATION_LIMITS). A signature made with another secret, or
 * malformed, is refused (401): it shows a wrong secret in Mercado Pago's delivery log.
 */
export type Authentication = "signed" | "unsigned";

/**
 * A notification request read: its id, its signature, and whether its payment may be read.
 * Answers the target and how it was authenticated, or why it is refused.
 */
export function checkNotification(
  settings: Pick<WebhookSettings, "webhookSecret">,
  request: { url: URL; headers: Headers; body: unknown; now: Date },
):
  | { kind: "malformed"; reason: "data.id" | "mismatch" }
  | { kind: "unauthorized"; reason: string }
  | { kind: "ignored" }
  | { kind: "read"; paymentId: string; authentication: Authentication } {
  const target = notificationTarget({ query: request.url.searchParams, body: request.body });
  if ("malformed" in target && target.malformed === "data.id") return { kind: "malformed", reason: "data.id" };
  let authentication: Authentication = "unsigned";
  if (!("payment" in target && target.ipn)) {
    const check = verifyWebhookSignature({
      secret: settings.webhookSecret,
      xSignature: request.headers.get("x-signature"),
      xRequestId: request.headers.get("x-request-id"),
      dataId: request.url.searchParams.get("data.id"),
      now: request.now,
    });
    if (!check.valid && (check.reason === "mismatch" || check.reason === "malformed"))
      return { kind: "unauthorized", reason: check.reason };
    if (check.valid) authentication = "signed";
  }
  if ("malformed" in target) return { kind: "malformed", reason: target.malformed };
  if ("ignored" in target) return { kind: "ignored" };
  return { kind: "read", paymentId: target.payment, authentication };
}

/**
 * The payment a notification named, asked of the API for its sale. A GatewayUnavailableError
 * propagates: the route answers 5xx and Mercado Pago delivers the notification again later.
 */
export async function readNotifiedPayment(
  settings: WebhookSettings,
  paymentId: string,
): Promise<Extract<PaymentNotification, { kind: "ignored" | "payment" }>> {
  const client = createMercadoPagoClient({ ...settings, baseUrl: settings.apiUrl });
  let payment: MercadoPagoPayment;
  try {
    payment = await client.getPayment(paymentId);
  } catch (error) {
    if (error instanceof MercadoPagoRequestError && error.status === 404) return { kind: "ignored" };
    throw error;
  }
  if (!payment.external_reference) return { kind: "ignored" };
  return {
    kind: "payment",
    saleId: payment.external_reference,
    paymentId: payment.id,
    payment: paymentStateOf(payment),
  };
}
