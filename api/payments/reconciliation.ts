/**
 * Reconciliation (docs/decisions/0018-payment-flow.md): a lost webhook, a timeout or a crash
 * between claim and record must not lose a sale, nor a lost webhook a refund or a chargeback.
 * Every minute (app/.server/bundled-api.server.ts) and on `gestor.ts reconcile-payments`, the
 * acquirer is asked about the sales whose check is due (check-schedule.ts): "pending" ones,
 * "processing" ones whose charge window has passed, "paid" ones for PAID_WATCH_DAYS and expired
 * boletos and Pix for EXPIRED_WATCH_MS (a late payment: expired → paid); its
 * answer is applied by applyPaymentState (the one home of the transitions). A processing sale
 * the acquirer never got cannot be charged from here (the card is not kept): it becomes
 * "declined" with nothing charged, and its cart stays open for the customer to pay again.
 *
 * A run asks about at most `batchSize` sales, the most overdue first, and starts no question
 * after `runBudgetMs`; the next runs take the rest. One server runs it at a time
 * (api/job-locks.ts): the lease is renewed before each question, and a run that finds it lost
 * stops at once.
 */
import { sql } from "kysely";
import { withJobLock, type JobLease } from "../job-locks.ts";
import type { SaleStatusChange } from "../sales/sale-lifecycle.ts";
import type { PaymentGateway } from "./gateway.ts";
import { chargeWindowMs, DEFAULT_CHARGE_TIMEOUT_MS, withinTime } from "./charge-sale.ts";
import { expiredWatchStarts, nextCheckAt, paidWatchStart } from "./check-schedule.ts";
import { HOSTED_CHECKOUT_GRACE_MS, hostedCheckoutOpen } from "./hosted-checkout.ts";
import { applyPaymentState, type PaymentSyncDeps } from "./payment-sync.ts";

export const RECONCILE_INTERVAL_MS = 60_000;
/** Sales asked about in one run, at most. */
export const RECONCILE_BATCH_SIZE = 100;
/** No new question after this much of a run: the next run, a minute later, goes on. */
export const RECONCILE_RUN_BUDGET_MS = 45_000;
/** The lock's lease, renewed before each question; a crashed holder's frees itself this soon. */
const LOCK_TTL_MS = 2 * 60_000;
export const NOTHING_CHARGED = "O pagamento não chegou à operadora: nada foi cobrado.";
/**
 * How long after its last charge began a processing sale the acquirer knows nothing of is
 * declined as never received. Not at once: a charge that timed out here may still be created
 * there, and a payment search may lag behind the payment (docs/decisions/0018-payment-flow.md).
 */
export const NEVER_RECEIVED_AFTER_MS = 15 * 60_000;

export interface ReconcileDeps extends PaymentSyncDeps {
  gateway: PaymentGateway;
  chargeTimeoutMs?: number;
  /** RECONCILE_BATCH_SIZE unless a test says otherwise. */
  batchSize?: number;
  /** RECONCILE_RUN_BUDGET_MS unless a test says otherwise. */
  runBudgetMs?: number;
  /** LOCK_TTL_MS unless a test says otherwise. */
  lockTtlMs?: number;
}

export interface ReconcileReport {
  changes: (SaleStatusChange & { note?: string })[];
  /** Sales asked about in this run. */
  asked: number;
  /** Sales the acquirer could not be asked about this time. */
  unanswered: number;
  /**
   * Why due sales may be left for the next run: a full batch was asked (more may be due), the
   * run's time ran out, or its lock was lost.
   */
  stoppedEarly?: "batch" | "time" | "lock";
}

export async function reconcilePayments(deps: ReconcileDeps): Promise<ReconcileReport | { skipped: true }> {
  const run = await withJobLock(deps, "reconcile-payments", deps.lockTtlMs ?? LOCK_TTL_MS, (lease) =>
    reconcile(deps, lease),
  );
  return run.skipped ? run : run.result;
}

