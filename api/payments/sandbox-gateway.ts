/**
 * The sandbox gateway, the default: no money moves. Cards answer by number (README
 * "Cartões de teste"); boletos are real FEBRABAN boletos of a sandbox bank (999) that stay
 * pending; free orders are paid at once.
 */
import { addDays, todayInBrazil } from "#app/lib/dates.ts";
import { createBoleto } from "./boleto.ts";
import type { ChargeRequest, PaymentGateway, PaymentState } from "./gateway.ts";

/** Numbers that decline or stay under review; any other valid card is approved. */
export const SANDBOX_CARDS = {
  approved: [
    "4111111111111111",
    "5555555555554444",
    "378282246310005",
    "6062825624254001",
    "5067230000000002",
    "36490102462661",
  ],
  declined: ["4000000000000002", "5105105105105100"],
  pending: ["4000000000000010"],
} as const;

export const SANDBOX_DECLINE_MESSAGE =
  "Pagamento recusado pela operadora do cartão. Confira os dados ou use outro cartão.";

/** Days a boleto has to be paid, counted from the purchase. */
export const BOLETO_DAYS_TO_PAY = 3;

export function createSandboxGateway(): PaymentGateway {
  return {
    name: "sandbox",
    // The sandbox keeps nothing: nothing to find, and a refund is only recorded.
    findBySaleId: () => Promise.resolve(null),
    refund: ({ transactionId }) => Promise.resolve({ status: "refunded", transactionId }),
    async charge(request: ChargeRequest): Promise<PaymentState> {
      const transactionId = `sandbox-${request.saleId}`;
      if (request.method === "free") return { status: "paid", transactionId };
      if (request.method === "boleto") {
        const boleto = createBoleto({
          referenceNumber: request.referenceCode,
          amountCents: request.amountCents,
          dueDate: addDays(todayInBrazil(request.now), BOLETO_DAYS_TO_PAY),
        });
        return {
          status: "pending",
          transactionId,
          boleto: {
            barcode: boleto.barcode,
            digitableLine: boleto.digitableLine,
            dueDate: boleto.dueDate,
            pdfUrl: null,
          },
        };
      }
      const number = request.card?.kind === "typed" ? request.card.number : "";
      if ((SANDBOX_CARDS.declined as readonly string[]).includes(number)) {
        return { status: "declined", transactionId, message: SANDBOX_DECLINE_MESSAGE };
      }
      if ((SANDBOX_CARDS.pending as readonly string[]).includes(number)) return { status: "pending", transactionId };
      return { status: "paid", transactionId };
    },
  };
}
