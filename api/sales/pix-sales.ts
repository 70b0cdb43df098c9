/**
 * What a customer can do to a Pix sale after the checkout (docs/decisions/0022-pix.md):
 *   - ask for a new code once the old one expired unpaid: the same sale is charged again with a
 *     new idempotency key (its attempt + 1), through the finish's charge and record steps, so
 *     the order, its items and its number stay; its coupon use is counted again, or the new
 *     code is refused when the coupon can no longer be used;
 *   - with the sandbox gateway only, pay it as the payer's bank would ("Simular pagamento").
 * Both answer the customer's own sales only; another's is 404, as an unknown one.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { SALE_NOT_FOUND, type Sale } from "../contract/orders.ts";
import { PAYMENT_METHOD_CODES } from "#core/payment-methods.ts";
import { chargeRequestOf } from "../carts/claim-sale.ts";
import { couponCheck, COUPON_MESSAGES, findCouponByCode, findCouponForPurchase } from "../coupons/coupon-rules.ts";
import { lockCustomer } from "../customers/customer-lock.ts";
import type { CustomerRow } from "../customers/repository.ts";
import type { ApiDeps } from "../deps.ts";
import { badRequest, notFound } from "../errors.ts";
import { chargeWindowMs, chargeWithin, DEFAULT_CHARGE_TIMEOUT_MS } from "../payments/charge-sale.ts";
import type { ChargeRequest } from "../payments/gateway.ts";
import { applyPaymentState } from "../payments/payment-sync.ts";
import { paySandboxPix } from "../payments/sandbox-gateway.ts";
import { describeStockLine, retakeSaleHolds } from "../stock/sale-holds.ts";
import { listSalesOfCustomer } from "./repository.ts";

export const PIX_MESSAGES = {
  notPix: "Este pedido não foi pago com Pix.",
  notRenewable: "Este pedido não pode gerar um novo código Pix.",
  couponGone:
    "O cupom deste pedido não pode mais ser usado, então não é possível gerar um novo código Pix. Faça um novo pedido.",
  notPayable: "Este código Pix não pode mais ser pago. Gere um novo código em Minha Conta.",
  renewalRefused: "Não foi possível gerar um novo código Pix.",
  soldOut: (items: string) =>
    `Esgotou desde o pedido: ${items}. Não é possível gerar um novo código Pix; faça um novo pedido.`,
} as const;

/** The acquirer's key for the n-th code of a sale: new per code, the same on a retry of one code. */
export function pixRenewalKey(saleId: string, attempt: number): string {
  return createHash("sha256").update(`loja-escolar:pix:${saleId}:${attempt}`).digest("hex");
}

async function ownPixSale(trx: Kysely<Database>, customer: CustomerRow, storeId: number, saleId: string) {
  const sale = await trx
    .selectFrom("sales")
    .selectAll()
    .where("id", "=", saleId)
    .where("customer_id", "=", customer.id)
    .where("store_id", "=", storeId)
    .where("status", "<>", "declined")
    .executeTakeFirst();
  if (!sale) throw notFound(SALE_NOT_FOUND);
  if (sale.payment_method_code !== PAYMENT_METHOD_CODES.pix) throw badRequest(PIX_MESSAGES.notPix);
  return sale;
}

async function saleOf(deps: ApiDeps, customer: CustomerRow, storeId: number, saleId: string): Promise<Sale> {
  const sale = (await listSalesOfCustomer(deps, storeId, customer.id)).find((candidate) => candidate.id === saleId);
  if (!sale) throw notFound(SALE_NOT_FOUND);
  return sale;
}

/**
 * Claims the new code under the customer's lock: an expired Pix sale becomes "processing" with
 * the next attempt's key and holds its coupon again. null when there is nothing to do (a second
 * click finds it processing, pending or paid already).
 */
