import { z } from "zod";
import { INSTALLMENT_TEXTS } from "#app/lib/installments.ts";
import { PAYMENT_MESSAGES } from "#app/features/checkout/payment-schema.ts";

export const FINISH_MESSAGES = {
  methodRequired: PAYMENT_MESSAGES.methodRequired,
  termsNotAccepted: PAYMENT_MESSAGES.termsNotAccepted,
  installmentsInvalid: INSTALLMENT_TEXTS.choose,
  emptyCart: "Seu carrinho está vazio.",
  studentMissing: "Selecione o estudante de cada item do carrinho.",
  freeOnlyAtZero: PAYMENT_MESSAGES.freeOnlyAtZero,
  zeroMustBeFree: "Pedidos de total R$ 0,00 são finalizados como Gratuito.",
  unavailable: "Um item do carrinho não está mais à venda. Remova-o para continuar.",
  declined: "Pagamento recusado pela operadora do cartão. Confira os dados ou use outro cartão.",
  gatewayDown: "Não foi possível processar o pagamento agora. Nada foi cobrado: tente novamente em instantes.",
} as const;

const cardText = z.string().trim().max(64).optional();

/**
 * PUT /carts/finish-cart-by-customer/…: spec §7's body. The card fields matter for
 * method 1 only and are checked there (app/lib/card.ts); prices and totals are never read.
 */
export const finishPayloadSchema = z.object({
  paymentMethodId: z.coerce
    .number({ message: FINISH_MESSAGES.methodRequired })
    .int({ message: FINISH_MESSAGES.methodRequired })
    .positive({ message: FINISH_MESSAGES.methodRequired }),
  acceptedTerms: z.literal(true, { message: FINISH_MESSAGES.termsNotAccepted }),
  deliveryDate: z.string().max(40).nullable().optional(),
  installments: z.coerce
    .number({ message: FINISH_MESSAGES.installmentsInvalid })
    .int({ message: FINISH_MESSAGES.installmentsInvalid })
    .min(1, { message: FINISH_MESSAGES.installmentsInvalid })
    .max(99, { message: FINISH_MESSAGES.installmentsInvalid })
    .optional(),
  brand: cardText,
  cardNumber: cardText,
  expirationDate: cardText,
  cvv: cardText,
  holder: cardText,
});

export type FinishPayloadData = z.infer<typeof finishPayloadSchema>;
