/**
 * PUT /carts/finish-cart-by-customer/{customerId}/cart/{cartId}/store/{storeId} (spec §7,
 * docs/decisions/0010-checkout-and-payment.md). In one transaction under the customer's
 * lock:
 *   1. a live sale already made from this cart is the answer (a double click, a reload, a
 *      second tab): nothing is charged again;
 *   2. the cart is re-priced from the catalogue, its coupon and rules checked again;
 *   3. the sale, one sale bag per student and its items are written, the gateway asked;
 *   4. paid or pending: the cart is finished and the coupon use counted; declined: the
 *      sale stays "declined" and the cart untouched, so another card can be tried.
 * Holding the lock while the gateway answers is what makes (1) hold across servers.
 * The confirmation e-mail goes after the commit; its failure never undoes a purchase.
 * Card testing (docs/decisions/0014-account-hardening.md): after a few declines per customer
 * (the customer's declined sales of the last hour, read under the lock) or per address (a
 * unit taken before the transaction) the acquirer is not called at all.
 */
import { checkBag } from "#app/lib/cart-rules.ts";
import {
  brandForGateway,
  CARD_FORM_MESSAGE,
  checkCardNumber,
  checkExpiry,
  isValidCvc,
  isValidHolder,
  normalizeHolder,
} from "#app/lib/card.ts";
import { cartInstallments } from "#app/lib/installments.ts";
import { centsToReais } from "#app/lib/money.ts";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { CART_NOT_FOUND, FINISH_CART_MESSAGES, type FinishCartData, type FinishCartReply } from "../contract/carts.ts";
import { PAYMENT_METHOD_CODES as PAYMENT_METHOD, type PaymentMethodCode } from "../contract/payment-methods.ts";
import type { CustomerRow } from "../customers/customer-repository.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError, badRequest, notFound } from "../errors.ts";
import type { PaymentState, TypedCard } from "../payments/gateway.ts";
import { priceCart, type CartLine, type PricedCart } from "./cart-pricing.ts";
import { COUPON_MESSAGES, couponCheck, findCouponForPurchase } from "../coupons/coupon-rules.ts";
import { lockCustomer } from "../customers/customer-lock.ts";
import { boletoLinkOf } from "../sales/sale-repository.ts";
import { sendPurchaseEmail } from "../sales/purchase-email.ts";
import { findOwnOpenCart } from "./cart-store.ts";
import { reserve, tryAgainLater } from "../rate-limit.ts";

const HOUR = 60 * 60_000;
/**
 * Declined card payments allowed in an hour. Per customer it is tight (a parent mistypes a card
 * once or twice); per address it allows a school's shared network, where a stolen-card tester
 * would still be stopped after a few dozen tries.
 */
export const DECLINES_PER_CUSTOMER = 5;
export const DECLINES_BY_ADDRESS = { name: "card-declines-address", limit: 20, windowMs: HOUR };
export const TOO_MANY_DECLINES =
  "Muitos pagamentos com cartão recusados em pouco tempo. Por segurança, pague com boleto ou aguarde.";

export const FINISH_MESSAGES = {
  ...FINISH_CART_MESSAGES,
  emptyCart: "Seu carrinho está vazio.",
  studentMissing: "Selecione o estudante de cada item do carrinho.",
  zeroMustBeFree: "Pedidos de total R$ 0,00 são finalizados como Gratuito.",
  unavailable: "Um item do carrinho não está mais à venda. Remova-o para continuar.",
  declined: "Pagamento recusado pela operadora do cartão. Confira os dados ou use outro cartão.",
  gatewayDown: "Não foi possível processar o pagamento agora. Nada foi cobrado: tente novamente em instantes.",
} as const;

type SaleRow = { id: string; reference_code: string; status: string; payment_method_code: PaymentMethodCode };

function replyOf(deps: ApiDeps, sale: SaleRow): FinishCartReply {
  return {
    finished: {
      link: sale.payment_method_code === PAYMENT_METHOD.boleto ? boletoLinkOf(deps, sale.id) : null,
      referenceCode: sale.reference_code,
      saleId: sale.id,
      statusCode: sale.status as FinishCartReply["finished"]["statusCode"],
    },
  };
}

