/**
 * The payment methods of spec §9, the one home of their codes and texts: the contract's calls,
 * the database's schema and seed, the payment form and the e-mails read them. Apart from the call
 * declarations so the browser's payment form can import it alone: no Zod here (its enum is
 * `paymentMethodCode` in api/contract/fields.ts; docs/decisions/0081-js-budget.md).
 */

/**
 * Spec §9: "0" boleto, "1" credit card, "2" free. "3" Pix is the bundled API's, beyond the spec
 * (docs/decisions/0022-pix.md); the spec's codes keep their meaning.
 */
export const PAYMENT_METHOD_CODES = { boleto: "0", credit: "1", free: "2", pix: "3" } as const;
export type PaymentMethodCode = (typeof PAYMENT_METHOD_CODES)[keyof typeof PAYMENT_METHOD_CODES];

/** Spec §9's method names, as the API answers them in paymentMethod.name. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethodCode, string> = {
  "0": "boleto",
  "1": "credito",
  "2": "gratuito",
  "3": "pix",
};

/**
 * What a person reads, by code: `option` where the method is chosen or confirmed (the
 * payment form, the purchase e-mail), `summary` in the order history and the receipts.
 */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodCode, { option: string; summary: string }> = {
  "0": { option: "Boleto Bancário", summary: "Boleto" },
  "1": { option: "Cartão de Crédito", summary: "Cartão de crédito" },
  "2": { option: "Gratuito", summary: "Gratuito" },
  "3": { option: "Pix", summary: "Pix" },
};
