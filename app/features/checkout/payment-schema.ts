/**
 * The payment form of the checkout's step 3 (spec §2 payment form, §4 payment method and
 * terms, §5 card and terms): one schema for the browser and the action. The card rules
 * themselves live in app/lib/card.ts; the instalment limit comes from app/lib/installments.ts.
 */
import { z } from "zod";
import { CARD_FORM_MESSAGE, validateCardForm, type ValidCard } from "#app/lib/card.ts";

export const PAYMENT_METHOD_CODES = { boleto: "0", credit: "1", free: "2" } as const;
export type PaymentMethodCode = (typeof PAYMENT_METHOD_CODES)[keyof typeof PAYMENT_METHOD_CODES];

export const PAYMENT_MESSAGES = {
  termsNotAccepted: "Termos não Aceitos: É necessário aceitar os termos de uso para prosseguir com o pagamento.",
  methodRequired: "Escolha a forma de pagamento.",
  freeOnlyAtZero: "A opção Gratuito vale só para pedidos de total R$ 0,00.",
  cardForm: CARD_FORM_MESSAGE,
} as const;

/** The method the page offers first (spec §4): gratuito alone at 0.00, otherwise boleto. */
export function defaultPaymentMethod(total: number): PaymentMethodCode {
  return total === 0 ? PAYMENT_METHOD_CODES.free : PAYMENT_METHOD_CODES.boleto;
}

export interface PaymentContext {
  /** The cart's total in reais, after the coupon (from the store API). */
  total: number;
  /** cartInstallments of the cart. */
  maxInstallments: number;
  now?: Date;
  /**
   * The cart the page showed is no longer open (paid by an earlier submit, or deleted):
   * only the terms are checked, and the store API answers what became of it.
   */
  settledCart?: boolean;
}

const text = z.string().trim().max(64).optional();

export function paymentSchema({ total, maxInstallments, now, settledCart = false }: PaymentContext) {
  return z
    .object({
      paymentMethod: z.enum(["0", "1", "2"], { message: PAYMENT_MESSAGES.methodRequired }),
      holder: text,
      number: text,
      expiry: text,
      cvc: text,
      installments: text,
      terms: z.literal("on", { message: PAYMENT_MESSAGES.termsNotAccepted }).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.terms !== "on") ctx.addIssue({ code: "custom", path: ["terms"], message: PAYMENT_MESSAGES.termsNotAccepted });
      if (settledCart) return;
      const free = total === 0;
      if (free !== (value.paymentMethod === PAYMENT_METHOD_CODES.free)) {
        ctx.addIssue({ code: "custom", path: ["paymentMethod"], message: free ? PAYMENT_MESSAGES.methodRequired : PAYMENT_MESSAGES.freeOnlyAtZero });
      }
      if (value.paymentMethod !== PAYMENT_METHOD_CODES.credit) return;
      const card = validateCardForm(value, { now, maxInstallments });
      if (card.ok) return;
      for (const [field, message] of Object.entries(card.errors)) ctx.addIssue({ code: "custom", path: [field], message });
      ctx.addIssue({ code: "custom", path: [], message: CARD_FORM_MESSAGE });
    })
    .transform((value): { paymentMethod: PaymentMethodCode; card: ValidCard | null } => {
      const checked =
        value.paymentMethod === PAYMENT_METHOD_CODES.credit && !settledCart ? validateCardForm(value, { now, maxInstallments }) : null;
      return { paymentMethod: value.paymentMethod, card: checked?.ok ? checked.card : null };
    });
}
