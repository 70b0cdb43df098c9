/**
 * "How is my payment?" for one of the customer's own sales (docs/decisions/0019-mercado-pago.md),
 * asked by /conclusao when the shopper comes back from the acquirer's page and while a payment is
 * in processing: a sale still being paid is asked about at the acquirer now and its answer
 * recorded by applyPaymentState (the one home of the transitions), without waiting for the
 * webhook or the minute's reconciliation. Declined attempts answer too, with their reason: the
 * shopper who just typed a refused card must read why. Another customer's sale is 404.
 */
import { FINISH_MESSAGES } from "../carts/claim-sale.ts";
import { SALE_NOT_FOUND, type SalePaymentReply } from "../contract/orders.ts";
import { PAYMENT_METHOD_CODES } from "#core/payment-methods.ts";
import type { CustomerRow } from "../customers/repository.ts";
import type { ApiDeps } from "../deps.ts";
import { notFound } from "../errors.ts";
import { hostedCheckoutOpen, settleProcessingSale } from "../payments/hosted-checkout.ts";
import { hitRateLimit } from "../rate-limit.ts";

/**
 * Asks at the acquirer per customer and minute: an open /conclusao asks every few seconds while a
 * payment is processing; more than this is a loop or a script, answered from what is recorded.
 */
export const PAYMENT_CHECKS = { name: "payment-checks", limit: 30, windowMs: 60_000 };

async function ownSale(deps: ApiDeps, customer: CustomerRow, storeId: number, saleId: string) {
  const sale = await deps.db
    .selectFrom("sales")
    .select(["id", "status", "payment_method_code", "charging_until", "decline_message"])
    .select(["hosted_checkout_url", "hosted_checkout_expires_at"])
    .where("id", "=", saleId)
    .where("customer_id", "=", customer.id)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  if (!sale) throw notFound(SALE_NOT_FOUND);
  return sale;
}

export async function checkSalePayment(
  deps: ApiDeps,
  customer: CustomerRow,
  storeId: number,
  saleId: string,
): Promise<SalePaymentReply["payment"]> {
  let sale = await ownSale(deps, customer, storeId, saleId.slice(0, 64));
  const now = deps.now().toISOString();
  // A charge in progress is its request's to record (0018); a pending boleto or Pix is paid at a
  // bank, days or minutes later, and its news comes by webhook and reconciliation.
  // A card refused on the acquirer's page while that page still takes another card: the shopper
  // may be back from paying with a second one (payment-sync.ts).
  const pageStillOpen = sale.status === "declined" && hostedCheckoutOpen(sale, deps.now());
  const beingPaid =
    (sale.status === "processing" && !(sale.charging_until && sale.charging_until > now)) ||
    (sale.status === "pending" && sale.payment_method_code === PAYMENT_METHOD_CODES.credit) ||
    pageStillOpen;
  let acquirerHasNone = false;
  if (beingPaid && (await hitRateLimit(deps, PAYMENT_CHECKS, customer.id))) {
    acquirerHasNone = (await settleProcessingSale(deps, sale)) === null;
    sale = await ownSale(deps, customer, storeId, sale.id);
  }
  // Back from the acquirer's page without paying: nothing to wait for but the shopper.
  const unpaidPage = acquirerHasNone && sale.status === "processing" && hostedCheckoutOpen(sale, deps.now());
  return {
    saleId: sale.id,
    status: sale.status,
    message: sale.status === "declined" ? (sale.decline_message ?? FINISH_MESSAGES.declined) : null,
    ...(unpaidPage ? { paymentPageUrl: sale.hosted_checkout_url } : {}),
  };
}
