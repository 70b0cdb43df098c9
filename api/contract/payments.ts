/**
 * Calls the acquirer makes, beyond spec §7 (docs/decisions/0019-mercado-pago.md): declared here
 * with the store's own so every route of the API is, though the storefront never calls them.
 */
import { endpoint } from "./endpoint.ts";

export const payments = {
  /**
   * Mercado Pago's payment notifications, signed (x-signature) with the webhook secret; only
   * with PAYMENT_GATEWAY=mercadopago. Answers 200, 400, 401 or 503 without a body.
   */
  mercadoPagoWebhook: endpoint({ extension: true, method: "POST", path: "/webhooks/mercadopago", reply: null }),
};
