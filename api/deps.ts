import type { StoreDatabase } from "#db/client.ts";
import type { PaymentGateway } from "./payments/gateway.ts";
import type { WebhookSettings } from "./payments/mercadopago/webhook.ts";
import type { TotpKeys } from "./gestor/staff/totp-secret-box.ts";
import type { QuietHours } from "./messages/quiet-hours.ts";

/** What every resource of the bundled API is built with (one per server process). */
export interface ApiDeps {
  db: StoreDatabase;
  /** The current time; tests pass a fixed clock. */
  now: () => Date;
  /**
   * Wakes this process's mail worker after a message was queued (api/mail/mail-outbox.ts);
   * e-mail is only ever queued, in the transaction of what it reports, never sent from a request.
   */
  nudgeMail?: () => void;
  /** The storefront's public address, without a trailing slash, for links in e-mails. */
  publicUrl: string;
  /** Charges purchases: the sandbox unless a real gateway is configured. */
  gateway: PaymentGateway;
  /**
   * How long the finish waits for the acquirer before the outcome counts as unknown and the
   * sale stays "processing" (default 20 s; docs/decisions/0018-payment-flow.md).
   */
  chargeTimeoutMs?: number;
  /**
   * With PAYMENT_GATEWAY=mercadopago, what POST /api/webhooks/mercadopago needs to check a
   * notification and ask about its payment; absent with the sandbox (the route answers 404).
   */
  mercadoPagoWebhook?: WebhookSettings;
  /**
   * Where "Fale conosco" tickets are e-mailed (CONTACT_EMAIL; docs/decisions/0023-support-tickets.md).
   * Without it a ticket is still stored, for the gestor's list-tickets.
   */
  supportEmail?: string;
  /** How long a Pix code stays payable (PIX_EXPIRY_MINUTES, default 30; docs/decisions/0022-pix.md). */
  pixExpiryMinutes?: number;
  /**
   * The keys that seal the staff's authenticator secrets, newest first, never stored in the
   * database (app/.server/totp-keys.server.ts; docs/decisions/0049).
   */
  totpKeys: TotpKeys;
  /**
   * WhatsApp (issue 31; docs/decisions/0080-whatsapp-channel.md): present when the WHATSAPP_*
   * settings turn it on. Messages are queued (api/messages/enqueue-whatsapp.ts) and `nudge` wakes
   * this process's worker; the webhook checks Meta's signature with `appSecret` and answers its
   * subscription check with `verifyToken`.
   */
  whatsapp?: { nudge?: () => void; appSecret: string; verifyToken: string };
  /** When reminders are not sent (MESSAGE_QUIET_HOURS, MESSAGE_TIME_ZONE); 21h to 8h in Recife by default. */
  quietHours?: QuietHours;
}
