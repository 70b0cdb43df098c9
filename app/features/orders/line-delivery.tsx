/**
 * Where a paid line is on its way to the family (issue 30; docs/decisions/0075): /conta and the
 * receipt. A line without `delivery` (unpaid, or a school API without it: decision 0026) says nothing.
 */
import { DELIVERY_STATE_LABELS } from "#core/delivery.ts";
import { formatSaleDate } from "#core/sales.ts";
import type { SaleBagItem } from "#api/contract/orders.ts";

type Delivery = NonNullable<SaleBagItem["delivery"]>;

/** "Retirado por Maria Souza em 05/03/2026", or the state's label. */
export function deliveryStateText(delivery: Delivery): string {
  if (delivery.state !== "picked_up") return DELIVERY_STATE_LABELS[delivery.state];
  const by = delivery.receivedBy ? ` por ${delivery.receivedBy}` : "";
  const on = delivery.at ? ` em ${formatSaleDate(delivery.at)}` : "";
  return `${DELIVERY_STATE_LABELS.picked_up}${by}${on}`;
}

const STATE_STYLES: Record<Delivery["state"], string> = {
  awaiting: "bg-slate-100 text-slate-700",
  separated: "bg-sky-100 text-sky-800",
  ready: "bg-emerald-100 text-emerald-800",
  picked_up: "bg-slate-200 text-slate-800",
  seat_confirmed: "bg-emerald-100 text-emerald-800",
};

export function LineDelivery({ delivery }: { delivery: SaleBagItem["delivery"] }) {
  if (!delivery) return null;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-2 text-xs" data-testid="line-delivery">
      <span className={`rounded-full px-2 py-0.5 font-semibold ${STATE_STYLES[delivery.state]}`}>
        {deliveryStateText(delivery)}
      </span>
      {delivery.exchange ? (
        <span className="text-slate-600" data-testid="line-exchange">
          Troca na unidade: {delivery.exchange}
        </span>
      ) : null}
    </span>
  );
}
