/**
 * How the order history, the receipts and the gestor's reports read a sale (spec §9 payment
 * methods; sale statuses are the bundled API's).
 */
import { PAYMENT_METHOD_LABELS, type PaymentMethodCode } from "./payment-methods.ts";
import type { SaleStatus } from "./sale-status.ts";
import { STORE_TIME_ZONE } from "./dates.ts";

/** How receipts, e-mails and reports name a material list's discount (docs/decisions/0072). */
export const LIST_DISCOUNT_LABEL = "Desconto da lista completa";

export const SALE_STATUS_LABELS: Record<SaleStatus, string> = {
  processing: "Pagamento em processamento",
  pending: "Aguardando pagamento",
  paid: "Pago",
  declined: "Recusado",
  cancelled: "Cancelado",
  expired: "Expirado",
  refunded: "Estornado",
  charged_back: "Contestado",
};

/** A status another API may send that the store does not know reads as it came. */
export function saleStatusLabel(status: string): string {
  return SALE_STATUS_LABELS[status as SaleStatus] ?? status;
}

/** How the order history and the receipts name a method; an unknown code reads as it came. */
export function paymentMethodLabel(code: string): string {
  return PAYMENT_METHOD_LABELS[code as PaymentMethodCode]?.summary ?? code;
}

const dateParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: STORE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * "dd/mm/aaaa" in the store's time zone, assembled by hand so server and browser
 * print the same text; an unreadable date prints as it came.
 */
export function formatSaleDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(dateParts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year}`;
}
