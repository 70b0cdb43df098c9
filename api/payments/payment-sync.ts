/**
 * The one home of what the acquirer's answer does to a sale (docs/decisions/0018-payment-flow.md),
 * used by the finish's record step, the reconciliation job and the gestor's refund. In one
 * transaction under the customer's lock:
 *   - processing → paid or pending: the cart is finished (its coupon use was counted at claim);
 *   - processing → declined: the cart stays open and the coupon use is given back;
 *   - pending → paid; expired → paid (a late payment: the coupon use is counted again);
 *   - pending → declined: the coupon use is given back and the cart, finished when the sale
 *     became pending, is open again, so the customer can buy it again (unless they have opened
 *     another cart since: that one is theirs, as the store keeps one open cart per customer);
 *   - pending → expired; paid → refunded, charged_back: the coupon use is given back;
 *   - anything else (the same state again, a "pending" after "paid", news of a declined attempt)
 *     changes nothing, so a repeated or late notification is harmless. Money for an attempt the
 *     store already declined, or for a sale the gestor cancelled, is not taken as a sale (the
 *     cart may have been bought again since): it is kept on the sale as an alert the gestor's
 *     list of sales shows, to refund it. Except a hosted-page attempt declined on a first card
 *     refusal whose cart still waits for it: money from a second card on that page is the
 *     purchase (declined → paid or pending, as from processing).
 * Wherever the coupon use is given back or counted again, so are the pieces and seats the sale
 * took (api/stock/sale-holds.ts); a refund returns pieces only when the gestor says so.
 * A processing sale whose acquirer answer is finally known also finishes the cart with any
 * other final state (expired, refunded, charged_back): the purchase happened and ended.
 * The customer's e-mail is queued in the same transaction (docs/decisions/0020-mail-outbox.md):
 * the purchase confirmation when a processing sale becomes paid or pending, "Pagamento
 * confirmado" when a pending or expired one becomes paid, "Pagamento não aprovado" when a pending
 * one (a card held for review) is declined.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import type { Kysely } from "kysely";
import { centsToReais, formatBRL } from "#core/money.ts";
import type { Database, SaleStatus } from "#db/schema.ts";
import { findOpenCart } from "../carts/repository.ts";
import { lockCustomer } from "../customers/customer-lock.ts";
import type { SaleStatusChange } from "../sales/sale-lifecycle.ts";
import { alertLinesWithoutStock, moveSaleHolds } from "../stock/sale-holds.ts";
import {
  enqueuePaymentConfirmedEmail,
  enqueuePaymentDeclinedEmail,
  enqueuePurchaseEmail,
} from "../sales/sale-emails.ts";
import type { OutboxDeps } from "../mail/mail-outbox.ts";
import type { GatewayStatus, PaymentState } from "./gateway.ts";
import { nextCheckAt } from "./check-schedule.ts";

export interface PaymentSyncDeps extends OutboxDeps {
  db: Kysely<Database>;
  /** For the links in the e-mails. */
  publicUrl: string;
  /** The store's WhatsApp when on (issue 31): the sale's messages go there too, to who opted in. */
  whatsapp?: { nudge?: () => void };
}

const MOVES: Partial<Record<SaleStatus, readonly GatewayStatus[]>> = {
  processing: ["paid", "pending", "declined", "expired", "refunded", "charged_back"],
  pending: ["paid", "declined", "expired", "refunded", "charged_back"],
  expired: ["paid"],
  paid: ["refunded", "charged_back"],
};

export function applyPaymentState(
  deps: PaymentSyncDeps,
  saleId: string,
  state: PaymentState,
  {
    byCharge = false,
    piecesReturned = false,
    onChange,
  }: {
    byCharge?: boolean;
    /**
     * A paid sale refunded or charged back: whether its pieces came back to the stock (the
     * gestor's refund says; news from the acquirer cannot know). Seats come back anyway.
     */
    piecesReturned?: boolean;
    /** Runs in the transaction of a change (the gestor's refund writes its audit entry there). */
    onChange?: (trx: Kysely<Database>, change: SaleStatusChange) => Promise<void>;
  } = {},
): Promise<SaleStatusChange | null> {
  return deps.db.transaction().execute(async (trx) => {
    const owner = await trx.selectFrom("sales").select("customer_id").where("id", "=", saleId).executeTakeFirst();
    if (!owner) return null;
    await lockCustomer(trx, owner.customer_id);
    // The hourly sweep (sale-lifecycle.ts) expires sales without the customer's lock: on
    // PostgreSQL it may change the sale between this transaction's read and its update. The
    // update is guarded by the status read; when it moved nothing, the sale is read again once
    // (read committed: the sweep's change is seen) and the move decided from what it is now.
    for (let read = 0; read < 2; read++) {
      const outcome = await applyOnce(trx, deps, saleId, state, byCharge, piecesReturned);
      if (outcome !== CHANGED_MEANWHILE) {
        if (outcome && onChange) await onChange(trx, outcome);
        return outcome;
      }
    }
    return null;
  });
}

