/**
 * /conclusao asks the store API to look a sale up at the acquirer now (docs/decisions/0019-mercado-pago.md):
 * the shopper is back from Mercado Pago's page, or a payment is still processing. Only the
 * bundled API has that call; an external store API answers the sale as it has it.
 */
import type { SalePaymentReply } from "#api/contract/orders.ts";
import { getEnv } from "#app/.server/env.server.ts";
import { storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";

export async function checkPaymentNow(
  { context }: Pick<RequestArgs, "context">,
  saleId: string,
): Promise<SalePaymentReply["payment"] | null> {
  if (getEnv().STORE_API_URL) return null;
  try {
    return await storeApi(context).checkSalePayment(saleId);
  } catch (error) {
    // Not the customer's sale (404), or the API busy: the page shows what is recorded.
    if (error instanceof StoreApiError) return null;
    throw error;
  }
}
