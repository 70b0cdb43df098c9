/**
 * The sale page's three actions (docs/decisions/0030-gestor-orders.md), one POST form each, told
 * apart by `intent` (convention 2). Each needs an explicit confirmation that works without
 * JavaScript: a ticked box for confirming and cancelling, a reason for the refund.
 */
import { z } from "zod";
import { refundReasonField } from "#api/contract/gestor/sales.ts";

export const SALE_INTENTS = ["confirm-payment", "cancel", "refund"] as const;
export type SaleIntent = (typeof SALE_INTENTS)[number];

const ticked = (message: string) => z.literal("on", { message });

export const CONFIRMATION_MESSAGES = {
  confirmPayment: "Marque a caixa para confirmar que o pagamento foi recebido.",
  cancel: "Marque a caixa para confirmar o cancelamento.",
} as const;

export const saleActionSchemas = {
  "confirm-payment": z.object({
    intent: z.literal("confirm-payment"),
    confirm: ticked(CONFIRMATION_MESSAGES.confirmPayment),
  }),
  cancel: z.object({ intent: z.literal("cancel"), confirm: ticked(CONFIRMATION_MESSAGES.cancel) }),
  // piecesReturned: the box "As peças voltaram…", shown only for a sale holding pieces (decision 0067).
  refund: z.object({
    intent: z.literal("refund"),
    reason: refundReasonField,
    piecesReturned: z.literal("on").optional(),
  }),
} satisfies Record<SaleIntent, z.ZodType>;

/** What the toast says after each action. */
export const SALE_ACTION_DONE: Record<SaleIntent, string> = {
  "confirm-payment": "Pagamento confirmado. O cliente recebe o e-mail de confirmação.",
  cancel: "Compra cancelada.",
  refund: "Compra estornada.",
};
