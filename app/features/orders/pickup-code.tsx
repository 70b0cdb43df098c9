/** The pickup code and its QR (issue 30; docs/decisions/0076-pickup-code.md): /conclusao, /conta, the receipt. */
import type { Sale } from "#api/contract/orders.ts";
import { PICKUP_CODE_TEXTS } from "#core/delivery.ts";
import type { ShownPickupCode } from "./pickup-code.server.ts";

/**
 * A sale whose code the family may still use: one with goods (a code), claimed, pending or paid.
 * A cancelled, expired or refunded sale has nothing to pick up.
 */
export function hasLivePickupCode(
  sale: Pick<Sale, "pickupCode" | "status">,
): sale is { pickupCode: string; status: Sale["status"] } {
  return Boolean(sale.pickupCode) && ["processing", "pending", "paid"].includes(sale.status);
}

export function PickupCode({ pickup, compact = false }: { pickup: ShownPickupCode; compact?: boolean }) {
  return (
    <section
      aria-labelledby="pickup-code-title"
      className="flex flex-col items-center gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:flex-row sm:items-start"
      data-testid="pickup-code"
    >
      <img
        src={pickup.qrDataUrl}
        alt={`QR Code do código de retirada ${pickup.code}`}
        width={compact ? 112 : 160}
        height={compact ? 112 : 160}
        className="shrink-0 rounded bg-white"
        data-testid="pickup-code-qr"
      />
      <div className="text-center sm:text-left">
        <h2 id="pickup-code-title" className="font-bold text-slate-900">
          {PICKUP_CODE_TEXTS.title}
        </h2>
        <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-brand-700" data-testid="pickup-code-value">
          {pickup.code}
        </p>
        <p className="mt-2 text-sm text-slate-700">{PICKUP_CODE_TEXTS.present}</p>
        {pickup.paid ? null : (
          <p className="mt-1 text-sm text-amber-900" data-testid="pickup-code-after-payment">
            {PICKUP_CODE_TEXTS.afterPayment}
          </p>
        )}
        {compact ? null : <p className="mt-1 text-xs text-slate-500">{PICKUP_CODE_TEXTS.whoMayPickUp}</p>}
      </div>
    </section>
  );
}
