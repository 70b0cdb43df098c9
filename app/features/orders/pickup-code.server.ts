/**
 * A sale's pickup code as the storefront shows it (issue 30; docs/decisions/0076-pickup-code.md):
 * the code printed "AB3-K7Q" and its QR, which holds the code alone, drawn on the server so the
 * page needs no JavaScript. None for a school API that sends no code (decision 0026), a sale of
 * courses and events only, a sale that will not be paid, or one whose goods were all picked up
 * (the store API leaves that code out, deciding per sale: api/sales/repository.ts).
 */
import { formatPickupCode } from "#core/delivery.ts";
import type { Sale } from "#api/contract/orders.ts";
import { pixQrDataUrl } from "#api/payments/pix/qr-svg.ts";
import { hasLivePickupCode } from "./pickup-code.tsx";

export interface ShownPickupCode {
  code: string;
  qrDataUrl: string;
  /** Paid: the code works once the unit says the order is ready; otherwise after the payment. */
  paid: boolean;
}

/** The code to show for the sale, with its QR. */
export async function shownPickupCode(sale: Pick<Sale, "pickupCode" | "status">): Promise<ShownPickupCode | null> {
  if (!hasLivePickupCode(sale)) return null;
  // The QR of the code alone (decision 0076): the unit's scanner types it into Entrega's search.
  return {
    code: formatPickupCode(sale.pickupCode),
    qrDataUrl: await pixQrDataUrl(sale.pickupCode),
    paid: sale.status === "paid",
  };
}
