/**
 * PUT /carts/finish-cart-by-customer/{customerId}/cart/{cartId}/store/{storeId} (spec §7,
 * docs/decisions/0010-checkout-and-payment.md, 0018-payment-flow.md), in three steps:
 *   1. claim (claim-sale.ts), under the customer's lock: the cart's live sale is the answer (a
 *      double click, a reload, a second tab), or a new sale is committed as "processing";
 *   2. charge (api/payments/charge-sale.ts), with no transaction open and a time limit, with the
 *      sale's idempotency key: a retry of the same attempt charges once;
 *   3. record (api/payments/payment-sync.ts), under the lock: paid or pending finish the cart;
 *      declined leaves it open (402), so another card can be tried.
 * An unknown outcome (timeout, 5xx) leaves the sale "processing": the reply says so, and a retry
 * or the reconciliation job finishes it. A card to be typed on the acquirer's page (beyond spec
 * §7, docs/decisions/0019-mercado-pago.md) is claimed the same way; step 2 then asks for that
 * page (api/payments/hosted-checkout.ts), and the reply's redirectUrl sends the shopper there. A finish that finds another request charging the same
 * sale waits for that answer rather than charge again. The confirmation e-mail is queued with
 * the record (docs/decisions/0020-mail-outbox.md).
 * Card testing (docs/decisions/0014-account-hardening.md): after a few declines per customer
 * (checked at claim) or per address (a unit taken before the claim) the acquirer is not called.
 */
import type { FinishCartData, FinishCartReply } from "../contract/carts.ts";
import { PAYMENT_METHOD_CODES as PAYMENT_METHOD } from "#core/payment-methods.ts";
import type { CustomerRow } from "../customers/repository.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { chargeWithin, DEFAULT_CHARGE_TIMEOUT_MS } from "../payments/charge-sale.ts";
import { openHostedCheckout, settleProcessingSale } from "../payments/hosted-checkout.ts";
import { applyPaymentState } from "../payments/payment-sync.ts";
import { reserve, tryAgainLater } from "../rate-limit.ts";
import { boletoLinkOf } from "../sales/repository.ts";
import { claimSale, FINISH_MESSAGES, TOO_MANY_DECLINES, type ClaimedSale } from "./claim-sale.ts";

/**
 * Declined card payments allowed in an hour per address: it allows a school's shared network,
 * where a stolen-card tester would still be stopped after a few dozen tries.
 */
export const DECLINES_BY_ADDRESS = { name: "card-declines-address", limit: 20, windowMs: 60 * 60_000 };

/** How often a finish looks again at a sale another request is charging. */
const WAIT_STEP_MS = 50;

async function replyOf(deps: ApiDeps, sale: ClaimedSale): Promise<FinishCartReply> {
  const boleto = sale.payment_method_code === PAYMENT_METHOD.boleto && sale.status !== "processing";
  // The acquirer's PDF, when it issued the boleto (0013).
  const pdf = boleto
    ? await deps.db.selectFrom("sales").select("boleto_pdf_url").where("id", "=", sale.id).executeTakeFirst()
    : undefined;
  return {
    finished: {
      link: boleto ? boletoLinkOf(deps, sale.id, pdf?.boleto_pdf_url ?? null) : null,
      referenceCode: sale.reference_code,
      saleId: sale.id,
      statusCode: sale.status,
      ...(sale.status === "processing" && sale.hosted_checkout_url ? { redirectUrl: sale.hosted_checkout_url } : {}),
    },
  };
}

/**
 * Until the sale leaves "processing", its charging request gives up, or `until` passes; answers
 * the sale's status then, and why it was declined.
 */
async function waitWhileCharging(deps: ApiDeps, saleId: string, until: number) {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const sale = await deps.db
      .selectFrom("sales")
      .select(["status", "charging_until", "decline_message"])
      .where("id", "=", saleId)
      .executeTakeFirst();
    if (sale?.status !== "processing" || !sale.charging_until || deps.now().getTime() >= until) return sale;
  }
}

