/**
 * The finish's second step, "charge" (docs/decisions/0018-payment-flow.md): the acquirer is
 * asked with no database transaction open, so a slow acquirer holds no lock, and within a time
 * limit, so it cannot hold the customer's page either. No answer in time, a 5xx or any other
 * failure means the outcome is unknown: null, and the sale stays "processing" for a retry with
 * the same idempotency key or for the reconciliation job. Only a refusal of the request itself
 * (GatewayRefusedError, a 4xx) is certain: the attempt is declined with nothing charged.
 */
import { GatewayRefusedError, GatewayUnavailableError, type PaymentGateway, type PaymentState } from "./gateway.ts";

/** What the customer reads when the acquirer refused the request itself (nothing charged). */
export const ACQUIRER_REFUSED =
  "A operadora não aceitou este pagamento e nada foi cobrado. Confira seus dados ou escolha outra forma de pagamento.";

/** How long a charge may take before its outcome counts as unknown (ApiDeps.chargeTimeoutMs). */
export const DEFAULT_CHARGE_TIMEOUT_MS = 20_000;
/** Added to the timeout before a claimed sale's charge is taken for dead (a crash, a lost reply). */
const CHARGE_MARGIN_MS = 10_000;

/** From a charge's start, how long its request may still record the answer. */
export const chargeWindowMs = (deps: { chargeTimeoutMs?: number }) =>
  (deps.chargeTimeoutMs ?? DEFAULT_CHARGE_TIMEOUT_MS) + CHARGE_MARGIN_MS;

/** `promise`'s value, or a GatewayUnavailableError once `ms` have passed. */
export async function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new GatewayUnavailableError(`sem resposta em ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function chargeWithin(
  gateway: PaymentGateway,
  request: Parameters<PaymentGateway["charge"]>[0],
  timeoutMs: number,
): Promise<PaymentState | null> {
  try {
    return await withinTime(gateway.charge(request), timeoutMs);
  } catch (error) {
    if (error instanceof GatewayRefusedError) {
      // Its message names the cause (HTTP status, the acquirer's codes) and holds no card data.
      console.error(`[pagamento] a operadora recusou a cobrança: ${error.message}`);
      return { status: "declined", transactionId: "", message: ACQUIRER_REFUSED };
    }
    // Only the kind of failure is logged: the request holds the card.
    console.error("[pagamento] cobrança sem resposta:", error instanceof Error ? error.name : typeof error);
    return null;
  }
}
