/**
 * The gestor's actions on sales (spec §6: server side only; docs/decisions/0010): confirm a
 * payment that arrived outside the gateway, cancel an unpaid sale (at the gateway first), refund
 * a paid one, find a customer's sales. Each action writes its audit entry in its own
 * transaction (docs/decisions/0028-gestor-area.md): the area's staff, or the command line.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only
 * syntax, no api/errors.ts.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { REFUND_REASON_MAX, REFUND_REASON_MESSAGE, REFUND_REASON_MIN } from "#api/contract/gestor/refund-reason.ts";
import type { Database, SaleStatus } from "#db/schema.ts";
import { lockCustomer } from "../../customers/customer-lock.ts";
import {
  enqueuePaymentConfirmedEmail,
  enqueueSaleCancelledEmail,
  enqueueSaleRefundedEmail,
} from "../../sales/sale-emails.ts";
import { setStatus, type LifecycleDeps, type SaleStatusChange } from "../../sales/sale-lifecycle.ts";
import { alertLinesWithoutStock, releaseSaleHolds, retakeSaleHolds } from "../../stock/sale-holds.ts";
import { saleStatusLabel } from "#core/sales.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { GestorError } from "../gestor-error.ts";
import type { PaymentGateway, PaymentState } from "../../payments/gateway.ts";
import { applyPaymentState, type PaymentSyncDeps } from "../../payments/payment-sync.ts";

function findSale(db: Kysely<Database>, saleId: string) {
  return db
    .selectFrom("sales")
    .select(["id", "reference_code", "status", "store_id", "customer_id", "coupon_code", "gateway_transaction_id"])
    .where("id", "=", saleId)
    .executeTakeFirst();
}

/** The sale, read again under its customer's lock, so a checkout or another gestor command cannot interleave. */
async function saleForUpdate(db: Kysely<Database>, saleId: string) {
  const found = await findSale(db, saleId);
  if (found) await lockCustomer(db, found.customer_id);
  const sale = found && (await findSale(db, saleId));
  if (!sale) throw new GestorError(`Compra ${saleId} não encontrada.`);
  return sale;
}

/**
 * The sale's status written only if it is still `from`: the hourly sweep changes sales without
 * the customer's lock (sale-lifecycle.ts), so on PostgreSQL the sale read under the lock may
 * have changed since. Then nothing is written and the gestor is told to try again. Answers the
 * change made, as the command replies it and the audit log keeps it.
 */
async function moveSale(
  trx: Kysely<Database>,
  sale: { id: string; reference_code: string; status: SaleStatus },
  to: SaleStatus,
  at: string,
): Promise<SaleStatusChange> {
  if (!(await setStatus(trx, [sale.id], to, at, { from: sale.status }))) {
    throw new GestorError(
      `A compra ${sale.reference_code} mudou de situação enquanto era alterada: nada mudou; confira a compra e tente de novo.`,
    );
  }
  return { saleId: sale.id, referenceCode: sale.reference_code, from: sale.status, to };
}

/** Nobody paid it (yet): the gestor may confirm a payment made elsewhere, or cancel it. */
export const isUnpaid = (status: SaleStatus) => status === "pending" || status === "expired";

/** Money went through the gateway for it: the gestor may refund it there. */
export const isRefundable = <
  T extends { status: SaleStatus; total_cents: number; gateway_transaction_id: string | null },
>(
  sale: T,
): sale is T & { gateway_transaction_id: string } =>
  sale.status === "paid" && sale.total_cents > 0 && sale.gateway_transaction_id !== null;

/** A status as the gestor reads it: "Aguardando pagamento". */
const statusOf = (status: SaleStatus) => `"${saleStatusLabel(status)}"`;

function assertCancellable(sale: { reference_code: string; status: SaleStatus }): void {
  if (isUnpaid(sale.status)) return;
  throw new GestorError(
    sale.status === "paid"
      ? `A compra ${sale.reference_code} está paga: ela não pode ser cancelada, só estornada.`
      : `A compra ${sale.reference_code} está ${statusOf(sale.status)} e não pode ser cancelada.`,
  );
}

/**
 * The payment cancelled at the acquirer first, or the boleto or Pix would stay payable there and
 * its money come for a sale the store no longer sells (docs/decisions/0018-payment-flow.md,
 * "Cancelling"). Anything but a confirmed cancellation stops the command with nothing changed.
 */
