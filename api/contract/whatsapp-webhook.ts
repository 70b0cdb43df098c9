/**
 * Calls Meta makes, beyond spec §7 (issue 31; docs/decisions/0080-whatsapp-channel.md): the
 * WhatsApp webhook, declared with the store's own so every route of the API is (like Mercado
 * Pago's, api/contract/payments.ts), though the storefront never calls them. Only with WhatsApp
 * on (WHATSAPP_* settings); 404 otherwise.
 */
import { endpoint } from "./endpoint.ts";

export const whatsappWebhook = {
  /**
   * Meta's subscription check: `hub.mode=subscribe`, `hub.verify_token` (WHATSAPP_VERIFY_TOKEN)
   * and `hub.challenge`, answered as text; 403 when the token is not the store's.
   */
  verifyWhatsappWebhook: endpoint({ extension: true, method: "GET", path: "/webhooks/whatsapp", reply: null }),
  /**
   * Message statuses (sent, delivered, read, failed) and customers' answers ("SAIR"), signed
   * (X-Hub-Signature-256) with the app secret. Answers 200 without a body; 401 unsigned, 403
   * signed with another secret, nothing recorded then.
   */
  whatsappWebhook: endpoint({ extension: true, method: "POST", path: "/webhooks/whatsapp", reply: null }),
};
