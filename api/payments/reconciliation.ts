/**
 * Reconciliation (docs/decisions/0018-payment-flow.md): a lost webhook, a timeout or a crash
 * between claim and record must not lose a sale. Every minute (app/.server/bundled-api.server.ts)
 * and on `gestor.ts reconcile-payments`, the acquirer is asked about every sale still "pending"
 * and every "processing" sale whose charge window has passed, and its answer is applied by
 * applyPaymentState (the one home of the transitions). A processing sale the acquirer never got
 * cannot be charged from here (the card is not kept): it becomes "declined" with nothing
 * charged, and its cart stays open for the customer to pay again. One server runs it at a time
 * (api/job-locks.ts).
 */
import { withJobLock } from "../job-locks.ts";
import type { SaleStatusChange } from "../sales/sale-lifecycle.ts";
import type { PaymentGateway } from "./gateway.ts";
import { chargeWindowMs, DEFAULT_CHARGE_TIMEOUT_MS, withinTime } from "./charge-sale.ts";
import { hostedCheckoutOpen } from "./hosted-checkout.ts";
import { applyPaymentState, type PaymentSyncDeps } from "./payment-sync.ts";

export const RECONCILE_INTERVAL_MS = 60_000;
/** Longer than a run can take, so a crashed server's lock frees itself before long. */
const LOCK_TTL_MS = 10 * 60_000;
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
}

export interface ReconcileReport {
  changes: (SaleStatusChange & { note?: string })[];
  /** Sales the acquirer could not be asked about this time. */
  unanswered: number;
}

export async function reconcilePayments(deps: ReconcileDeps): Promise<ReconcileReport | { skipped: true }> {
  const run = await withJobLock(deps, "reconcile-payments", LOCK_TTL_MS, () => reconcile(deps));
  return run.skipped ? run : run.result;
}

async function reconcile(deps: ReconcileDeps): Promise<ReconcileReport> {
  const now = deps.now();
  const lastChargeStillRunning = new Date(now.getTime() - chargeWindowMs(deps)).toISOString();
  const sales = await deps.db
    .selectFrom("sales")
    .select(["id", "status", "updated_at", "hosted_checkout_url", "hosted_checkout_expires_at"])
    .where((eb) =>
      eb.or([
        eb("status", "=", "pending"),
        eb.and([eb("status", "=", "processing"), eb("updated_at", "<", lastChargeStillRunning)]),
      ]),
    )
    .orderBy("updated_at")
    .execute();
  const report: ReconcileReport = { changes: [], unanswered: 0 };
  for (const sale of sales) {
    let state;
    try {
      state = await withinTime(deps.gateway.findBySaleId(sale.id), deps.chargeTimeoutMs ?? DEFAULT_CHARGE_TIMEOUT_MS);
    } catch (error) {
      console.error("[pagamento] reconciliação sem resposta:", error instanceof Error ? error.name : typeof error);
      report.unanswered += 1;
      continue;
    }
    if (!state && sale.status !== "processing") continue;
    if (!state && Date.parse(sale.updated_at) > now.getTime() - NEVER_RECEIVED_AFTER_MS) continue;
    // The shopper may still pay on the acquirer's page (api/payments/hosted-checkout.ts).
    if (!state && hostedCheckoutOpen(sale, now)) continue;
    const change = await applyPaymentState(
      deps,
      sale.id,
      state ?? { status: "declined", transactionId: "", message: NOTHING_CHARGED },
    );
    if (!change) continue;
    report.changes.push(state ? change : { ...change, note: NOTHING_CHARGED });
  }
  return report;
}