async function cancelAtAcquirer(
  gateway: PaymentGateway,
  sale: { id: string; reference_code: string; gateway_transaction_id: string | null },
): Promise<void> {
  // No payment was ever made at the acquirer for it: nothing there can be paid.
  if (!sale.gateway_transaction_id) return;
  let state: PaymentState;
  try {
    state = await gateway.cancel({ saleId: sale.id, transactionId: sale.gateway_transaction_id });
  } catch (error) {
    // The gateways' messages name the operation and the HTTP status only, never the request.
    const reason = error instanceof Error ? ` (${error.message})` : "";
    throw new GestorError(
      `A operadora não cancelou o pagamento da compra ${sale.reference_code}${reason}: nada mudou na loja. ` +
        "Tente de novo mais tarde; se a compra foi paga, reconcile-payments registra o pagamento.",
    );
  }
  if (state.status !== "expired" && state.status !== "declined") {
    throw new GestorError(
      `A operadora informa o pagamento da compra ${sale.reference_code} como "${state.status}": ele não foi cancelado e nada mudou na loja. ` +
        "Rode reconcile-payments para registrar a situação da operadora.",
    );
  }
}

/**
 * The gestor cancels a sale nobody paid (pending or expired): at the acquirer first, then in the
 * store, where its coupon use is given back, and the customer's "Pedido cancelado" e-mail is
 * queued. A paid sale is refunded instead (refund-sale).
 */
export async function cancelSale(
  deps: LifecycleDeps & { gateway: PaymentGateway },
  saleId: string,
  actor: AuditActor,
): Promise<SaleStatusChange> {
  const { db, now } = deps;
  const found = await findSale(db, saleId);
  if (!found) throw new GestorError(`Compra ${saleId} não encontrada.`);
  assertCancellable(found);
  // Outside any transaction: the acquirer may be slow, and the customer's lock must not wait on it.
  await cancelAtAcquirer(deps.gateway, found);
  return db.transaction().execute(async (trx) => {
    const sale = await saleForUpdate(trx, saleId);
    assertCancellable(sale);
    const at = now().toISOString();
    const change = await moveSale(trx, sale, "cancelled", at);
    await releaseSaleHolds(trx, [sale.id], at, { whatsapp: deps.whatsapp });
    // The customer hears of it from the same transaction (docs/decisions/0020-mail-outbox.md).
    await enqueueSaleCancelledEmail(trx, deps, sale.id);
    await auditChange(
      trx,
      actor,
      change,
      { action: "sale.cancel", summary: `Cancelou a compra ${sale.reference_code}` },
      now(),
    );
    return change;
  });
}

/**
 * The gestor records a payment that reached the store outside the gateway (a boleto paid
 * late, a card review approved by phone): pending or expired → paid. An expired sale had
 * given its coupon and stock back; they are taken again (the stock where still available).
 * The customer's "Pagamento confirmado" e-mail is queued in the same transaction
 * (docs/decisions/0020-mail-outbox.md).
 */
export function confirmSalePayment(
  deps: LifecycleDeps & { publicUrl: string },
  saleId: string,
  actor: AuditActor,
): Promise<SaleStatusChange> {
  const { db, now } = deps;
  return db.transaction().execute(async (trx) => {
    const sale = await saleForUpdate(trx, saleId);
    if (!isUnpaid(sale.status)) {
      throw new GestorError(
        `A compra ${sale.reference_code} está ${statusOf(sale.status)}: só uma compra aguardando pagamento ou expirada pode ser confirmada.`,
      );
    }
    const at = now().toISOString();
    const change = await moveSale(trx, sale, "paid", at);
    // An expired sale had given back its coupon use and stock: taken again where still there; the
    // lines sold meanwhile are shown on the sale (docs/decisions/0067-stock-and-seats.md).
    if (sale.status === "expired") await alertLinesWithoutStock(trx, sale, await retakeSaleHolds(trx, sale, at));
    await enqueuePaymentConfirmedEmail(trx, deps, sale.id);
    await auditChange(
      trx,
      actor,
      change,
      { action: "sale.confirm-payment", summary: `Confirmou o pagamento da compra ${sale.reference_code}` },
      now(),
    );
    return change;
  });
}

/** The audit entry of a status change: the status before and after, and anything the action adds (a reason). */
function auditChange(
  trx: Kysely<Database>,
  actor: AuditActor,
  change: SaleStatusChange,
  { action, summary, reason }: { action: string; summary: string; reason?: string },
  at: Date,
): Promise<void> {
  return recordAudit(
    trx,
    actor,
    {
      action,
      targetType: "sale",
      targetId: change.saleId,
      summary,
      before: { status: change.from },
      after: reason === undefined ? { status: change.to } : { status: change.to, reason },
    },
    at,
  );
}