/** The sale this cart already became (pending or paid), if any. */
function liveSaleOfCart(db: Kysely<Database>, customerId: string, cartId: string) {
  return db
    .selectFrom("sales")
    .select(["id", "reference_code", "status", "payment_method_code"])
    .where("cart_id", "=", cartId)
    .where("customer_id", "=", customerId)
    .where("status", "<>", "declined")
    .executeTakeFirst();
}

/** 12 random digits: a boleto's reference number must be digits (api/payments/boleto.ts). */
function newReferenceCode(): string {
  const digits = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(digits, (byte) => String(byte % 10))
    .join("")
    .replace(/^0/, "1");
}

/** The card as the gateway gets it, or 400 with the form's message (spec §5). */
type CardCharge = TypedCard & { installments: number };
function cardOf(data: FinishCartData, maxInstallments: number, now: Date): CardCharge {
  const number = checkCardNumber(data.cardNumber ?? "");
  const expiration = /^(\d{4})-(\d{2})-10$/.exec(data.expirationDate ?? "");
  const expiry = expiration ? checkExpiry(`${expiration[2]}/${expiration[1]!.slice(2)}`, now) : null;
  const installments = data.installments ?? 0;
  const holder = normalizeHolder(data.holder ?? "");
  const valid =
    number.ok &&
    (data.brand ?? "").toUpperCase() === brandForGateway(number.brand) &&
    expiry?.ok === true &&
    isValidCvc(data.cvv ?? "", number.brand) &&
    isValidHolder(holder) &&
    installments >= 1 &&
    installments <= maxInstallments;
  if (!valid || !number.ok) {
    if (number.ok && expiry?.ok && installments > maxInstallments)
      throw badRequest(FINISH_MESSAGES.installmentsInvalid);
    throw badRequest(CARD_FORM_MESSAGE);
  }
  return {
    kind: "typed",
    holder,
    number: number.digits,
    cvv: data.cvv!,
    expirationDate: data.expirationDate!,
    brand: brandForGateway(number.brand),
    installments,
  };
}

/**
 * 429 once the customer's card was declined DECLINES_PER_CUSTOMER times in the last hour. Read
 * under the customer's lock, so one customer's concurrent finishes count each other's declines.
 */
async function assertFewDeclines(db: Kysely<Database>, customerId: string, now: Date): Promise<void> {
  const declines = await db
    .selectFrom("sales")
    .select("created_at")
    .where("customer_id", "=", customerId)
    .where("status", "=", "declined")
    .where("created_at", ">", new Date(now.getTime() - HOUR).toISOString())
    .orderBy("created_at", "desc")
    .limit(DECLINES_PER_CUSTOMER)
    .execute();
  if (declines.length < DECLINES_PER_CUSTOMER) return;
  const oldest = Date.parse(declines[declines.length - 1]!.created_at);
  throw tryAgainLater(oldest + HOUR - now.getTime(), TOO_MANY_DECLINES);
}

/** Every bag has a student and obeys the cart rules; every line is still for sale. */
function assertSellable(priced: PricedCart): void {
  if (priced.unavailable.length > 0) throw badRequest(FINISH_MESSAGES.unavailable);
  if (priced.lines.length === 0) throw badRequest(FINISH_MESSAGES.emptyCart);
  if (priced.lines.some((line) => line.studentId === null)) throw badRequest(FINISH_MESSAGES.studentMissing);
  for (const lines of groupByStudent(priced.lines).values()) {
    const checked = checkBag(
      lines.map((line) => ({ itemTOTVSId: line.itemTOTVSId, quantity: line.quantity, type: line.type })),
    );
    if (!checked.ok) throw badRequest(checked.message);
  }
}

function groupByStudent(lines: readonly CartLine[]): Map<string, CartLine[]> {
  const bags = new Map<string, CartLine[]>();
  for (const line of lines) bags.set(line.studentId!, [...(bags.get(line.studentId!) ?? []), line]);
  return bags;
}