/** The sale changed between its read and its update: nothing was written. */
const CHANGED_MEANWHILE = Symbol("changed meanwhile");

async function applyOnce(
  trx: Kysely<Database>,
  deps: PaymentSyncDeps,
  saleId: string,
  state: PaymentState,
  byCharge: boolean,
  piecesReturned: boolean,
): Promise<SaleStatusChange | null | typeof CHANGED_MEANWHILE> {
  const { now } = deps;
  const sale = await trx
    .selectFrom("sales")
    .select(["id", "reference_code", "status", "cart_id", "store_id", "customer_id", "coupon_code"])
    .select(["card_brand", "card_last4", "charging_until", "payment_method_code", "created_at", "total_cents"])
    .select("hosted_checkout_expires_at")
    .where("id", "=", saleId)
    .executeTakeFirstOrThrow();
  const at = now().toISOString();
  // A sale a request is charging right now is that request's to record: a reconciliation or a
  // notification that read the acquirer before the charge landed must not decline it.
  if (!byCharge && sale.status === "processing" && sale.charging_until && sale.charging_until > at) return null;
  // Mercado Pago's page lets the shopper try another card after a refusal: money for a hosted
  // attempt the store declined on that refusal is the purchase, while its cart still waits for
  // it (open, no other live sale). It moves as from "processing": cart finished, coupon use
  // counted again, the purchase e-mail (docs/decisions/0019-mercado-pago.md).
  const revived =
    sale.status === "declined" &&
    (state.status === "paid" || state.status === "pending") &&
    (await hostedAttemptAwaited(trx, sale));
  const from: SaleStatus = revived ? "processing" : sale.status;
  if (!(MOVES[from] ?? []).includes(state.status)) {
    const closed = sale.status === "declined" || sale.status === "cancelled";
    if (closed && (state.status === "paid" || state.status === "pending")) {
      // Money for an attempt the store declined, or a sale the gestor cancelled: the gestor
      // must refund it at the acquirer (0018).
      await recordAlert(trx, sale, lateMoneyAlert(sale.status, state));
    }
    return null;
  }
  // A payment is the sale's only for its total, in reais: another amount carrying the sale's
  // reference (a payment made by hand in the acquirer's panel, a tampered checkout) pays nothing.
  if (state.status === "paid" && !paysTotal(state, sale.total_cents)) {
    await recordAlert(trx, sale, wrongAmountAlert(state, sale.total_cents));
    return null;
  }
  const updated = await trx
    .updateTable("sales")
    .set({
      status: state.status,
      gateway_transaction_id: state.transactionId || null,
      charging_until: null,
      updated_at: at,
      ...(state.status === "paid" ? { paid_at: at } : {}),
      // The reconciliation's schedule starts again from the new state (check-schedule.ts).
      next_check_at: nextCheckAt(
        { ...sale, status: state.status, paid_at: state.status === "paid" ? at : null, updated_at: at },
        now(),
      ),
      ...(state.boleto
        ? {
            boleto_barcode: state.boleto.barcode,
            boleto_digitable_line: state.boleto.digitableLine,
            boleto_due_date: state.boleto.dueDate,
            boleto_pdf_url: state.boleto.pdfUrl,
          }
        : {}),
      ...(state.pix ? { pix_copy_paste: state.pix.copyPaste, pix_expires_at: state.pix.expiresAt } : {}),
      // Shown again when the shopper comes back from the acquirer's page (api/sales/payment-check.ts).
      ...(state.status === "declined" && state.message ? { decline_message: state.message } : {}),
      ...(state.card && !sale.card_last4 ? { card_brand: state.card.brand, card_last4: state.card.lastFour } : {}),
      ...(state.installments ? { installments: state.installments } : {}),
    })
    .where("id", "=", sale.id)
    .where("status", "=", sale.status)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return CHANGED_MEANWHILE;
  await trx.updateTable("sale_bags").set({ status: state.status }).where("sale_id", "=", sale.id).execute();
  if (from === "processing" && state.status !== "declined" && sale.cart_id) {
    await trx.updateTable("carts").set({ finished_at: at, updated_at: at }).where("id", "=", sale.cart_id).execute();
  }
  if (sale.status === "pending" && state.status === "declined") {
    if (sale.cart_id) await reopenCart(trx, sale, at);
    // The order the customer was told about leaves Minha Conta: they are told why.
    await enqueuePaymentDeclinedEmail(trx, deps, sale.id, state.message ?? null);
  }
  // Pieces of a sale never paid never left the school: they return on any end of it.
  const withoutStock = await moveSaleHolds(trx, sale, sale.status, state.status, at, {
    whatsapp: deps.whatsapp,
    piecesReturned: sale.status !== "paid" || piecesReturned,
  });
  await alertLinesWithoutStock(trx, sale, withoutStock);
  if (from === "processing" && (state.status === "paid" || state.status === "pending"))
    await enqueuePurchaseEmail(trx, deps, sale.customer_id, sale.id);
  else if (state.status === "paid") await enqueuePaymentConfirmedEmail(trx, deps, sale.id);
  return { saleId: sale.id, referenceCode: sale.reference_code, from: sale.status, to: state.status };
}

