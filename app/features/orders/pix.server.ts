/**
 * The storefront's side of Pix (docs/decisions/0022-pix.md): the code of a pending Pix sale as
 * pages show it, whether the sandbox action is offered, and the actions of its forms.
 */
import { data } from "react-router";
import type { Sale } from "#api/contract/orders.ts";
import { pixQrDataUrl } from "#api/payments/pix/qr-svg.ts";
import { getEnv } from "#app/.server/env.server.ts";
import { requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { completionPath } from "#core/storefront-paths.ts";
import { payablePix, PIX_INTENTS, PIX_TEXTS } from "./pix.ts";

/**
 * The sandbox action shows only when the bundled API charges with the sandbox: the real acquirer
 * is paid by the payer's bank, and another store API has no such call.
 */
export function sandboxPixShown(): boolean {
  const env = getEnv();
  return !env.STORE_API_URL && env.PAYMENT_GATEWAY === "sandbox";
}

/** The QR of a Pix sale's code while it can be paid, drawn on the server (it shows without JavaScript). */
export async function pixQrOf(sale: Sale): Promise<string | null> {
  const pix = payablePix(sale);
  return pix ? pixQrDataUrl(pix.copyPaste) : null;
}

/**
 * "Simular pagamento (sandbox)" and "Gerar novo código Pix". Both go back to a page that shows
 * the sale's new state; a refusal (another's sale, an expired code, a used-up coupon) comes back
 * as a red toast where the customer was.
 */
export async function pixAction(
  args: RequestArgs,
  formData: FormData,
  intent: string,
  back: (saleId: string) => string,
) {
  requireCustomer(args.context);
  const saleId = String(formData.get("saleId") ?? "")
    .trim()
    .slice(0, 64);
  if (!saleId) throw data("Pedido não informado.", { status: 400 });
  const api = storeApi(args.context);
  try {
    if (intent === PIX_INTENTS.sandboxPay) {
      if (!sandboxPixShown()) throw data("Ação desconhecida.", { status: 404 });
      await api.sandboxPayPix(saleId);
      return toasts().redirectWithSuccess(back(saleId), PIX_TEXTS.sandboxPaid);
    }
    await api.renewPix(saleId);
    return toasts().redirectWithSuccess(completionPath(saleId), PIX_TEXTS.renewed);
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return toasts().redirectWithError(back(saleId), error.message);
  }
}