async function writeSale(
  db: Kysely<Database>,
  sale: {
    id: string;
    referenceCode: string;
    customerId: string;
    storeId: number;
    cartId: string;
    method: PaymentMethodCode;
    installments: number;
    card: CardCharge | null;
    at: string;
  },
  priced: PricedCart,
): Promise<void> {
  await db
    .insertInto("sales")
    .values({
      id: sale.id,
      store_id: sale.storeId,
      customer_id: sale.customerId,
      cart_id: sale.cartId,
      payment_method_code: sale.method,
      installments: sale.installments,
      status: "pending",
      subtotal_cents: priced.subtotalCents,
      discount_cents: priced.discountCents,
      total_cents: priced.totalCents,
      coupon_code: priced.coupon?.code ?? null,
      card_brand: sale.card?.brand ?? null,
      card_last4: sale.card ? sale.card.number.slice(-4) : null,
      boleto_barcode: null,
      boleto_digitable_line: null,
      boleto_due_date: null,
      reference_code: sale.referenceCode,
      gateway_transaction_id: null,
      paid_at: null,
      created_at: sale.at,
      updated_at: sale.at,
    })
    .execute();
  for (const [studentId, lines] of groupByStudent(priced.lines)) {
    const bagId = crypto.randomUUID();
    await db
      .insertInto("sale_bags")
      .values({
        id: bagId,
        sale_id: sale.id,
        student_id: studentId,
        student_name: lines[0]!.studentName ?? "",
        student_ra: lines[0]!.studentRA,
        total_cents: lines.reduce((sum, line) => sum + line.quantity * line.salePriceCents, 0),
        status: "pending",
      })
      .execute();
    await db
      .insertInto("sale_bag_items")
      .values(
        lines.map((line) => ({
          id: crypto.randomUUID(),
          sale_bag_id: bagId,
          product_id: line.productId,
          item_totvs_id: line.itemTOTVSId,
          title: line.title,
          type: line.type,
          unit_code: line.unitCode,
          quantity: line.quantity,
          unit_price_cents: line.salePriceCents,
          original_unit_price_cents: line.priceCents,
          image: line.image,
          product_slug: line.slug,
          category_slug: line.categorySlug,
        })),
      )
      .execute();
  }
}

async function recordCharge(db: Kysely<Database>, saleId: string, result: PaymentState, at: string): Promise<void> {
  await db
    .updateTable("sales")
    .set({
      status: result.status,
      gateway_transaction_id: result.transactionId,
      boleto_barcode: result.boleto?.barcode ?? null,
      boleto_digitable_line: result.boleto?.digitableLine ?? null,
      boleto_due_date: result.boleto?.dueDate ?? null,
      paid_at: result.status === "paid" ? at : null,
      updated_at: at,
    })
    .where("id", "=", saleId)
    .execute();
  await db.updateTable("sale_bags").set({ status: result.status }).where("sale_id", "=", saleId).execute();
}

export async function finishCart(
  deps: ApiDeps,
  customer: CustomerRow,
  ref: { cartId: string; storeId: number; address: string },
  data: FinishCartData,
): Promise<FinishCartReply> {
  // Taken before the acquirer is asked and kept only for a decline: concurrent finishes from
  // one address (several customers) each take their own unit, so they cannot all pass.
  const declineLimits = data.cardNumber
    ? await reserve(deps, [[DECLINES_BY_ADDRESS, ref.address]], (wait) => tryAgainLater(wait, TOO_MANY_DECLINES))
    : null;
  const outcome = await charge(deps, customer, ref, data).catch(async (error: unknown) => {
    await declineLimits?.release();
    throw error;
  });
  if (outcome.declined === null) await declineLimits?.release();
  if (outcome.declined !== null || outcome.reply === null)
    throw new ApiError(402, outcome.declined ?? FINISH_MESSAGES.declined);
  // Not awaited: a slow mail server must not hold the customer's confirmation page.
  if (outcome.fresh) void sendPurchaseEmail(deps, customer, outcome.reply.finished.saleId);
  return outcome.reply;
}