/** The sale's status as recorded, which may differ from the acquirer's answer (payment-sync.ts). */
async function recordedStatus(deps: ApiDeps, saleId: string): Promise<string | undefined> {
  const sale = await deps.db.selectFrom("sales").select("status").where("id", "=", saleId).executeTakeFirst();
  return sale?.status;
}

const isLive = (status: string | undefined): status is ClaimedSale["status"] =>
  status === "processing" || status === "pending" || status === "paid";

type Outcome = { sale: ClaimedSale } | { declined: string };

async function purchase(
  deps: ApiDeps,
  customer: CustomerRow,
  ref: { cartId: string; storeId: number },
  data: FinishCartData,
): Promise<Outcome> {
  let settled = false;
  for (;;) {
    const claim = await claimSale(deps, customer, ref, data);
    if (claim.kind === "answer") return { sale: claim.sale };
    if (claim.kind === "declined") return { declined: claim.message };
    if (claim.kind === "wait") {
      // A double click on a declined card gets the same refusal, not a second try at the acquirer.
      const waited = await waitWhileCharging(deps, claim.sale.id, claim.until);
      if (waited?.status === "declined") return { declined: waited.decline_message ?? FINISH_MESSAGES.declined };
      continue;
    }
    if (claim.kind === "settle") {
      // The acquirer's page no longer takes payments, or the shopper left it for another method:
      // how it ended, then claim again (a new attempt when nothing was paid). Once: an acquirer
      // that cannot be asked leaves it processing.
      if (settled) return { sale: claim.sale };
      settled = true;
      await settleProcessingSale(deps, claim.hosted, { abandoned: claim.abandoned });
      continue;
    }
    if (claim.kind === "hosted") {
      const opened = await openHostedCheckout(deps, { saleId: claim.sale.id, ...claim });
      return "declined" in opened ? opened : { sale: { ...claim.sale, hosted_checkout_url: opened.url } };
    }
    const state = await chargeWithin(deps.gateway, claim.request, deps.chargeTimeoutMs ?? DEFAULT_CHARGE_TIMEOUT_MS);
    if (!state) {
      // Nobody charges it now: a retry may charge it again (same key) at once. Only this
      // request's own mark is cleared: a retry may have set a newer one.
      await deps.db
        .updateTable("sales")
        .set({ charging_until: null })
        .where("id", "=", claim.sale.id)
        .where("charging_until", "=", claim.chargingUntil)
        .execute();
      return { sale: claim.sale };
    }
    // The purchase e-mail is queued in that transaction (payment-sync.ts).
    await applyPaymentState(deps, claim.sale.id, state, { byCharge: true });
    // The reply says what was recorded, never only what the acquirer answered.
    const status = await recordedStatus(deps, claim.sale.id);
    if (status === "declined") return { declined: state.message ?? FINISH_MESSAGES.declined };
    return { sale: { ...claim.sale, status: isLive(status) ? status : "processing" } };
  }
}

export async function finishCart(
  deps: ApiDeps,
  customer: CustomerRow,
  ref: { cartId: string; storeId: number; address: string },
  data: FinishCartData,
): Promise<FinishCartReply> {
  // Taken before the acquirer is asked and kept only for a decline: concurrent finishes from
  // one address (several customers) each take their own unit, so they cannot all pass.
  const declineLimits =
    data.cardNumber || data.cardToken
      ? await reserve(deps, [[DECLINES_BY_ADDRESS, ref.address]], (wait) => tryAgainLater(wait, TOO_MANY_DECLINES))
      : null;
  const outcome = await purchase(deps, customer, ref, data).catch(async (error: unknown) => {
    await declineLimits?.release();
    throw error;
  });
  if ("declined" in outcome) throw new ApiError(402, outcome.declined);
  await declineLimits?.release();
  return replyOf(deps, outcome.sale);
}