/** The acquirer's amount and currency, where it tells them, are the sale's total in reais. */
function paysTotal(state: PaymentState, totalCents: number): boolean {
  return (
    (state.amountCents === undefined || state.amountCents === totalCents) &&
    (state.currency === undefined || state.currency === "BRL")
  );
}

/** Kept on the sale for the gestor's list of sales (0018), and logged. */
async function recordAlert(
  trx: Kysely<Database>,
  sale: { id: string; reference_code: string },
  alert: string,
): Promise<void> {
  console.error(`[pagamento] ALERTA: compra ${sale.reference_code} (venda ${sale.id}): ${alert}`);
  await trx.updateTable("sales").set({ acquirer_alert: alert }).where("id", "=", sale.id).execute();
}

function wrongAmountAlert(state: PaymentState, totalCents: number): string {
  const amount = state.amountCents === undefined ? "" : ` de ${formatBRL(centsToReais(state.amountCents))}`;
  const currency = state.currency && state.currency !== "BRL" ? ` em ${state.currency}` : "";
  return (
    `A operadora recebeu o pagamento ${state.transactionId}${amount}${currency} com a referência desta compra, ` +
    `cujo total é ${formatBRL(centsToReais(totalCents))}: a compra não foi dada como paga. Confira pelo painel da operadora.`
  );
}

/** What the gestor reads on a declined attempt or a cancelled sale the acquirer reports money for (0018). */
function lateMoneyAlert(status: SaleStatus, state: PaymentState): string {
  const what = state.status === "paid" ? "recebeu o pagamento" : "tem um pagamento pendente";
  const payment = state.transactionId ? ` ${state.transactionId}` : "";
  const sale = status === "cancelled" ? "desta compra cancelada" : "desta tentativa recusada";
  return `A operadora ${what}${payment} ${sale}: estorne ou cancele pelo painel da operadora.`;
}

/**
 * A declined attempt on the acquirer's hosted page whose cart still waits for it: the cart is
 * open and no other sale of it is live, so nothing else was bought with it since.
 */
async function hostedAttemptAwaited(
  trx: Kysely<Database>,
  sale: { id: string; cart_id: string | null; hosted_checkout_expires_at: string | null },
): Promise<boolean> {
  if (!sale.cart_id || sale.hosted_checkout_expires_at === null) return false;
  const cart = await trx
    .selectFrom("carts")
    .select("id")
    .where("id", "=", sale.cart_id)
    .where("finished_at", "is", null)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!cart) return false;
  const other = await trx
    .selectFrom("sales")
    .select("id")
    .where("cart_id", "=", sale.cart_id)
    .where("id", "!=", sale.id)
    .where("status", "in", ["processing", "pending", "paid"])
    .executeTakeFirst();
  return !other;
}

/**
 * The cart of a sale declined after it was pending, open again with what it held (its coupon
 * too), unless the customer has another open cart in the store by now: one open cart each.
 */
async function reopenCart(
  trx: Kysely<Database>,
  sale: { cart_id: string | null; customer_id: string; store_id: number },
  at: string,
): Promise<void> {
  if (!sale.cart_id || (await findOpenCart(trx, sale.customer_id, sale.store_id))) return;
  await trx
    .updateTable("carts")
    .set((eb) => ({ finished_at: null, updated_at: at, version: eb("version", "+", 1) }))
    .where("id", "=", sale.cart_id)
    .where("deleted_at", "is", null)
    .execute();
}