function claimNewCode(deps: ApiDeps, customer: CustomerRow, storeId: number, saleId: string) {
  return deps.db.transaction().execute(async (trx): Promise<ChargeRequest | null> => {
    await lockCustomer(trx, customer.id);
    const sale = await ownPixSale(trx, customer, storeId, saleId);
    if (sale.status === "processing" || sale.status === "pending" || sale.status === "paid") return null;
    if (sale.status !== "expired") throw badRequest(PIX_MESSAGES.notRenewable);
    const now = deps.now();
    const at = now.toISOString();
    if (sale.coupon_code) {
      const found = await findCouponByCode(trx, sale.store_id, sale.coupon_code);
      const coupon = found ? await findCouponForPurchase(trx, found.id) : undefined;
      const check = await couponCheck(trx, { coupon, customerId: customer.id, now });
      if (!check.ok)
        throw badRequest(
          check.message === COUPON_MESSAGES.invalid
            ? PIX_MESSAGES.couponGone
            : `${check.message} ${PIX_MESSAGES.couponGone}`,
        );
    }
    // The renewed code holds the coupon use and stock again; stock sold meanwhile is refused
    // like at the finish, and the rollback undoes the rest (docs/decisions/0067).
    const soldOut = await retakeSaleHolds(trx, sale, at);
    if (soldOut.length > 0) throw badRequest(PIX_MESSAGES.soldOut(soldOut.map(describeStockLine).join(", ")));
    const attempt = sale.attempt + 1;
    const idempotencyKey = pixRenewalKey(sale.id, attempt);
    await trx
      .updateTable("sales")
      .set({
        status: "processing",
        attempt,
        idempotency_key: idempotencyKey,
        charging_until: new Date(now.getTime() + chargeWindowMs(deps)).toISOString(),
        gateway_transaction_id: null,
        pix_copy_paste: null,
        pix_expires_at: null,
        updated_at: at,
      })
      .where("id", "=", sale.id)
      .execute();
    await trx.updateTable("sale_bags").set({ status: "processing" }).where("sale_id", "=", sale.id).execute();
    return chargeRequestOf(
      deps,
      customer,
      {
        id: sale.id,
        referenceCode: sale.reference_code,
        idempotencyKey,
        amountCents: sale.total_cents,
        method: PAYMENT_METHOD_CODES.pix,
        installments: 1,
        card: null,
      },
      now,
    );
  });
}

/** "Gerar novo código Pix": claim, charge outside any transaction, record (as the finish does). */
export async function renewPix(deps: ApiDeps, customer: CustomerRow, storeId: number, saleId: string): Promise<Sale> {
  const request = await claimNewCode(deps, customer, storeId, saleId);
  if (request) {
    const state = await chargeWithin(deps.gateway, request, deps.chargeTimeoutMs ?? DEFAULT_CHARGE_TIMEOUT_MS);
    // An unknown outcome leaves the sale processing for the reconciliation (0018). The answer
    // is this request's to record: its claim marked the sale as being charged (charging_until).
    // A refused new code leaves the order as it was, expired (not a declined attempt, which
    // would drop it from the orders), with the coupon use its claim counted given back.
    if (state?.status === "declined") {
      await applyPaymentState(deps, saleId, { ...state, status: "expired" }, { byCharge: true });
      throw badRequest(`${PIX_MESSAGES.renewalRefused} ${state.message ?? ""}`.trim());
    }
    if (state) await applyPaymentState(deps, saleId, state, { byCharge: true });
    else await deps.db.updateTable("sales").set({ charging_until: null }).where("id", "=", saleId).execute();
  }
  return saleOf(deps, customer, storeId, saleId);
}

/** The sandbox action: 404 unless the gateway is the sandbox; then pays the customer's own pending Pix. */
export async function payPixInSandbox(
  deps: ApiDeps,
  customer: CustomerRow,
  storeId: number,
  saleId: string,
): Promise<Sale> {
  if (deps.gateway.name !== "sandbox") throw notFound(SALE_NOT_FOUND);
  const sale = await ownPixSale(deps.db, customer, storeId, saleId);
  if (sale.status !== "paid") {
    const state = sale.status === "pending" ? await paySandboxPix(deps, saleId) : null;
    if (!state) throw badRequest(PIX_MESSAGES.notPayable);
    await applyPaymentState(deps, saleId, state);
  }
  return saleOf(deps, customer, storeId, saleId);
}
