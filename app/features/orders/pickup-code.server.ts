/**
 * A sale's pickup code as the storefront shows it (issue 30; docs/decisions/0076-pickup-code.md):
 * the code printed "AB3-K7Q" and its QR, which holds the code alone, drawn on the server so the
 * page needs no JavaScript. None for a school API that sends no code (decision 0026), a sale of
 * courses and events only, a sale that will not be paid, or one whose goods were all picked up.
 */
import { formatPickupCode, isSeatType } from "#core/delivery.ts";
import type { Sale, SaleBag } from "#api/contract/orders.ts";
import { pixQrDataUrl } from "#api/payments/pix/qr-svg.ts";
import { hasLivePickupCode } from "./pickup-code.tsx";

export interface ShownPickupCode {
  code: string;
  qrDataUrl: string;
  /** Paid: the code works once the unit says the order is ready; otherwise after the payment. */
  paid: boolean;
}

/** Every good of the bags handed over: nothing left to pick up with the code. */
function allPickedUp(bags: readonly Pick<SaleBag, "items">[]): boolean {
  const goods = bags.flatMap((bag) => bag.items.filter((item) => !isSeatType(item.type)));
  return goods.length > 0 && goods.every((item) => item.delivery?.state === "picked_up");
}

/** The code to show for the sale; `bags`, when read, leave it out once everything was picked up. */
export async function shownPickupCode(
  sale: Pick<Sale, "pickupCode" | "status">,
  bags?: readonly Pick<SaleBag, "items">[] | null,
): Promise<ShownPickupCode | null> {
  if (!hasLivePickupCode(sale)) return null;
  if (bags && allPickedUp(bags)) return null;
  // The QR of the code alone (decision 0076): the unit's scanner types it into Entrega's search.
  return {
    code: formatPickupCode(sale.pickupCode),
    qrDataUrl: await pixQrDataUrl(sale.pickupCode),
    paid: sale.status === "paid",
  };
}
