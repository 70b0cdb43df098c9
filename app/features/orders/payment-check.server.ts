/**
 * /conclusao asks the store API to look a sale up at the acquirer now (docs/decisions/0019-mercado-pago.md):
 * the shopper is back from Mercado Pago's page, or a payment is still processing. Only the
 * bundled API has that call (beyond spec §7); a store API without it answers the sale as it has
 * it (docs/decisions/0026).
 */
import type { SalePaymentReply } from "#api/contract/orders.ts";
import { storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";

export async function checkPaymentNow(
  { context }: Pick<RequestArgs, "context">,
  saleId: string,
): Promise<SalePaymentReply["payment"] | null> {
  const api = storeApi(context);
  if (!api.supports("checkSalePayment")) return null;
  try {
    return await api.checkSalePayment(saleId);
  } catch (error) {
    // Not the customer's sale (404), or the API busy: the page shows what is recorded.
    if (error instanceof StoreApiError) return null;
    throw error;
  }
}