/**
 * The gestor refunds a paid sale through the acquirer (docs/decisions/0018-payment-flow.md):
 * the whole amount, with a key derived from the sale so a repeated command refunds once; the
 * sale becomes "refunded", gives its coupon use and its seats back (its pieces when
 * `piecesReturned`) and queues the customer's "Pedido estornado" e-mail. Any other sale is
 * refused.
 */
export async function refundSale(
  deps: PaymentSyncDeps & { gateway: PaymentGateway },
  saleId: string,
  actor: AuditActor,
  reason: string,
  {
    piecesReturned = false,
  }: {
    /** The pieces came back to the school: their stock is given back (a course's seats always are). */
    piecesReturned?: boolean;
  } = {},
): Promise<SaleStatusChange> {
  const why = reason.trim();
  if (why.length < REFUND_REASON_MIN || why.length > REFUND_REASON_MAX) throw new GestorError(REFUND_REASON_MESSAGE);
  const sale = await deps.db
    .selectFrom("sales")
    .select(["id", "reference_code", "status", "total_cents", "gateway_transaction_id"])
    .where("id", "=", saleId)
    .executeTakeFirst();
  if (!sale) throw new GestorError(`Compra ${saleId} não encontrada.`);
  if (sale.status === "paid" && sale.total_cents === 0)
    throw new GestorError(`A compra ${sale.reference_code} é gratuita: nada a estornar.`);
  if (!isRefundable(sale)) {
    throw new GestorError(
      `A compra ${sale.reference_code} está ${statusOf(sale.status)}: só uma compra paga pode ser estornada.`,
    );
  }
  const state = await deps.gateway.refund({
    saleId: sale.id,
    transactionId: sale.gateway_transaction_id,
    amountCents: sale.total_cents,
    idempotencyKey: createHash("sha256").update(`loja-escolar:refund:${sale.id}`).digest("hex"),
  });
  const change = await applyPaymentState(deps, sale.id, state, {
    piecesReturned,
    onChange: async (trx, applied) => {
      await auditChange(
        trx,
        actor,
        applied,
        { action: "sale.refund", summary: `Estornou a compra ${sale.reference_code}: ${why}`, reason: why },
        deps.now(),
      );
      // The reason stays the staff's (audit log); the customer is told the refund and how the money returns.
      if (applied.to === "refunded") await enqueueSaleRefundedEmail(trx, deps, sale.id);
    },
  });
  if (!change) {
    throw new GestorError(
      `O gateway respondeu "${state.status}" ao estorno da compra ${sale.reference_code}; nada mudou na loja.`,
    );
  }
  return change;
}

export interface SaleSummaryForGestor {
  saleId: string;
  referenceCode: string;
  status: SaleStatus;
  paymentMethodCode: string;
  /** 1 + the cart's earlier declined attempts: a declined sale is a payment attempt, not an order. */
  attempt: number;
  totalCents: number;
  boletoDueDate: string | null;
  createdAt: string;
  /** What the acquirer reported that the store could not apply (money for a declined attempt), or null. */
  acquirerAlert: string | null;
}

/** The sales of the customers with this e-mail (any store), newest first, for the gestor to pick one. */
export async function listSalesByEmail(
  { db }: Pick<LifecycleDeps, "db">,
  email: string,
): Promise<SaleSummaryForGestor[]> {
  const rows = await db
    .selectFrom("sales")
    .innerJoin("customers", "customers.id", "sales.customer_id")
    .select(["sales.id", "sales.reference_code", "sales.status", "sales.payment_method_code", "sales.total_cents"])
    .select("sales.attempt")
    .select(["sales.boleto_due_date", "sales.created_at", "sales.acquirer_alert"])
    .where("customers.email", "=", email.trim().toLowerCase())
    .orderBy("sales.created_at", "desc")
    .execute();
  return rows.map((row) => ({
    saleId: row.id,
    referenceCode: row.reference_code,
    status: row.status,
    paymentMethodCode: row.payment_method_code,
    attempt: row.attempt,
    totalCents: row.total_cents,
    boletoDueDate: row.boleto_due_date,
    createdAt: row.created_at,
    acquirerAlert: row.acquirer_alert,
  }));
}