/** The sales whose check is due, the most overdue first (processing ones before all). */
function dueSales(deps: ReconcileDeps, now: Date) {
  const at = now.toISOString();
  const lastChargeStillRunning = new Date(now.getTime() - chargeWindowMs(deps)).toISOString();
  return deps.db
    .selectFrom("sales")
    .select(["id", "status", "payment_method_code", "created_at", "updated_at", "paid_at", "gateway_transaction_id"])
    .select(["hosted_checkout_url", "hosted_checkout_expires_at"])
    .where((eb) =>
      eb.or([
        eb("status", "=", "pending"),
        eb.and([eb("status", "=", "processing"), eb("updated_at", "<", lastChargeStillRunning)]),
        // A free sale moved no money: nothing can be refunded or disputed.
        eb.and([eb("status", "=", "paid"), eb("paid_at", ">=", paidWatchStart(now)), eb("total_cents", ">", 0)]),
        // A card refused on the acquirer's page while the page still takes another card
        // (payment-sync.ts): money from it is the purchase, even if its webhook is lost.
        eb.and([
          eb("status", "=", "declined"),
          eb("hosted_checkout_expires_at", ">=", new Date(now.getTime() - HOSTED_CHECKOUT_GRACE_MS).toISOString()),
        ]),
        // A boleto or Pix paid late, whose webhook was lost (check-schedule.ts): updated_at is when it expired.
        ...expiredWatchStarts(now).map(({ paymentMethodCode, since }) =>
          eb.and([
            eb("status", "=", "expired"),
            eb("payment_method_code", "=", paymentMethodCode),
            eb("updated_at", ">=", since),
          ]),
        ),
      ]),
    )
    .where((eb) => eb.or([eb("next_check_at", "is", null), eb("next_check_at", "<=", at)]))
    .orderBy(sql`case when status = 'processing' then 0 else 1 end`)
    .orderBy(sql`coalesce(next_check_at, updated_at)`)
    .orderBy("id")
    .limit(deps.batchSize ?? RECONCILE_BATCH_SIZE)
    .execute();
}

async function reconcile(deps: ReconcileDeps, lease: JobLease): Promise<ReconcileReport> {
  const start = deps.now();
  const deadline = start.getTime() + (deps.runBudgetMs ?? RECONCILE_RUN_BUDGET_MS);
  const report: ReconcileReport = { changes: [], asked: 0, unanswered: 0 };
  const due = await dueSales(deps, start);
  if (due.length === (deps.batchSize ?? RECONCILE_BATCH_SIZE)) report.stoppedEarly = "batch";
  for (const sale of due) {
    if (deps.now().getTime() >= deadline) {
      report.stoppedEarly = "time";
      break;
    }
    if (!(await lease.renew())) {
      report.stoppedEarly = "lock";
      break;
    }
    report.asked += 1;
    let state;
    try {
      state = await withinTime(
        deps.gateway.findBySaleId(sale.id, { transactionId: sale.gateway_transaction_id }),
        deps.chargeTimeoutMs ?? DEFAULT_CHARGE_TIMEOUT_MS,
      );
    } catch (error) {
      console.error("[pagamento] reconciliação sem resposta:", error instanceof Error ? error.name : typeof error);
      report.unanswered += 1;
      await scheduleNextCheck(deps, sale);
      continue;
    }
    const neverReceived =
      !state &&
      sale.status === "processing" &&
      Date.parse(sale.updated_at) <= start.getTime() - NEVER_RECEIVED_AFTER_MS &&
      // The shopper may still pay on the acquirer's page (api/payments/hosted-checkout.ts).
      !hostedCheckoutOpen(sale, start);
    // A change schedules the sale's next check itself (applyPaymentState).
    const change =
      state || neverReceived
        ? await applyPaymentState(
            deps,
            sale.id,
            state ?? { status: "declined", transactionId: "", message: NOTHING_CHARGED },
          )
        : null;
    if (!change) {
      await scheduleNextCheck(deps, sale);
      continue;
    }
    report.changes.push(state ? change : { ...change, note: NOTHING_CHARGED });
  }
  return report;
}

/** Nothing changed: the sale is asked about again after its backoff. */
async function scheduleNextCheck(deps: ReconcileDeps, sale: Awaited<ReturnType<typeof dueSales>>[number]) {
  await deps.db
    .updateTable("sales")
    .set({ next_check_at: nextCheckAt(sale, deps.now()) })
    .where("id", "=", sale.id)
    .where("status", "=", sale.status)
    .execute();
}
