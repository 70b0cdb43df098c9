/** The Pix forms and panels of /conclusao and /conta (docs/decisions/0022-pix.md): intents, texts, timings. */
import type { Sale } from "#api/contract/orders.ts";
import { PAYMENT_METHOD_CODES } from "#core/payment-methods.ts";

export const PIX_INTENTS = { sandboxPay: "sandbox-pay-pix", renew: "renew-pix" } as const;

export const PIX_TEXTS = {
  confirmed: "Pagamento confirmado",
  renewed: "Novo código Pix gerado.",
  sandboxPaid: "Pagamento Pix simulado no sandbox.",
  codeOver:
    "O prazo deste código Pix terminou. Estamos confirmando com o banco se ele foi pago; se não foi, você poderá gerar um novo código em instantes.",
} as const;

export const isPixSale = (sale: Pick<Sale, "paymentMethod">) => sale.paymentMethod.code === PAYMENT_METHOD_CODES.pix;

/**
 * A pending Pix whose code's time is over, not yet known to be expired or paid: the acquirer
 * reports it within minutes (the reconciliation asks every minute), and until then the page
 * says so instead of showing a code no bank would take.
 */
export const pixCodeOver = (sale: Sale, now = Date.now()) =>
  isPixSale(sale) && sale.status === "pending" && !!sale.pixExpiresAt && Date.parse(sale.pixExpiresAt) <= now;

/** A Pix sale whose code can be paid now: pending, with its code (the API sends it only then), before its expiry. */
export const payablePix = (sale: Sale, now = Date.now()) =>
  isPixSale(sale) && sale.status === "pending" && sale.pixCopyPaste && sale.pixExpiresAt && !pixCodeOver(sale, now)
    ? { copyPaste: sale.pixCopyPaste, expiresAt: sale.pixExpiresAt }
    : null;
