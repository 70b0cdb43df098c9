/**
 * The Mercado Pago gateway (docs/decisions/0019-mercado-pago.md): cards tokenised in the browser
 * or typed on Mercado Pago's hosted page, boleto and Pix through the Payments API. The store's
 * server never sends a card number to the acquirer.
 */
import { todayInBrazil } from "#core/dates.ts";
import { digitableLine, dueDateOfBarcode } from "../boleto.ts";
import {
  GatewayRefusedError,
  type CardToken,
  type ChargeRequest,
  type HostedCheckoutRequest,
  type PaymentGateway,
  type PaymentState,
} from "../gateway.ts";
import {
  createMercadoPagoClient,
  MercadoPagoRequestError,
  type MercadoPagoClientOptions,
  type MercadoPagoPayment,
  type PaymentBody,
} from "./client.ts";
import {
  CARD_INSTALLMENT_MESSAGES,
  countNotAllowedMessage,
  creditMethodOf,
  interestFreeCounts,
} from "./card-installments.ts";
import { declineMessageOf, saleStatusOrPending } from "./payment-status.ts";

/** MercadoPago.js v2, the browser SDK that tokenises cards (https://www.mercadopago.com.br/developers). */
export const MERCADOPAGO_SDK_URL = "https://sdk.mercadopago.com/js/v2";

/** Mercado Pago's payment_method_id for a boleto (Bradesco registers it) and for Pix. */
export const BOLETO_METHOD_ID = "bolbradesco";
export const PIX_METHOD_ID = "pix";

/**
 * Mercado Pago issues a Pix only when it expires at least 30 minutes after the payment is
 * created (its Pix guide: from 30 minutes to 30 days); PIX_EXPIRY_MINUTES is held to it at start.
 */
export const MERCADOPAGO_PIX_MIN_EXPIRY_MINUTES = 30;
/** The request's own time and clock skew on top of the minimum, so a 30-minute code is not refused. */
const PIX_EXPIRY_MARGIN_MS = 60_000;

/** The expiry asked of Mercado Pago: the store's, unless it would fall under the acquirer's minimum. */
function pixExpiryFor(expiresAt: Date, now: Date): Date {
  const earliest = now.getTime() + MERCADOPAGO_PIX_MIN_EXPIRY_MINUTES * 60_000 + PIX_EXPIRY_MARGIN_MS;
  return new Date(Math.max(expiresAt.getTime(), earliest));
}

/** A card typed into the store's own form: refused before anything reaches the acquirer. */
export const TYPED_CARD_REFUSED =
  "O Mercado Pago só recebe cartões tokenizados no navegador ou digitados na página dele: a loja não envia o número do cartão.";

export interface MercadoPagoGatewayOptions extends MercadoPagoClientOptions {
  publicKey: string;
  /** MercadoPago.js v2's address (MERCADOPAGO_SDK_URL); the official one by default. */
  sdkUrl?: string;
}

