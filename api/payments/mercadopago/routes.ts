/**
 * POST /api/webhooks/mercadopago: Mercado Pago's payment notifications (beyond spec §7;
 * docs/decisions/0019-mercado-pago.md, "Webhooks"), declared in api/contract/payments.ts. The
 * storefront never calls it: the acquirer posts it, signed with the webhook secret, without a
 * session or a CSRF token. A notification only names a payment, which names the sale; the sale's
 * state is asked of the acquirer (findBySaleId) and applied by applyPaymentState, the one home
 * of a sale's transitions, so a repeated or out-of-order notification changes nothing. Mercado
 * Pago delivers again until it gets a 2xx, so every notification the store cannot use (another
 * topic, a sale it does not know) is answered 200; one without the id in its query string, or
 * whose body names another resource, 400; a signature made with another secret 401. The older
 * IPN form (`?topic=payment&id=…`) and an unsigned or stale webhook are read like a signed one
 * (the API is asked, the body never trusted), under a limit per payment and per minute.
 */
import { Hono } from "hono";
import { payments } from "../../contract/payments.ts";
import type { ApiDeps } from "../../deps.ts";
import { at } from "../../validation.ts";
import { API_ERROR_MESSAGES, errorBody } from "../../errors.ts";
import { GatewayUnavailableError } from "../gateway.ts";
import { applyPaymentState } from "../payment-sync.ts";
import { hitRateLimit, type RateLimit } from "../../rate-limit.ts";
import { checkNotification, readNotifiedPayment, type WebhookSettings } from "./webhook.ts";

/** The address to register at Mercado Pago, under the storefront's /api mount (app/routes.ts), after PUBLIC_URL. */
export const MERCADOPAGO_WEBHOOK_URL_PATH = `/api${payments.mercadoPagoWebhook.path}`;

/** The body as JSON when it is; a signed notification is found by its query string anyway. */
function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * How often a notification whose origin cannot be checked may make the store ask Mercado Pago:
 * Mercado Pago's own deliveries of one payment (an IPN and a webhook per change, a few retries)
 * fit well within them, while a stranger posting ids cannot spend the access token's quota.
 * Over either, 429: Mercado Pago delivers again later, and the reconciliation asks meanwhile.
 */
export const UNSIGNED_NOTIFICATION_LIMITS = {
  perPayment: { name: "mercadopago-unsigned-payment", limit: 6, windowMs: 60_000 },
  overall: { name: "mercadopago-unsigned", limit: 120, windowMs: 60_000 },
} as const satisfies Record<string, RateLimit>;

/**
 * What one delivery gets: its HTTP status. A GatewayUnavailableError (Mercado Pago could not be
 * asked) propagates, for a 503.
 */
async function answer(
  deps: ApiDeps,
  settings: WebhookSettings,
  request: Request,
): Promise<200 | 400 | 401 | 429 | 503> {
  const checked = checkNotification(settings, {
    url: new URL(request.url),
    headers: request.headers,
    body: parsedOrNull(await request.text()),
    now: deps.now(),
  });
  // No detail: a forger learns nothing about why.
  if (checked.kind === "unauthorized") return 401;
  if (checked.kind === "malformed") return 400;
  if (checked.kind === "ignored") return 200;
  if (checked.authentication === "unsigned") {
    const { perPayment, overall } = UNSIGNED_NOTIFICATION_LIMITS;
    if (!(await hitRateLimit(deps, perPayment, checked.paymentId)) || !(await hitRateLimit(deps, overall, "all")))
      return 429;
  }
  const notification = await readNotifiedPayment(settings, checked.paymentId);
  if (notification.kind === "ignored") return 200;
  const sale = await deps.db
    .selectFrom("sales")
    .select(["id", "gateway_transaction_id"])
    .where("id", "=", notification.saleId)
    .executeTakeFirst();
  if (!sale) {
    // Another store on the same Mercado Pago account, or a sale removed since: nothing to do here.
    console.log(`[pagamento] notificação do Mercado Pago do pagamento ${notification.paymentId} sem venda nesta loja`);
    return 200;
  }
  // The whole sale as the acquirer holds it, not the notified payment alone: a hosted checkout
  // may hold a declined card and then an approved one (0019, "Webhooks").
  const state = await deps.gateway.findBySaleId(sale.id, {
    transactionId: sale.gateway_transaction_id,
    notified: notification.payment,
  });
  // No payment of the sale known yet (a gateway that does not take the notified one): asked again at the next delivery.
  if (!state) return 503;
  // The e-mail a change owes ("Pagamento confirmado") is queued in that transaction.
  await applyPaymentState(deps, sale.id, state);
  return 200;
}

export function mercadoPagoWebhookRoutes(deps: ApiDeps) {
  return new Hono().on(...at(payments.mercadoPagoWebhook), async (c) => {
    const settings = deps.mercadoPagoWebhook;
    // With the sandbox nobody may post here: the route does not exist.
    if (!settings) return c.json(errorBody(API_ERROR_MESSAGES.notFound), 404);
    try {
      return c.body(null, await answer(deps, settings, c.req.raw));
    } catch (error) {
      // Mercado Pago could not be asked: it delivers the notification again.
      if (error instanceof GatewayUnavailableError) return c.body(null, 503);
      throw error;
    }
  });
}
