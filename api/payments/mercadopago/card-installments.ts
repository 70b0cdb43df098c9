/**
 * Which instalments a card may be charged in with Mercado Pago (decision 0046): the counts the
 * store offers for the cart (spec §9, core/installments.ts) that Mercado Pago also allows for
 * that card and amount without interest for the buyer. One home for the browser's payment step
 * (MercadoPago.js getPaymentMethods and getInstallments) and the store API's charge (the REST
 * API's /v1/payment_methods/installments), so what the page offers is what the charge accepts.
 */

/** Mercado Pago's payment_type_id of a credit card (a BIN may also answer "debit_card", "prepaid_card"). */
export const CREDIT_CARD_TYPE = "credit_card";

/** One count of Mercado Pago's payer_costs: installment_rate is the buyer's interest, 0 when none. */
export interface PayerCost {
  installments: number;
  installment_rate: number;
}

export const CARD_INSTALLMENT_MESSAGES = {
  notCredit: "Este cartão não é de crédito. Use um cartão de crédito ou pague com boleto ou Pix.",
  unknown: "O Mercado Pago não informou as parcelas deste cartão. Tente de novo em instantes ou pague à vista.",
} as const;

/** Why a count cannot be charged on this card: the most it allows without interest. */
export function countNotAllowedMessage(allowed: readonly number[]): string {
  const most = Math.max(1, ...allowed);
  return most === 1
    ? "Com este cartão, esta compra só pode ser paga à vista (1x) sem juros. Escolha 1x."
    : `Com este cartão, esta compra pode ser parcelada em até ${most}x sem juros. Escolha até ${most} parcelas.`;
}

/**
 * The first credit-card method of a BIN lookup. One card number may answer several methods (a
 * card that is both debit and credit, a prepaid card): the first is not always the credit one.
 */
export function creditMethodOf<T extends { payment_type_id?: string | null }>(methods: readonly T[]): T | undefined {
  return methods.find((method) => method.payment_type_id === CREDIT_CARD_TYPE);
}

/** The counts of 1 … storeMax that the card allows without interest for the buyer, ascending. */
export function interestFreeCounts(payerCosts: readonly PayerCost[], storeMax: number): number[] {
  const free = new Set(
    payerCosts.filter((cost) => cost.installment_rate === 0).map((cost) => Math.trunc(cost.installments)),
  );
  return [...free].filter((count) => count >= 1 && count <= storeMax).sort((a, b) => a - b);
}