export function createMercadoPagoGateway(options: MercadoPagoGatewayOptions): PaymentGateway {
  const client = createMercadoPagoClient(options);

  // The card's instalments as Mercado Pago allows them (decision 0046), asked before the
  // charge: a count the card does not allow, or allows only with interest the page never
  // showed, and a debit card, are refused with nothing sent to be charged.
  async function cardInstallmentsRefusal(request: ChargeRequest, card: CardToken): Promise<string | null> {
    const issuerId = issuerIdOf(card.issuerId);
    const options = await client.getInstallments({
      amount: toReais(request.amountCents),
      paymentMethodId: card.paymentMethodId,
      ...(issuerId === undefined ? {} : { issuerId }),
    });
    const matching = options.filter((option) => option.payment_method_id === card.paymentMethodId);
    const credit = creditMethodOf(matching);
    if (!credit) return matching.length > 0 ? CARD_INSTALLMENT_MESSAGES.notCredit : CARD_INSTALLMENT_MESSAGES.unknown;
    const allowed = interestFreeCounts(credit.payer_costs, request.installments);
    return allowed.includes(request.installments) ? null : countNotAllowedMessage(allowed);
  }

  return {
    name: "mercadopago",
    browserTokenization: { publicKey: options.publicKey, sdkUrl: options.sdkUrl ?? MERCADOPAGO_SDK_URL },

    async charge(request: ChargeRequest): Promise<PaymentState> {
      // A free order moves no money: the acquirer is not asked (it refuses a zero amount), and
      // the sale's transaction id says so.
      if (request.method === "free") return { status: "paid", transactionId: `gratuito-${request.saleId}` };
      const refusal = request.card?.kind === "token" ? await cardInstallmentsRefusal(request, request.card) : null;
      if (refusal) return { status: "declined", transactionId: "", message: refusal };
      const payment = await client.createPayment(paymentBody(request), request.idempotencyKey);
      return paymentStateOf(payment);
    },

    async findBySaleId(saleId, { transactionId = null, notified } = {}): Promise<PaymentState | null> {
      const payments = (await client.searchPayments(saleId)).map(paymentStateOf);
      return mostRelevant(notified ? withNotified(payments, notified) : payments, transactionId) ?? null;
    },

    async refund({ transactionId, idempotencyKey }): Promise<PaymentState> {
      const refund = await client.refundPayment(transactionId, idempotencyKey);
      if (refund.status === "approved") return { status: "refunded", transactionId };
      // A refund still in process: the payment's own status says where it stands.
      return paymentStateOf(await client.getPayment(transactionId));
    },

    async cancel({ transactionId }): Promise<PaymentState> {
      try {
        // One cancel per payment, however often the gestor's command is retried.
        return paymentStateOf(await client.cancelPayment(transactionId, `cancelamento-${transactionId}`));
      } catch (error) {
        if (!(error instanceof MercadoPagoRequestError)) throw error;
        // Mercado Pago refuses to cancel a payment that is no longer pending: one it cancelled
        // itself (an expired boleto or Pix) is cancelled all the same; anything else is refused.
        const payment = await client.getPayment(transactionId);
        if (payment.status === "cancelled" || payment.status === "rejected") return paymentStateOf(payment);
        throw error;
      }
    },

    async createHostedCheckout(request: HostedCheckoutRequest): Promise<{ url: string }> {
      const { firstName, lastName } = splitName(request.payer.name);
      const preference = await client.createPreference(
        {
          items: [
            {
              id: request.referenceCode,
              title: request.description,
              quantity: 1,
              unit_price: toReais(request.amountCents),
              currency_id: "BRL",
            },
          ],
          payer: {
            name: firstName,
            surname: lastName,
            email: request.payer.email,
            identification: { type: "CPF", number: digitsOf(request.payer.cpf) },
          },
          back_urls: { success: request.returnUrl, pending: request.returnUrl, failure: request.returnUrl },
          auto_return: "all",
          external_reference: request.saleId,
          ...(request.notificationUrl ? { notification_url: request.notificationUrl } : {}),
          // The hosted page is the card path only: boleto and Pix have their own, without scripts.
          payment_methods: {
            installments: request.maxInstallments,
            default_installments: Math.min(request.installments, request.maxInstallments),
            excluded_payment_types: [{ id: "ticket" }, { id: "bank_transfer" }, { id: "atm" }],
          },
          // An abandoned page ends: after this the sale can be declined and the cart paid again.
          expires: true,
          expiration_date_from: mercadoPagoDateTime(request.now),
          expiration_date_to: mercadoPagoDateTime(request.expiresAt),
        },
        `preferencia-${request.saleId}`,
      );
      return { url: preference.init_point };
    },
  };
}

function paymentBody(request: ChargeRequest): PaymentBody {
  const { firstName, lastName } = splitName(request.payer.name);
  const address = request.payer.address;
  const common = {
    transaction_amount: toReais(request.amountCents),
    description: request.description,
    external_reference: request.saleId,
    ...(request.notificationUrl ? { notification_url: request.notificationUrl } : {}),
    payer: {
      email: request.payer.email,
      first_name: firstName,
      last_name: lastName,
      identification: { type: "CPF" as const, number: digitsOf(request.payer.cpf) },
      ...(address
        ? {
            address: {
              zip_code: digitsOf(address.zipCode),
              street_name: address.street,
              street_number: address.number,
              neighborhood: address.neighborhood,
              city: address.city,
              federal_unit: address.state,
            },
          }
        : {}),
    },
  };
  if (request.method === "boleto") return { ...common, payment_method_id: BOLETO_METHOD_ID };
  if (request.method === "pix") {
    return {
      ...common,
      payment_method_id: PIX_METHOD_ID,
      ...(request.pixExpiresAt
        ? { date_of_expiration: mercadoPagoDateTime(pixExpiryFor(request.pixExpiresAt, request.now)) }
        : {}),
    };
  }
  const card = request.card;
  if (card?.kind !== "token") throw new GatewayRefusedError(TYPED_CARD_REFUSED);
  return {
    ...common,
    payment_method_id: card.paymentMethodId,
    token: card.token,
    installments: request.installments,
    ...(issuerIdOf(card.issuerId) === undefined ? {} : { issuer_id: issuerIdOf(card.issuerId) }),
  };
}

/** MercadoPago.js gives the issuer's id as a number; the form posts it as text. */
function issuerIdOf(issuerId: string | undefined): number | undefined {
  return issuerId && /^\d{1,12}$/.test(issuerId) ? Number(issuerId) : undefined;
}

