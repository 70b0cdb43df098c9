/**
 * The payment gateway as the checkout sees it (docs/decisions/0010-checkout-and-payment.md,
 * 0018-payment-flow.md). The store ships a sandbox (sandbox-gateway.ts); a real acquirer plugs
 * in behind the same interface. A typed card travels in a ChargeRequest only: nothing here
 * stores or logs it.
 */
import type { SaleStatus } from "#core/sale-status.ts";

/** What the shopper pays with, as the acquirer sees it. */
export type ChargeMethod = "card" | "boleto" | "pix" | "free";

/** A card typed into the store's own form (the sandbox, and spec §7's finish body). */
export interface TypedCard {
  kind: "typed";
  holder: string;
  /** Digits only. */
  number: string;
  cvv: string;
  /** year-month-10 (spec §7). */
  expirationDate: string;
  /** MASTER, DINERS, AMEX or the upper-case brand (spec §9). */
  brand: string;
}

/** A card tokenised in the browser by the acquirer's SDK: the number never reaches the store. */
export interface CardToken {
  kind: "token";
  token: string;
  /** The acquirer's method id for the brand (Mercado Pago: "visa", "master", …). */
  paymentMethodId: string;
  issuerId?: string;
}

export interface ChargeRequest {
  /**
   * Sent as the acquirer's idempotency key: the same key twice charges once. Derived from the
   * cart and the attempt number, so a retry of one attempt reuses it.
   */
  idempotencyKey: string;
  /** The sale's id: the acquirer's external reference, how webhooks and reconciliation find the sale. */
  saleId: string;
  /** The order number the customer and the school quote. */
  referenceCode: string;
  /** A line for the statement and the acquirer's panel, e.g. "Loja Escolar pedido 123456789012". */
  description: string;
  amountCents: number;
  method: ChargeMethod;
  /** Present for method "card". */
  card?: TypedCard | CardToken;
  installments: number;
  payer: {
    name: string;
    cpf: string;
    email: string;
    /**
     * The payer's address: Mercado Pago registers a boleto only with it (CEP digits only,
     * state as its two letters). Optional: the sandbox and card payments do without.
     */
    address?: {
      zipCode: string;
      street: string;
      number: string;
      neighborhood: string;
      city: string;
      state: string;
    };
  };
  /** Pix only: when the code stops being payable. */
  pixExpiresAt?: Date;
  /** Where the acquirer posts its notifications (absolute URL), when the store has a public address. */
  notificationUrl?: string;
  now: Date;
}

/** A sale's status as the acquirer reports it (a subset of the sale's statuses). */
export type GatewayStatus = Extract<
  SaleStatus,
  "paid" | "pending" | "declined" | "expired" | "refunded" | "charged_back"
>;

/** What the acquirer holds about one sale's payment. */
export interface PaymentState {
  status: GatewayStatus;
  /** The acquirer's id of the payment. */
  transactionId: string;
  /** Why a card was declined, in Portuguese, for the customer. */
  message?: string;
  /** Issued boleto (method "boleto"). dueDate is YYYY-MM-DD; pdfUrl is the acquirer's printable boleto, when it has one. */
  boleto?: { barcode: string; digitableLine: string; dueDate: string; pdfUrl: string | null };
  /** Issued Pix (method "pix"): the "copia e cola" BR Code and its expiry (ISO instant). */
  pix?: { copyPaste: string; expiresAt: string };
  /** The card's brand and last four digits, when the acquirer tells them (tokenised and hosted payments). */
  card?: { brand: string; lastFour: string };
  /** The instalments of a card payment as the acquirer took it (on its hosted page the shopper may change them). */
  installments?: number;
  /**
   * The payment's amount in centavos and its currency (ISO 4217), as the acquirer reports them,
   * when it does: a payment is the sale's only for the sale's total in reais (payment-sync.ts).
   */
  amountCents?: number;
  currency?: string;
  /** When the acquirer last changed the payment (ISO instant), when it says: of two copies of one payment, the later wins. */
  updatedAt?: string;
}

/** The acquirer could not be asked or did not answer in time: the outcome is unknown, nothing may be assumed. */
export class GatewayUnavailableError extends Error {
  override name = "GatewayUnavailableError";
}

/**
 * The acquirer answered and refused the request itself (a 4xx: a field it will not take, a
 * method it does not offer): no payment exists, nothing was charged. Its message names the
 * cause for the operator's log and carries no card or payer data.
 */
export class GatewayRefusedError extends Error {
  override name = "GatewayRefusedError";
}

export interface HostedCheckoutRequest {
  saleId: string;
  referenceCode: string;
  description: string;
  amountCents: number;
  /** The most instalments the page may offer: what the store's own payment step offered. */
  maxInstallments: number;
  /** The count the shopper chose in the store, preselected on the page. */
  installments: number;
  payer: { name: string; cpf: string; email: string };
  /** Absolute URL the acquirer sends the shopper back to (success, pending and failure alike). */
  returnUrl: string;
  notificationUrl?: string;
  /** When the page stops taking payments: an abandoned page must end (api/payments/hosted-checkout.ts). */
  expiresAt: Date;
  now: Date;
}

export interface PaymentGateway {
  readonly name: "sandbox" | "mercadopago";
  /** Charges once per idempotencyKey. Throws GatewayUnavailableError on a timeout, a 5xx or a network failure. */
  charge(request: ChargeRequest): Promise<PaymentState>;
  /**
   * The payment the acquirer holds for this sale id (external reference), or null when it never
   * got one. Among several, the one that tells the sale's state (money first); among equals, the
   * sale's own payment (`transactionId`, the id the store recorded), then the newest. `notified`
   * is a payment the caller just read by its id (a webhook's): it joins the candidates, since the
   * acquirer's search may not show it yet (docs/decisions/0019-mercado-pago.md, "Webhooks").
   */
  findBySaleId(
    saleId: string,
    hints?: { transactionId?: string | null; notified?: PaymentState },
  ): Promise<PaymentState | null>;
  /** Gives the whole amount back; answers the payment's new state ("refunded"). */
  refund(request: {
    saleId: string;
    transactionId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<PaymentState>;
  /**
   * Cancels a payment nobody has paid (a boleto, a Pix, a card under review), so the acquirer
   * takes no money for it any more; answers its state afterwards ("expired": cancelled unpaid).
   * Throws when the acquirer could not be asked or refused (the payment was paid meanwhile):
   * the gestor's cancel then changes nothing in the store (docs/decisions/0018-payment-flow.md).
   */
  cancel(request: { saleId: string; transactionId: string }): Promise<PaymentState>;
  /**
   * A page at the acquirer where the shopper types the card (no JavaScript on our side), for one
   * sale (its external reference). Throws as `charge` does. Absent on the sandbox.
   */
  createHostedCheckout?(request: HostedCheckoutRequest): Promise<{ url: string }>;
  /** What the browser needs to tokenise a card with the acquirer's SDK. Absent on the sandbox. */
  readonly browserTokenization?: { publicKey: string; sdkUrl: string };
}
