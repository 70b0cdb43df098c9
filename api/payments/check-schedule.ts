/**
 * How often the reconciliation asks the acquirer about one sale (docs/decisions/0018-payment-flow.md,
 * "Reconciliation"): often while an answer is due soon, rarely once it can only come late. The
 * interval grows with the sale's age, so a store with thousands of open boletos and paid sales
 * asks about each a few dozen times in all instead of every minute:
 *   - processing (a charge whose answer was lost) and pending Pix (payable for minutes): every run;
 *   - other pending sales (a boleto clears in up to 3 business days; a card under review in up
 *     to 2): a tenth of the sale's age, between a minute and an hour;
 *   - paid sales, for PAID_WATCH_DAYS after payment (a refund made in the acquirer's panel, a
 *     chargeback, whose lost webhook must not be lost news): a quarter of the time since
 *     payment, between an hour and a week;
 *   - expired boletos and Pix, for a while after they expired (EXPIRED_WATCH_MS): a boleto paid
 *     on its due date before a holiday may clear after the store's sweep, a Pix paid in its code's
 *     last second may be reported after it, and their one webhook may be lost. A quarter of the
 *     time since expiry: a boleto between an hour and 12 hours, a Pix between a minute and an hour;
 *   - anything else is final for the store and never asked about.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import { PAYMENT_METHOD_CODES, type PaymentMethodCode } from "#core/payment-methods.ts";
import type { SaleStatus } from "#core/sale-status.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long after its payment a sale can still change at the acquirer and is watched for it:
 * card networks give a cardholder up to 120 days (Visa, Mastercard) and some issuers 180 from
 * the purchase or the delivery to dispute a charge; a refund in the panel can come any time, but
 * is nearly always within weeks.
 */
export const PAID_WATCH_DAYS = 180;

/**
 * How long after it expired a boleto or a Pix sale is still asked about, by payment method: 10
 * days covers a boleto's clearing across a long holiday (its sale expires 3 days after the due
 * date already), 1 day a Pix that its payer's bank reports late.
 */
export const EXPIRED_WATCH_MS: Readonly<Partial<Record<PaymentMethodCode, number>>> = {
  [PAYMENT_METHOD_CODES.boleto]: 10 * DAY_MS,
  [PAYMENT_METHOD_CODES.pix]: DAY_MS,
};

export interface ScheduledSale {
  status: SaleStatus;
  payment_method_code: string;
  created_at: string;
  paid_at: string | null;
  /** The sale's last change of status (for an expired sale: when it expired); now when absent. */
  updated_at?: string;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** How long to wait before asking again about a sale in this state, asked (or changed) at `now`. */
export function checkDelayMs(sale: ScheduledSale, now: Date): number {
  if (sale.status === "processing") return MINUTE_MS;
  if (sale.status === "pending") {
    if (sale.payment_method_code === PAYMENT_METHOD_CODES.pix) return MINUTE_MS;
    return clamp((now.getTime() - Date.parse(sale.created_at)) / 10, MINUTE_MS, HOUR_MS);
  }
  if (sale.status === "expired") {
    const sinceExpiry = now.getTime() - Date.parse(sale.updated_at ?? now.toISOString());
    return sale.payment_method_code === PAYMENT_METHOD_CODES.pix
      ? clamp(sinceExpiry / 4, MINUTE_MS, HOUR_MS)
      : clamp(sinceExpiry / 4, HOUR_MS, 12 * HOUR_MS);
  }
  const paidAt = Date.parse(sale.paid_at ?? sale.created_at);
  return clamp((now.getTime() - paidAt) / 4, HOUR_MS, 7 * DAY_MS);
}

/** When the reconciliation may next ask about the sale (ISO instant), or null when it never will. */
export function nextCheckAt(sale: ScheduledSale, now: Date): string | null {
  const watched =
    sale.status === "processing" ||
    sale.status === "pending" ||
    sale.status === "paid" ||
    (sale.status === "expired" && Object.hasOwn(EXPIRED_WATCH_MS, sale.payment_method_code));
  if (!watched) return null;
  return new Date(now.getTime() + checkDelayMs(sale, now)).toISOString();
}

/** The oldest payment still watched for a refund or a chargeback (ISO instant). */
export function paidWatchStart(now: Date): string {
  return new Date(now.getTime() - PAID_WATCH_DAYS * DAY_MS).toISOString();
}

/** The oldest expiry still watched for a late payment, per payment method (ISO instants). */
export function expiredWatchStarts(now: Date): { paymentMethodCode: PaymentMethodCode; since: string }[] {
  return (Object.entries(EXPIRED_WATCH_MS) as [PaymentMethodCode, number][]).map(([paymentMethodCode, ms]) => ({
    paymentMethodCode,
    since: new Date(now.getTime() - ms).toISOString(),
  }));
}
