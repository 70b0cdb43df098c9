/**
 * POST /api/webhooks/mercadopago: Mercado Pago's payment notifications (beyond spec §7;
 * docs/decisions/0019-mercado-pago.md, "Webhooks"), declared in api/contract/payments.ts. The
 * storefront never calls it: the acquirer posts it, signed with the webhook secret, without a
 * session or a CSRF token. A notification only names a payment; its state is asked of the API and applied
 * by applyPaymentState, the one home of a sale's transitions, so a repeated or out-of-order
 * notification changes nothing. Mercado Pago delivers again until it gets a 2xx, so every
 * notification the store cannot use (another topic, a sale it does not know) is answered 200.
 */
import { Hono } from "hono";
import { payments } from "../../contract/payments.ts";
import type { ApiDeps } from "../../deps.ts";
import { at } from "../../validation.ts";
import { API_ERROR_MESSAGES, errorBody } from "../../errors.ts";
import { GatewayUnavailableError } from "../gateway.ts";
import { applyPaymentState } from "../payment-sync.ts";
import { readPaymentNotification } from "./webhook.ts";

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

export function mercadoPagoWebhookRoutes(deps: ApiDeps) {
  return new Hono().on(...at(payments.mercadoPagoWebhook), async (c) => {
    const settings = deps.mercadoPagoWebhook;
    // With the sandbox nobody may post here: the route does not exist.
    if (!settings) return c.json(errorBody(API_ERROR_MESSAGES.notFound), 404);
    let notification;
    try {
      notification = await readPaymentNotification(settings, {
        url: new URL(c.req.url),
        headers: c.req.raw.headers,
        body: parsedOrNull(await c.req.text()),
        now: deps.now(),
      });
    } catch (error) {
      // Mercado Pago could not be asked about the payment: it delivers the notification again.
      if (error instanceof GatewayUnavailableError) return c.body(null, 503);
      throw error;
    }
    // No detail: a forger learns nothing about why.
    if (notification.kind === "unauthorized") return c.body(null, 401);
    if (notification.kind === "ignored") return c.body(null, 200);
    const sale = await deps.db
      .selectFrom("sales")
      .select("id")
      .where("id", "=", notification.saleId)
      .executeTakeFirst();
    if (!sale) {
      // Another store on the same Mercado Pago account, or a sale removed since: nothing to do here.
      console.log(
        `[pagamento] notificação do Mercado Pago do pagamento ${notification.state.transactionId} sem venda nesta loja`,
      );
      return c.body(null, 200);
    }
    // The e-mail a change owes ("Pagamento confirmado") is queued in that transaction.
    await applyPaymentState(deps, sale.id, notification.state);
    return c.body(null, 200);
  });
}
