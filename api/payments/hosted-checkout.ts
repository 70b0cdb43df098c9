/**
 * A card paid on the acquirer's hosted page (Mercado Pago's Checkout Pro; the shopper without
 * JavaScript, PCI SAQ A: docs/decisions/0019-mercado-pago.md). The finish claims the sale as for
 * any card (processing, its idempotency key), then, outside any transaction, asks the acquirer
 * for a page for that sale and keeps its address: nothing is charged by the store, the shopper
 * pays there. The page takes payments for HOSTED_CHECKOUT_MINUTES; until then the sale stays
 * processing and the reconciliation does not decline it (api/payments/reconciliation.ts); after
 * it, a sale the acquirer has no payment for is declined, nothing charged, and its cart reopens.
 */
import type { ApiDeps } from "../deps.ts";
import { DEFAULT_CHARGE_TIMEOUT_MS, withinTime } from "./charge-sale.ts";
import { GatewayRefusedError, type HostedCheckoutRequest, type PaymentState } from "./gateway.ts";
import { applyPaymentState } from "./payment-sync.ts";

/** How long the acquirer's page takes payments: a parent typing a card, with a pause. */
export const HOSTED_CHECKOUT_MINUTES = 30;
/**
 * After the page's end, how long a payment made in its last moment may take to show in the
 * acquirer's search before the sale is taken for unpaid.
 */
export const HOSTED_CHECKOUT_GRACE_MS = 2 * 60_000;

export const HOSTED_CHECKOUT_MESSAGES = {
  /** The page ended, or was never shown, and the acquirer has no payment: a new attempt may follow. */
  unpaid: "O pagamento com cartão não foi concluído na página do Mercado Pago e nada foi cobrado.",
  /** The page could not be made: nobody ever saw it, so nobody can pay on it. */
  unavailable:
    "Não foi possível abrir a página de pagamento do Mercado Pago agora e nada foi cobrado. Tente novamente em instantes ou escolha boleto ou Pix.",
  /** A client asked for a hosted page where the gateway has none (the sandbox). */
  notOffered: "Esta loja não oferece pagamento com cartão na página da operadora.",
} as const;

export function hostedCheckoutExpiry(now: Date): string {
  return new Date(now.getTime() + HOSTED_CHECKOUT_MINUTES * 60_000).toISOString();
}

interface HostedColumns {
  hosted_checkout_url: string | null;
  hosted_checkout_expires_at: string | null;
}

/** A hosted-checkout sale whose page the shopper may still pay on (or just paid on). */
export function hostedCheckoutOpen(sale: HostedColumns, now: Date): boolean {
  return (
    sale.hosted_checkout_url !== null &&
    sale.hosted_checkout_expires_at !== null &&
    now.getTime() <= Date.parse(sale.hosted_checkout_expires_at) + HOSTED_CHECKOUT_GRACE_MS
  );
}

/**
 * Asks the acquirer for the claimed sale's page, with no transaction open and within the charge's
 * time limit, and keeps its address. Any failure declines the attempt at once: the page's
 * address never reached the shopper, so nothing can be paid on it.
 */
export async function openHostedCheckout(
  deps: ApiDeps,
  claim: { saleId: string; request: HostedCheckoutRequest; chargingUntil: string },
): Promise<{ url: string } | { declined: string }> {
  const timeoutMs = deps.chargeTimeoutMs ?? DEFAULT_CHARGE_TIMEOUT_MS;
  try {
    const { url } = await withinTime(deps.gateway.createHostedCheckout!(claim.request), timeoutMs);
    await deps.db
      .updateTable("sales")
      .set({ hosted_checkout_url: url, charging_until: null, updated_at: deps.now().toISOString() })
      .where("id", "=", claim.saleId)
      .where("charging_until", "=", claim.chargingUntil)
      .execute();
    return { url };
  } catch (error) {
    // Only the kind of failure: the acquirer's codes, never the request (it names the payer).
    console.error(
      "[pagamento] página de pagamento da operadora não criada:",
      error instanceof GatewayRefusedError ? error.message : error instanceof Error ? error.name : typeof error,
    );
    const message = HOSTED_CHECKOUT_MESSAGES.unavailable;
    await applyPaymentState(deps, claim.saleId, { status: "declined", transactionId: "", message }, { byCharge: true });
    return { declined: message };
  }
}

/**
 * A processing sale nobody is charging right now, asked about at the acquirer (the shopper back
 * from its page, a retry, /conclusao): its answer is recorded; a hosted-checkout sale the acquirer
 * has no payment for, whose page can no longer be paid or that the shopper left for another
 * method (`abandoned`), is declined with nothing charged. A payment made later on a left page
 * is money for a declined attempt: kept as an alert for the gestor to refund (payment-sync.ts).
 * Answers what the acquirer said, or undefined when it could not be asked.
 */
export async function settleProcessingSale(
  deps: ApiDeps,
  sale: { id: string; status: string } & HostedColumns,
  { abandoned = false }: { abandoned?: boolean } = {},
): Promise<PaymentState | null | undefined> {
  let state: PaymentState | null;
  try {
    state = await withinTime(deps.gateway.findBySaleId(sale.id), deps.chargeTimeoutMs ?? DEFAULT_CHARGE_TIMEOUT_MS);
  } catch (error) {
    console.error("[pagamento] consulta sem resposta:", error instanceof Error ? error.name : typeof error);
    return undefined;
  }
  if (state) await applyPaymentState(deps, sale.id, state);
  else if (
    sale.status === "processing" &&
    sale.hosted_checkout_expires_at !== null &&
    (abandoned || !hostedCheckoutOpen(sale, deps.now()))
  )
    await applyPaymentState(deps, sale.id, {
      status: "declined",
      transactionId: "",
      message: HOSTED_CHECKOUT_MESSAGES.unpaid,
    });
  return state;
}
