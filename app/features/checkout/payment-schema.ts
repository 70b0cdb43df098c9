/**
 * The payment form of the checkout's step 3 (spec §2 payment form, §4 payment method and
 * terms, §5 card and terms): one schema for the browser and the action. The card rules
 * themselves live in core/card.ts; the instalment limit comes from core/installments.ts.
 */
import { z } from "zod";
import { FINISH_CART_MESSAGES } from "#api/contract/carts.ts";
import { PAYMENT_METHOD_CODES, type PaymentMethodCode } from "#core/payment-methods.ts";
import { paymentMethodCode } from "#api/contract/fields.ts";
import {
  CARD_FIELD_MESSAGES,
  CARD_FORM_MESSAGE,
  checkInstallments,
  validateCardForm,
  type ValidCard,
} from "#core/card.ts";

export const PAYMENT_MESSAGES = {
  termsNotAccepted: FINISH_CART_MESSAGES.termsNotAccepted,
  methodRequired: FINISH_CART_MESSAGES.methodRequired,
  freeOnlyAtZero: FINISH_CART_MESSAGES.freeOnlyAtZero,
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
  /**
   * The card is typed on the acquirer's forms, never the store's (docs/decisions/0019-mercado-pago.md):
   * the form carries only the instalments and, with JavaScript, the browser's token of the card.
   */
  acquirerCard?: boolean;
}

/** A card the acquirer takes on its own forms: its token from the browser, or none (its hosted page). */
export interface AcquirerCard {
  installments: number;
  token: { token: string; paymentMethodId: string; issuerId?: string } | null;
}

const text = z.string().trim().max(64).optional();

/** The acquirer card's part of the form, or null when the card is typed here (or not chosen). */
function acquirerCardOf(
  value: { installments?: string; cardToken?: string; cardPaymentMethodId?: string; cardIssuerId?: string },
  maxInstallments: number,
): AcquirerCard | null {
  const installments = checkInstallments(value.installments, maxInstallments);
  if (installments === null) return null;
  if (!value.cardToken) return { installments, token: null };
  if (!value.cardPaymentMethodId) return null;
  const token = {
    token: value.cardToken,
    paymentMethodId: value.cardPaymentMethodId,
    ...(value.cardIssuerId ? { issuerId: value.cardIssuerId } : {}),
  };
  return { installments, token };
}

export function paymentSchema({
  total,
  maxInstallments,
  now,
  settledCart = false,
  acquirerCard = false,
}: PaymentContext) {
  return z
    .object({
      paymentMethod: z.enum(paymentMethodCode.options, { message: PAYMENT_MESSAGES.methodRequired }),
      holder: text,
      number: text,
      expiry: text,
      cvc: text,
      installments: text,
      // Filled by the acquirer's SDK in the browser (payment-form.tsx), never typed.
      cardToken: z.string().trim().max(128).optional(),
      cardPaymentMethodId: text,
      cardIssuerId: text,
      terms: z.literal("on", { message: PAYMENT_MESSAGES.termsNotAccepted }).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.terms !== "on")
        ctx.addIssue({ code: "custom", path: ["terms"], message: PAYMENT_MESSAGES.termsNotAccepted });
      if (settledCart) return;
      const free = total === 0;
      if (free !== (value.paymentMethod === PAYMENT_METHOD_CODES.free)) {
        ctx.addIssue({
          code: "custom",
          path: ["paymentMethod"],
          message: free ? PAYMENT_MESSAGES.methodRequired : PAYMENT_MESSAGES.freeOnlyAtZero,
        });
      }
      if (value.paymentMethod !== PAYMENT_METHOD_CODES.credit) return;
      if (acquirerCard) {
        if (acquirerCardOf(value, maxInstallments)) return;
        ctx.addIssue({ code: "custom", path: ["installments"], message: CARD_FIELD_MESSAGES.installments });
        ctx.addIssue({ code: "custom", path: [], message: CARD_FORM_MESSAGE });
        return;
      }
      const card = validateCardForm(value, { now, maxInstallments });
      if (card.ok) return;
      for (const [field, message] of Object.entries(card.errors))
        ctx.addIssue({ code: "custom", path: [field], message });
      ctx.addIssue({ code: "custom", path: [], message: CARD_FORM_MESSAGE });
    })
    .transform(
      (value): { paymentMethod: PaymentMethodCode; card: ValidCard | null; acquirerCard: AcquirerCard | null } => {
        const credit = value.paymentMethod === PAYMENT_METHOD_CODES.credit && !settledCart;
        const checked = credit && !acquirerCard ? validateCardForm(value, { now, maxInstallments }) : null;
        return {
          paymentMethod: value.paymentMethod,
          card: checked?.ok ? checked.card : null,
          acquirerCard: credit && acquirerCard ? acquirerCardOf(value, maxInstallments) : null,
        };
      },
    );
}
