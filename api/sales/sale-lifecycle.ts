/**
 * What happens to a sale after the checkout (pending, paid, declined, cancelled, expired;
 * docs/decisions/0010). The gateway answers paid, pending or declined at purchase; afterwards:
 *   - an unpaid boleto expires BOLETO_CLEARING_DAYS after its due date (the time a payment
 *     made on the due date may take to reach the store), swept by the store server every
 *     hour and by `gestor.ts expire-boletos`;
 *   - an unpaid Pix expires PIX_CLEARING_MINUTES after its code's expiry, swept with the boletos;
 *     the reconciliation usually gets there first, when the acquirer answers it expired
 *     (docs/decisions/0022-pix.md);
 *   - the gestor confirms a payment that arrived outside the gateway (pending or expired → paid)
 *     or cancels an unpaid sale (pending or expired → cancelled): api/gestor/sales/service.ts.
 * A sale that ends unpaid gives back what it holds (api/stock/sale-holds.ts): its coupon use, so
 * the customer can use it on the next order, and the pieces and seats it took. Confirming an
 * expired sale takes them again.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only
 * syntax, no api/errors.ts.
 */
import type { Kysely } from "kysely";
import { addDays, todayInBrazil } from "#core/dates.ts";
import { PAYMENT_METHOD_CODES } from "#core/payment-methods.ts";
import type { Database, SaleStatus } from "#db/schema.ts";
import { releaseSaleHolds } from "../stock/sale-holds.ts";

/** Days after a boleto's due date before its sale expires. */
export const BOLETO_CLEARING_DAYS = 3;

/**
 * Minutes after a Pix code's expiry before its sale expires here without the acquirer's word:
 * a payment sent in the code's last second may take that long to be reported.
 */
export const PIX_CLEARING_MINUTES = 10;

/** How often the store server sweeps overdue boletos and Pix. */
export const EXPIRY_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface LifecycleDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** The store's WhatsApp when on: a seat a sale gives back is offered by WhatsApp too (issue 31). */
  whatsapp?: { nudge?: () => void };
}

export interface SaleStatusChange {
  saleId: string;
  referenceCode: string;
  from: SaleStatus;
  to: SaleStatus;
}

/**
 * The sales' new status, and their bags'. With `from`, only the sales still in that status move
 * (an update guarded against a change made meanwhile); answers how many moved.
 */
export async function setStatus(
  db: Kysely<Database>,
  saleIds: readonly string[],
  status: SaleStatus,
  at: string,
  { from }: { from?: SaleStatus } = {},
): Promise<number> {
  if (saleIds.length === 0) return 0;
  let update = db
    .updateTable("sales")
    .set({ status, updated_at: at, paid_at: status === "paid" ? at : null })
    .where("id", "in", saleIds);
  if (from) update = update.where("status", "=", from);
  const moved = await update.returning("id").execute();
  const ids = moved.map((sale) => sale.id);
  if (ids.length > 0) await db.updateTable("sale_bags").set({ status }).where("sale_id", "in", ids).execute();
  return ids.length;
}

/**
 * Every unpaid boleto whose due date is more than BOLETO_CLEARING_DAYS behind, and every unpaid
 * Pix whose code expired more than PIX_CLEARING_MINUTES ago, becomes "expired". The update itself
 * re-checks "pending": on PostgreSQL a payment recorded between the read and the update (a
 * webhook, the gestor) must not be overwritten.
 */
export function expireOverdueSales({ db, now, whatsapp }: LifecycleDeps): Promise<SaleStatusChange[]> {
  return db.transaction().execute(async (trx) => {
    const at = now().toISOString();
    const lastDueDateStillPayable = addDays(todayInBrazil(now()), -BOLETO_CLEARING_DAYS);
    const lastPixExpiryStillPayable = new Date(now().getTime() - PIX_CLEARING_MINUTES * 60_000).toISOString();
    const expired = await trx
      .updateTable("sales")
      .set({ status: "expired", updated_at: at, paid_at: null })
      .where("status", "=", "pending")
      .where((eb) =>
        eb.or([
          eb.and([
            eb("payment_method_code", "=", PAYMENT_METHOD_CODES.boleto),
            eb("boleto_due_date", "<", lastDueDateStillPayable),
          ]),
          eb.and([
            eb("payment_method_code", "=", PAYMENT_METHOD_CODES.pix),
            eb("pix_expires_at", "<", lastPixExpiryStillPayable),
          ]),
        ]),
      )
      .returning(["id", "reference_code"])
      .execute();
    const ids = expired.map((sale) => sale.id);
    if (ids.length > 0)
      await trx.updateTable("sale_bags").set({ status: "expired" }).where("sale_id", "in", ids).execute();
    await releaseSaleHolds(trx, ids, at, { whatsapp });
    return expired.map((sale) => ({
      saleId: sale.id,
      referenceCode: sale.reference_code,
      from: "pending" as const,
      to: "expired" as const,
    }));
  });
}