/** What the store keeps of a Mercado Pago payment. */
export function paymentStateOf(payment: MercadoPagoPayment): PaymentState {
  const status = saleStatusOrPending(payment);
  const state: PaymentState = { status, transactionId: payment.id };
  if (typeof payment.transaction_amount === "number") state.amountCents = Math.round(payment.transaction_amount * 100);
  if (payment.currency_id) state.currency = payment.currency_id;
  const updatedAt = Date.parse(payment.date_last_updated ?? "");
  if (!Number.isNaN(updatedAt)) state.updatedAt = new Date(updatedAt).toISOString();
  if (status === "declined") state.message = declineMessageOf(payment.status_detail);
  const barcode = payment.barcode?.content ?? payment.transaction_details?.barcode?.content;
  if (payment.payment_type_id === "ticket" && barcode && /^\d{44}$/.test(barcode)) {
    state.boleto = {
      barcode,
      digitableLine: payment.transaction_details?.digitable_line?.replace(/\D/g, "") || digitableLine(barcode),
      dueDate: boletoDueDateOf(barcode, payment.date_of_expiration),
      pdfUrl: payment.transaction_details?.external_resource_url ?? null,
    };
  }
  const qrCode = payment.point_of_interaction?.transaction_data?.qr_code;
  if (payment.payment_method_id === PIX_METHOD_ID && qrCode && payment.date_of_expiration) {
    state.pix = { copyPaste: qrCode, expiresAt: new Date(payment.date_of_expiration).toISOString() };
  }
  const lastFour = payment.card?.last_four_digits;
  if (lastFour && payment.payment_method_id) {
    state.card = { brand: BRANDS[payment.payment_method_id] ?? payment.payment_method_id.toUpperCase(), lastFour };
    if (payment.installments && payment.installments >= 1) state.installments = payment.installments;
  }
  return state;
}

/**
 * A boleto's due date as the banks read it: its barcode's due-date factor. Failing that, the
 * calendar date Mercado Pago writes in date_of_expiration, in the offset it writes it in
 * ("2026-11-26T23:59:59.000-04:00" is due on the 26th, though 00:59 of the 27th in Brasília).
 */
function boletoDueDateOf(barcode: string, dateOfExpiration: string | null | undefined): string {
  const written = /^\d{4}-\d\d-\d\d/.exec(dateOfExpiration ?? "")?.[0];
  return (
    dueDateOfBarcode(barcode, written ? new Date(`${written}T12:00:00Z`) : new Date()) ?? written ?? todayInBrazil()
  );
}

/** Mercado Pago's card method ids, named as the store names brands (spec §9: MASTER, DINERS, AMEX). */
const BRANDS: Record<string, string> = { master: "MASTER", amex: "AMEX", diners: "DINERS", visa: "VISA", elo: "ELO" };

/**
 * Which of a sale's payments tells its state. One sale may have several at Mercado Pago: cards
 * declined on the hosted page before one went through, a retry, a renewed Pix, a duplicate.
 * Money that stays (approved, in mediation) wins over money given back (refunded, charged back:
 * a refunded duplicate must not mark the sale refunded while another payment stays approved),
 * which wins over a payment still pending, which wins over a declined or expired one. Among
 * equals, the sale's own payment (the id the store recorded), then the newest (the search
 * answers newest first, and the sort is stable).
 */
function mostRelevant(payments: PaymentState[], recordedId: string | null): PaymentState | undefined {
  const RANK: Record<PaymentState["status"], number> = {
    paid: 0,
    refunded: 1,
    charged_back: 1,
    pending: 2,
    declined: 3,
    expired: 3,
  };
  const own = (payment: PaymentState) => (payment.transactionId === recordedId ? 0 : 1);
  return [...payments].sort((a, b) => RANK[a.status] - RANK[b.status] || own(a) - own(b))[0];
}

/**
 * The search's payments with the one just read by its id: the search lags behind the payments
 * (a new Pix code's "payment.created" may come before the search shows it), so the notified
 * payment is always a candidate. Of two copies of it, the later change wins; the copy read by id
 * when either does not say when it changed.
 */
function withNotified(payments: PaymentState[], notified: PaymentState): PaymentState[] {
  const index = payments.findIndex((payment) => payment.transactionId === notified.transactionId);
  if (index < 0) return [notified, ...payments];
  const searched = payments[index]!;
  const searchedIsLater =
    searched.updatedAt !== undefined && notified.updatedAt !== undefined && searched.updatedAt > notified.updatedAt;
  return searchedIsLater ? payments : payments.with(index, notified);
}

/** Mercado Pago takes amounts in reais with cents as decimals. */
function toReais(cents: number): number {
  return Math.round(cents) / 100;
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, "");
}

function splitName(name: string): { firstName: string; lastName: string } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") || first };
}

/**
 * "2026-11-23T20:45:00.000-03:00": the date-time format Mercado Pago documents for
 * date_of_expiration, in the store's zone (Brazil has no daylight saving since 2019).
 */
function mercadoPagoDateTime(date: Date): string {
  const offsetMinutes = -3 * 60;
  const local = new Date(date.getTime() + offsetMinutes * 60_000);
  return `${local.toISOString().slice(0, 23)}-03:00`;
}
