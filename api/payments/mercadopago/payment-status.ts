/**
 * Mercado Pago's payment statuses (GET /v1/payments/{id}: `status`, `status_detail`) read as the
 * sale's statuses, in one table (docs/decisions/0019-mercado-pago.md).
 */
import type { GatewayStatus } from "../gateway.ts";

/** Every status the Payments API documents. */
export const MERCADOPAGO_STATUSES = {
  // Also with status_detail "partially_refunded": part of the money went back from the acquirer's
  // panel, the rest stays paid. The store offers no partial refund, so the sale stays paid and
  // the gestor settles the rest with the family (docs/decisions/0019-mercado-pago.md).
  approved: "paid",
  // Authorised but not captured, in review, or waiting for the boleto or Pix to be paid.
  pending: "pending",
  in_process: "pending",
  authorized: "pending",
  // The buyer opened a dispute: the money was taken and stays held until it ends (charged_back
  // follows if the buyer wins), so the sale stays paid meanwhile.
  in_mediation: "paid",
  rejected: "declined",
  // A boleto or Pix nobody paid before it expired (or a payment cancelled before any money moved).
  cancelled: "expired",
  // Whole amount back, from the store (refund-sale) or the acquirer's panel ("by_admin" too).
  refunded: "refunded",
  // Whatever its status_detail: in_process (the cardholder disputes it), settled (the money was
  // taken back) or reimbursed (the acquirer covered it): the purchase was disputed, and the
  // gestor reads the outcome in the acquirer's panel.
  charged_back: "charged_back",
} as const satisfies Record<string, GatewayStatus>;

export type MercadoPagoStatus = keyof typeof MERCADOPAGO_STATUSES;

/** The acquirer's word, or null for a status it does not document (never guessed). */
export function saleStatusOf(status: string): GatewayStatus | null {
  return Object.hasOwn(MERCADOPAGO_STATUSES, status) ? MERCADOPAGO_STATUSES[status as MercadoPagoStatus] : null;
}

/**
 * The sale's status for a payment's: an undocumented one reads as "pending", never paid nor
 * declined, so nothing is delivered or refused on a guess; the log line names it for the operator.
 */
export function saleStatusOrPending(payment: { id: string; status: string }): GatewayStatus {
  const status = saleStatusOf(payment.status);
  if (status) return status;
  // Only letters, digits and "_" of the acquirer's text, and not much of it: it goes to the log.
  const named = payment.status.replace(/[^\w]/g, "?").slice(0, 40);
  console.warn(
    `[pagamento] status "${named}" do pagamento ${payment.id} não documentado pelo Mercado Pago: tratado como pendente.`,
  );
  return "pending";
}

const GENERIC_DECLINE = "Pagamento recusado pela operadora do cartão. Confira os dados ou use outro cartão.";

/** Why a card was declined (`status_detail` of a rejected payment), for the customer. */
export const DECLINE_MESSAGES: Record<string, string> = {
  cc_rejected_insufficient_amount:
    "O cartão não tem limite suficiente para esta compra. Use outro cartão ou pague com boleto ou Pix.",
  cc_rejected_bad_filled_card_number: "O número do cartão não confere. Confira os dados do cartão e tente novamente.",
  cc_rejected_bad_filled_date:
    "A data de validade do cartão não confere. Confira os dados do cartão e tente novamente.",
  cc_rejected_bad_filled_security_code:
    "O código de segurança do cartão não confere. Confira os dados do cartão e tente novamente.",
  cc_rejected_bad_filled_other: "Algum dado do cartão não confere. Confira os dados do cartão e tente novamente.",
  cc_rejected_call_for_authorize:
    "A operadora do cartão pede que você autorize este pagamento. Ligue para a central do cartão e tente novamente.",
  cc_rejected_card_disabled:
    "O cartão não está ativo. Ligue para a central do cartão para ativá-lo ou use outro cartão.",
  cc_rejected_duplicated_payment:
    "Um pagamento deste mesmo valor acabou de ser feito com este cartão. Confira seus pedidos em Minha Conta.",
  cc_rejected_high_risk: "O pagamento foi recusado por segurança. Use outro cartão ou pague com boleto ou Pix.",
  cc_rejected_max_attempts: "O cartão atingiu o limite de tentativas. Use outro cartão ou pague com boleto ou Pix.",
  cc_rejected_blacklist:
    "O pagamento não pôde ser processado com este cartão. Use outro cartão ou pague com boleto ou Pix.",
  cc_rejected_invalid_installments: "O cartão não aceita esse número de parcelas. Escolha outro número de parcelas.",
  cc_rejected_card_type_not_allowed: "Este tipo de cartão não é aceito. Use um cartão de crédito.",
  cc_rejected_other_reason: GENERIC_DECLINE,
};

export function declineMessageOf(statusDetail: string | null | undefined): string {
  return statusDetail && Object.hasOwn(DECLINE_MESSAGES, statusDetail)
    ? DECLINE_MESSAGES[statusDetail]!
    : GENERIC_DECLINE;
}
