/** The Pix forms and panels of /conclusao and /conta (docs/decisions/0022-pix.md): intents, texts, timings. */
import type { Sale } from "#api/contract/orders.ts";
import { PAYMENT_METHOD_CODES } from "#api/contract/payment-methods.ts";

export const PIX_INTENTS = { sandboxPay: "sandbox-pay-pix", renew: "renew-pix" } as const;

export const PIX_TEXTS = {
  confirmed: "Pagamento confirmado",
  renewed: "Novo código Pix gerado.",
  sandboxPaid: "Pagamento Pix simulado no sandbox.",
} as const;

export const isPixSale = (sale: Pick<Sale, "paymentMethod">) => sale.paymentMethod.code === PAYMENT_METHOD_CODES.pix;

/** A Pix sale whose code can be paid now: pending, with its code (the API sends it only then). */
export const payablePix = (sale: Sale) =>
  isPixSale(sale) && sale.status === "pending" && sale.pixCopyPaste && sale.pixExpiresAt
    ? { copyPaste: sale.pixCopyPaste, expiresAt: sale.pixExpiresAt }
    : null;