/** Steps 1-4 of the header, in one transaction under the customer's lock. */
function charge(deps: ApiDeps, customer: CustomerRow, ref: { cartId: string; storeId: number }, data: FinishCartData) {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const at = now.toISOString();
    await lockCustomer(trx, customer.id);
    const earlier = await liveSaleOfCart(trx, customer.id, ref.cartId);
    if (earlier) return { declined: null, reply: replyOf(deps, earlier), fresh: false };

    const cart =
      ref.storeId === customer.store_id ? await findOwnOpenCart(trx, customer.id, ref.storeId, ref.cartId) : undefined;
    if (!cart) throw notFound(CART_NOT_FOUND);
    const priced = await priceCart(trx, cart.id);
    assertSellable(priced);
    if (cart.coupon_id) {
      const check = await couponCheck(trx, {
        coupon: await findCouponForPurchase(trx, cart.coupon_id),
        customerId: customer.id,
        now,
      });
      if (!check.ok) throw notFound(COUPON_MESSAGES.invalid);
    }

    const methodRow = await trx
      .selectFrom("payment_methods")
      .select("code")
      .where("id", "=", data.paymentMethodId)
      .executeTakeFirst();
    if (!methodRow) throw badRequest(FINISH_MESSAGES.methodRequired);
    const method = { code: methodRow.code as PaymentMethodCode };
    const free = priced.totalCents === 0;
    if (free && method.code !== PAYMENT_METHOD.free) throw badRequest(FINISH_MESSAGES.zeroMustBeFree);
    if (!free && method.code === PAYMENT_METHOD.free) throw badRequest(FINISH_MESSAGES.freeOnlyAtZero);
    const maxInstallments = cartInstallments(
      priced.lines.map((line) => ({
        TIPO: line.type,
        PARCELAS: line.installments,
        quantity: line.quantity,
        paymentPlan: { maxInstallments: line.maxInstallments, turnYear: line.turnYear, schoolYear: line.schoolYear },
      })),
      centsToReais(priced.totalCents),
      now,
    );
    const card = method.code === PAYMENT_METHOD.credit ? cardOf(data, maxInstallments, now) : null;
    if (card) await assertFewDeclines(trx, customer.id, now);

    const sale = {
      id: crypto.randomUUID(),
      referenceCode: newReferenceCode(),
      customerId: customer.id,
      storeId: customer.store_id,
      cartId: cart.id,
      method: method.code,
      installments: card?.installments ?? 1,
      card,
      at,
    };
    await writeSale(trx, sale, priced);
    let result: PaymentState;
    try {
      result = await deps.gateway.charge({
        idempotencyKey: sale.id,
        description: `Loja Escolar pedido ${sale.referenceCode}`,
        installments: sale.installments,
        saleId: sale.id,
        referenceCode: sale.referenceCode,
        amountCents: priced.totalCents,
        method:
          method.code === PAYMENT_METHOD.free ? "free" : method.code === PAYMENT_METHOD.boleto ? "boleto" : "card",
        card: card ?? undefined,
        payer: { name: customer.name, cpf: customer.cpf, email: customer.email },
        now,
      });
    } catch (error) {
      // Only the kind of failure is logged: the request holds the card.
      console.error("[pagamento] o gateway falhou:", error instanceof Error ? error.name : typeof error);
      throw new ApiError(502, FINISH_MESSAGES.gatewayDown);
    }
    await recordCharge(trx, sale.id, result, at);
    if (result.status === "declined")
      return { declined: result.message ?? FINISH_MESSAGES.declined, reply: null, fresh: false };

    await trx.updateTable("carts").set({ finished_at: at, updated_at: at }).where("id", "=", cart.id).execute();
    if (cart.coupon_id) {
      await trx
        .insertInto("coupon_uses")
        .values({
          id: crypto.randomUUID(),
          coupon_id: cart.coupon_id,
          customer_id: customer.id,
          sale_id: sale.id,
          created_at: at,
        })
        .execute();
    }
    const row = {
      id: sale.id,
      reference_code: sale.referenceCode,
      status: result.status,
      payment_method_code: sale.method,
    };
    return { declined: null, reply: replyOf(deps, row), fresh: true };
  });
}
