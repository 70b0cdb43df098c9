/**
 * /conclusao's data (spec §3): one of the customer's own sales with what is left to pay, and the
 * Pix sandbox's "Simular pagamento". The page itself is app/features/orders/purchase-summary.tsx.
 */
import { data } from "react-router";
import { PAYMENT_METHOD_CODES } from "#core/payment-methods.ts";
import type { Sale } from "#api/contract/orders.ts";
import { barcodeSvg } from "#api/payments/boleto.ts";
import { requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { storeUnits } from "#app/.server/school-units.server.ts";
import { bagsWithPickup } from "./pickup.server.ts";
import { shownPickupCode } from "./pickup-code.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { isAcquirerPage } from "#app/features/checkout/acquirer-card.server.ts";
import { loadCustomerProfile } from "#app/features/accounts/customer-profile.server.ts";
import { completionPath } from "#core/storefront-paths.ts";
import { checkPaymentNow } from "./payment-check.server.ts";
import { PIX_INTENTS } from "./pix.ts";
import { pixAction, pixQrOf, sandboxPixShown } from "./pix.server.ts";

/** The completion info of spec §3, for one of the customer's own sales (?venda=saleId). */
export async function loadPurchaseComplete({ request, context }: RequestArgs) {
  const current = requireCustomer(context);
  const saleId = new URL(request.url).searchParams.get("venda");
  if (!saleId) return { purchase: null };
  // Back from the acquirer's page, or a payment in processing: its news now (0019).
  const checked = await checkPaymentNow({ context }, saleId);
  if (checked?.status === "declined") return { purchase: null, declined: checked.message ?? "" };
  // Back from Mercado Pago's page without paying ("Voltar ao site": collection_status=null).
  const returned = new URL(request.url).searchParams.get("collection_status");
  if (checked?.paymentPageUrl && (!returned || returned === "null") && isAcquirerPage(checked.paymentPageUrl))
    return { purchase: null, unpaidPage: checked.paymentPageUrl };
  const api = storeApi(context);
  try {
    const [customer, sales, soldBags, units] = await Promise.all([
      loadCustomerProfile({ request, context }),
      api.listSalesByCustomer(current.customer.id),
      api.listSaleBagsBySale(saleId),
      storeUnits(api),
    ]);
    const bags = bagsWithPickup(units, soldBags);
    const sale = sales.find((candidate) => candidate.id === saleId);
    if (!sale) return { purchase: null };
    const boletoBarcode = await boletoBarcodeOf(api, sale);
    return {
      purchase: {
        customer,
        sale,
        bags,
        boletoBarcode,
        pixQr: await pixQrOf(sale),
        sandboxPix: sandboxPixShown(),
        pickup: await shownPickupCode(sale),
      },
    };
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404) return { purchase: null };
    throw error;
  }
}

/**
 * A pending boleto's barcode, drawn on the server (an image without scripts) so a bank app can
 * read it off the screen; null for any other sale, or when the store API keeps no barcode.
 */
async function boletoBarcodeOf(api: ReturnType<typeof storeApi>, sale: Sale): Promise<string | null> {
  if (sale.status !== "pending" || sale.paymentMethod.code !== PAYMENT_METHOD_CODES.boleto) return null;
  try {
    const { barcode } = await api.getBoleto(sale.id);
    return barcode ? barcodeSvg(barcode) : null;
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404) return null;
    throw error;
  }
}

/** The Pix sandbox's "Simular pagamento" (docs/decisions/0022-pix.md); any other intent is a 400. */
export async function purchaseCompleteAction({ request, context }: RequestArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent !== PIX_INTENTS.sandboxPay) throw data("Ação desconhecida.", { status: 400 });
  return pixAction({ request, context }, formData, intent, completionPath);
}
