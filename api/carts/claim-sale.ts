/**
 * The finish's first step, "claim" (docs/decisions/0018-payment-flow.md): in one transaction
 * under the customer's lock, either the cart's live sale is the answer, or the cart is re-priced
 * and checked (coupon, method, instalments, card form, decline limit) and a sale is committed as
 * "processing", with its bags, items, coupon use, stock taken, attempt number and idempotency key.
 * Nothing is charged here: the acquirer is asked after the commit (api/payments/charge-sale.ts).
 * A tracked line whose pieces or seats ran out rolls it all back: 409 ITEM_SOLD_OUT, no sale
 * (docs/decisions/0067-stock-and-seats.md).
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { checkBag } from "#core/cart-rules.ts";
import {
  brandForGateway,
  CARD_FORM_MESSAGE,
  checkCardNumber,
  checkExpiry,
  isValidCvc,
  isValidHolder,
  normalizeHolder,
} from "#core/card.ts";
import { isSeatType } from "#core/delivery.ts";
import { cartInstallments } from "#core/installments.ts";
import { centsToReais, reaisToCents } from "#core/money.ts";
import { completionPath } from "#core/storefront-paths.ts";
import type { Database } from "#db/schema.ts";
import {
  CART_CHANGED,
  CART_NOT_FOUND,
  FINISH_CART_MESSAGES,
  ITEM_SOLD_OUT,
  itemSoldOutMessage,
  type FinishCartData,
  type SoldOutItem,
} from "../contract/carts.ts";
import { PAYMENT_METHOD_CODES as PAYMENT_METHOD, type PaymentMethodCode } from "#core/payment-methods.ts";
import { COUPON_MESSAGES, couponCheck, findCouponForPurchase } from "../coupons/coupon-rules.ts";
import { lockCustomer } from "../customers/customer-lock.ts";
import { newPickupCode } from "../delivery/pickup-code.ts";
import { LIVE_SALE_STATUSES } from "../sales/live-sale.ts";
import type { CustomerRow } from "../customers/repository.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError, badRequest, notFound } from "../errors.ts";
import { chargeWindowMs } from "../payments/charge-sale.ts";
import { pixExpiryOf } from "../payments/pix/pix-expiry.ts";
import type { CardToken, ChargeMethod, ChargeRequest, HostedCheckoutRequest, TypedCard } from "../payments/gateway.ts";
import { HOSTED_CHECKOUT_MESSAGES, hostedCheckoutExpiry, hostedCheckoutOpen } from "../payments/hosted-checkout.ts";
import { MERCADOPAGO_WEBHOOK_URL_PATH } from "../payments/mercadopago/routes.ts";
import { tryAgainLater } from "../rate-limit.ts";
import { priceCart, type CartLine, type PricedCart } from "./cart-pricing.ts";
import { findOwnOpenCart } from "./repository.ts";
import { holdCouponUse, recordSaleTakes, SoldOutError, takeSaleStock, type StockLine } from "../stock/sale-holds.ts";

const HOUR = 60 * 60_000;
/**
 * Declined card payments allowed in an hour per customer: tight, a parent mistypes a card once
 * or twice (docs/decisions/0014-account-hardening.md).
 */
export const DECLINES_PER_CUSTOMER = 5;
export const TOO_MANY_DECLINES =
  "Muitos pagamentos com cartão recusados em pouco tempo. Por segurança, pague com boleto ou aguarde.";

export const FINISH_MESSAGES = {
  ...FINISH_CART_MESSAGES,
  emptyCart: "Seu carrinho está vazio.",
  studentMissing: "Selecione o estudante de cada item do carrinho.",
  zeroMustBeFree: "Pedidos de total R$ 0,00 são finalizados como Gratuito.",
  unavailable: "Um item do carrinho não está mais à venda. Remova-o para continuar.",
  declined: "Pagamento recusado pela operadora do cartão. Confira os dados ou use outro cartão.",
} as const;

const LIVE = LIVE_SALE_STATUSES;

export interface ClaimedSale {
  id: string;
  reference_code: string;
  status: (typeof LIVE)[number];
  payment_method_code: PaymentMethodCode;
  /** A card sale paid on the acquirer's page, while that page takes payments (0019). */
  hosted_checkout_url: string | null;
}

/** What the finish knows of a live sale paid on the acquirer's page. */
export interface HostedSale {
  id: string;
  status: string;
  hosted_checkout_url: string | null;
  hosted_checkout_expires_at: string | null;
}

export type Claim =
  /** The cart's sale, as it stands: nothing to charge. */
  | { kind: "answer"; sale: ClaimedSale }
  /** Another request is charging the sale right now, until `until` at the latest. */
  | { kind: "wait"; sale: ClaimedSale; until: number }
  /** Committed as "processing": charge it now, with this request, which marked it charging until `chargingUntil`. */
  | { kind: "charge"; sale: ClaimedSale; request: ChargeRequest; chargingUntil: string }
  /** Committed as "processing", to be paid on the acquirer's page: ask for that page now (api/payments/hosted-checkout.ts). */
  | { kind: "hosted"; sale: ClaimedSale; request: HostedCheckoutRequest; chargingUntil: string }
  /** A sale paid on the acquirer's page that can no longer be paid there: ask the acquirer how it ended, then claim again. */
  | {
      kind: "settle";
      sale: ClaimedSale;
      hosted: HostedSale;
      /** The shopper came back and chose another method while the page was open: they left it. */
      abandoned: boolean;
    }
  /** The same card was declined at this cart a moment ago (a repeated submit): that refusal, nothing charged. */
  | { kind: "declined"; message: string };

/**
 * The acquirer's idempotency key for an attempt at paying a cart: a retry of the attempt gets the
 * same key (the acquirer answers the first payment), the next attempt after a decline a new one.
 */
export function idempotencyKeyOf(cartId: string, attempt: number): string {
  return createHash("sha256").update(`loja-escolar:finish:${cartId}:${attempt}`).digest("hex");
}

/** 12 random digits: a boleto's reference number must be digits (api/payments/boleto.ts). */
function newReferenceCode(): string {
  const digits = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(digits, (byte) => String(byte % 10))
    .join("")
    .replace(/^0/, "1");
}

const CHARGE_METHODS: Record<PaymentMethodCode, ChargeMethod> = {
  [PAYMENT_METHOD.boleto]: "boleto",
  [PAYMENT_METHOD.credit]: "card",
  [PAYMENT_METHOD.free]: "free",
  [PAYMENT_METHOD.pix]: "pix",
};

/** The card as the gateway gets it, or 400 with the form's message (spec §5). */
function cardOf(data: FinishCartData, maxInstallments: number, now: Date): TypedCard & { installments: number } {
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

/** A card as the finish takes it: typed (spec §7), tokenised in the browser, or typed on the acquirer's page. */
type PaymentCard =
  | { kind: "typed"; card: TypedCard; installments: number }
  | { kind: "token"; card: CardToken; installments: number }
  | { kind: "hosted"; installments: number };

/**
 * The card of a finish, or 400. A token or a hosted page (beyond spec §7, 0019) only where the
 * gateway takes them; never together with a typed number.
 */
function paymentCardOf(
  gateway: ApiDeps["gateway"],
  data: FinishCartData,
  maxInstallments: number,
  now: Date,
): PaymentCard {
  if (!data.hostedCheckout && !data.cardToken) {
    const { installments, ...card } = cardOf(data, maxInstallments, now);
    return { kind: "typed", card, installments };
  }
  if (data.hostedCheckout && !gateway.createHostedCheckout) throw badRequest(HOSTED_CHECKOUT_MESSAGES.notOffered);
  if (data.cardNumber || (data.hostedCheckout && data.cardToken)) throw badRequest(CARD_FORM_MESSAGE);
  if (data.cardToken && (!gateway.browserTokenization || !data.cardPaymentMethodId))
    throw badRequest(CARD_FORM_MESSAGE);
  const installments = data.installments ?? 0;
  if (installments < 1 || installments > maxInstallments) throw badRequest(FINISH_MESSAGES.installmentsInvalid);
  if (!data.cardToken) return { kind: "hosted", installments };
  const card: CardToken = {
    kind: "token",
    token: data.cardToken,
    paymentMethodId: data.cardPaymentMethodId!,
    ...(data.cardIssuerId ? { issuerId: data.cardIssuerId } : {}),
  };
  return { kind: "token", card, installments };
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

/**
 * How long after a card attempt at a cart was declined a finish with the same card gets that
 * refusal instead of a new charge: finishes sent together (a double click, two tabs, a script)
 * reach the store API over tens or hundreds of milliseconds, through the storefront, and may
 * come after the first was already declined. Nobody retypes a card (the page clears it) that fast.
 */
export const REPEATED_FINISH_WINDOW_MS = 5_000;

/**
 * The refusal of this cart's card attempt declined in the last REPEATED_FINISH_WINDOW_MS, when
 * this finish is the same card again (its last four digits; a Mercado Pago token is single-use,
 * so a token within the window is the same submit). claimSale's wait covers a finish that
 * comes while the attempt is being charged; this, one that comes just after it was declined
 * (issue 25: ten finishes at once reached the acquirer five times). Under the customer's lock.
 */
async function recentRefusal(
  db: Kysely<Database>,
  customerId: string,
  cartId: string,
  data: FinishCartData,
  now: Date,
): Promise<string | undefined> {
  const declined = await db
    .selectFrom("sales")
    .select(["decline_message", "card_last4"])
    .where("cart_id", "=", cartId)
    .where("customer_id", "=", customerId)
    .where("status", "=", "declined")
    .where("updated_at", ">", new Date(now.getTime() - REPEATED_FINISH_WINDOW_MS).toISOString())
    .where("updated_at", "<=", now.toISOString())
    .orderBy("updated_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!declined) return undefined;
  const typed = data.cardNumber?.replace(/\D/g, "");
  if (typed && declined.card_last4 !== typed.slice(-4)) return undefined;
  return declined.decline_message ?? FINISH_MESSAGES.declined;
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

interface NewSale {
  id: string;
  referenceCode: string;
  customerId: string;
  storeId: number;
  cartId: string;
  couponId: string | null;
  method: PaymentMethodCode;
  installments: number;
  card: TypedCard | CardToken | null;
  /** A card paid on the acquirer's page: when that page stops taking payments. */
  hostedCheckoutExpiresAt: string | null;
  attempt: number;
  idempotencyKey: string;
  chargingUntil: string;
  at: string;
}

/** finish-cart's 409 for lines short of stock (api/contract/carts.ts): nothing was sold. */
export function itemSoldOut(lines: readonly StockLine[]): ApiError {
  const items: SoldOutItem[] = lines.map((line) => ({
    itemTOTVSId: line.itemTOTVSId,
    title: line.title,
    optionValue: line.optionValue,
  }));
  return new ApiError(409, itemSoldOutMessage(items), { code: ITEM_SOLD_OUT, items });
}

const stockLineOf = (line: CartLine): StockLine => ({
  unitCode: line.unitCode,
  itemTOTVSId: line.itemTOTVSId,
  quantity: line.quantity,
  title: line.title,
  optionValue: line.optionValue,
});

/**
 * Takes the stock of the cart's tracked lines, in the claim's transaction: a line short of
 * stock throws 409, and the rollback gives back what the lines before it took.
 */
async function takeStockOf(db: Kysely<Database>, sale: NewSale, lines: readonly CartLine[]) {
  try {
    const buyer = { customerId: sale.customerId, saleId: sale.id };
    return await takeSaleStock(db, sale.storeId, lines.map(stockLineOf), sale.at, buyer);
  } catch (error) {
    throw error instanceof SoldOutError ? itemSoldOut(error.lines) : error;
  }
}

async function writeSale(
  db: Kysely<Database>,
  sale: NewSale,
  priced: PricedCart,
  /** What each of priced.lines took from stock (takeStockOf), in order. */
  stockTaken: readonly number[],
): Promise<void> {
  const takenOf = new Map(priced.lines.map((line, index) => [line, stockTaken[index] ?? 0]));
  // Goods are picked up at the unit with the code, shown at once on /conclusao; a sale of
  // courses and events only has nothing to pick up (docs/decisions/0076-pickup-code.md).
  const hasGoods = priced.lines.some((line) => !isSeatType(line.type));
  await db
    .insertInto("sales")
    .values({
      id: sale.id,
      store_id: sale.storeId,
      customer_id: sale.customerId,
      cart_id: sale.cartId,
      payment_method_code: sale.method,
      installments: sale.installments,
      status: "processing",
      subtotal_cents: priced.subtotalCents,
      list_discount_cents: priced.listDiscountCents,
      discount_cents: priced.discountCents,
      total_cents: priced.totalCents,
      coupon_code: priced.coupon?.code ?? null,
      // A tokenised or hosted card's brand and last digits come with the acquirer's answer.
      card_brand: sale.card?.kind === "typed" ? sale.card.brand : null,
      card_last4: sale.card?.kind === "typed" ? sale.card.number.slice(-4) : null,
      hosted_checkout_expires_at: sale.hostedCheckoutExpiresAt,
      boleto_barcode: null,
      boleto_digitable_line: null,
      boleto_due_date: null,
      reference_code: sale.referenceCode,
      gateway_transaction_id: null,
      paid_at: null,
      attempt: sale.attempt,
      idempotency_key: sale.idempotencyKey,
      charging_until: sale.chargingUntil,
      pickup_code: hasGoods ? await newPickupCode(db, sale.storeId) : null,
      created_at: sale.at,
      updated_at: sale.at,
    })
    .execute();
  for (const [studentId, lines] of groupByStudent(priced.lines)) {
    const bagId = crypto.randomUUID();
    // The list discount the bag has now (0072); the bag's total is what its lines cost after it,
    // before the cart's coupon: what a refund of this bag may give back at most.
    const list = priced.bagLists.find((bagList) => bagList.bagId === lines[0]!.bagId && bagList.applies);
    const listDiscountCents = list?.discountCents ?? 0;
    await db
      .insertInto("sale_bags")
      .values({
        id: bagId,
        sale_id: sale.id,
        student_id: studentId,
        student_name: lines[0]!.studentName ?? "",
        student_ra: lines[0]!.studentRA,
        total_cents: lines.reduce((sum, line) => sum + line.quantity * line.salePriceCents, 0) - listDiscountCents,
        list_discount_cents: listDiscountCents,
        material_list_title: list ? list.title : null,
        status: "processing",
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
          option_name: line.optionName,
          option_value: line.optionValue,
          stock_taken: takenOf.get(line) ?? 0,
        })),
      )
      .execute();
  }
  await recordSaleTakes(db, { id: sale.id, storeId: sale.storeId }, priced.lines.map(stockLineOf), stockTaken, sale.at);
  // A declined attempt gives it back (api/payments/payment-sync.ts).
  if (sale.couponId)
    await holdCouponUse(db, { couponId: sale.couponId, customerId: sale.customerId, saleId: sale.id, at: sale.at });
}

export interface ChargeParts {
  id: string;
  referenceCode: string;
  idempotencyKey: string;
  amountCents: number;
  method: PaymentMethodCode;
  installments: number;
  card: TypedCard | CardToken | null;
}

/**
 * Where Mercado Pago posts its notifications: only an https address, the only kind it accepts
 * (docs/decisions/0019-mercado-pago.md); without one, reconciliation alone finds the news.
 * `source_news=webhooks` asks for the signed Webhooks notifications only, not the older unsigned
 * IPN ones (`?topic=…&id=…`), which the route refuses.
 */
function notificationUrlOf(publicUrl: string): string | undefined {
  return publicUrl.startsWith("https://")
    ? `${publicUrl}${MERCADOPAGO_WEBHOOK_URL_PATH}?source_news=webhooks`
    : undefined;
}

export function chargeRequestOf(
  deps: Pick<ApiDeps, "pixExpiryMinutes" | "publicUrl">,
  customer: CustomerRow,
  sale: ChargeParts,
  now: Date,
): ChargeRequest {
  const method = CHARGE_METHODS[sale.method];
  const notificationUrl = notificationUrlOf(deps.publicUrl);
  return {
    idempotencyKey: sale.idempotencyKey,
    saleId: sale.id,
    referenceCode: sale.referenceCode,
    description: `Loja Escolar pedido ${sale.referenceCode}`,
    amountCents: sale.amountCents,
    method,
    ...(sale.card ? { card: sale.card } : {}),
    ...(method === "pix" ? { pixExpiresAt: pixExpiryOf(deps, now) } : {}),
    installments: sale.installments,
    payer: {
      name: customer.name,
      cpf: customer.cpf,
      email: customer.email,
      // The registered address: Mercado Pago registers a boleto only with the payer's.
      address: {
        zipCode: customer.zipcode.replace(/\D/g, ""),
        street: customer.street,
        number: customer.house_number,
        neighborhood: customer.neighborhood,
        city: customer.city,
        state: customer.state,
      },
    },
    ...(notificationUrl ? { notificationUrl } : {}),
    now,
  };
}

/**
 * The acquirer's page for a card sale: the sale's amount, the instalments /compra offered for
 * the cart (the chosen count preselected), back to /conclusao for that sale (0019).
 */
function hostedCheckoutRequestOf(
  deps: Pick<ApiDeps, "publicUrl">,
  customer: CustomerRow,
  sale: { id: string; referenceCode: string; amountCents: number; installments: number; expiresAt: string },
  maxInstallments: number,
  now: Date,
): HostedCheckoutRequest {
  const notificationUrl = notificationUrlOf(deps.publicUrl);
  return {
    saleId: sale.id,
    referenceCode: sale.referenceCode,
    description: `Loja Escolar pedido ${sale.referenceCode}`,
    amountCents: sale.amountCents,
    maxInstallments,
    installments: sale.installments,
    payer: { name: customer.name, cpf: customer.cpf, email: customer.email },
    returnUrl: `${deps.publicUrl}${completionPath(sale.id)}`,
    ...(notificationUrl ? { notificationUrl } : {}),
    expiresAt: new Date(sale.expiresAt),
    now,
  };
}

/**
 * A processing sale whose charge nobody is running (its request failed or its server died):
 * this finish charges it again with the SAME key, so the acquirer answers the first payment if
 * it got one. A card sale needs this request's card; without one the sale is answered as is.
 */
async function retryProcessing(
  trx: Kysely<Database>,
  deps: ApiDeps,
  customer: CustomerRow,
  live: ClaimedSale,
  data: FinishCartData,
  now: Date,
): Promise<Claim> {
  const sale = await trx
    .selectFrom("sales")
    .select(["idempotency_key", "total_cents", "installments"])
    .where("id", "=", live.id)
    .executeTakeFirstOrThrow();
  const isCard = live.payment_method_code === PAYMENT_METHOD.credit;
  const sameMethod = await trx
    .selectFrom("payment_methods")
    .select("code")
    .where("id", "=", data.paymentMethodId)
    .where("code", "=", live.payment_method_code)
    .executeTakeFirst();
  const withCard = Boolean(data.cardNumber || data.cardToken) && !data.hostedCheckout;
  if (!sale.idempotency_key || !sameMethod || (isCard && !withCard)) return { kind: "answer", sale: live };
  const paid = isCard
    ? paymentCardOf(deps.gateway, { ...data, installments: sale.installments }, sale.installments, now)
    : null;
  const card = paid && paid.kind !== "hosted" ? paid.card : null;
  const chargingUntil = new Date(now.getTime() + chargeWindowMs(deps)).toISOString();
  await trx
    .updateTable("sales")
    .set({ charging_until: chargingUntil, updated_at: now.toISOString() })
    .where("id", "=", live.id)
    .execute();
  const request = chargeRequestOf(
    deps,
    customer,
    {
      id: live.id,
      referenceCode: live.reference_code,
      idempotencyKey: sale.idempotency_key,
      amountCents: sale.total_cents,
      method: live.payment_method_code,
      installments: sale.installments,
      card,
    },
    now,
  );
  return { kind: "charge", sale: live, request, chargingUntil };
}

/** Step 1 of the finish: see the header. */
export function claimSale(
  deps: ApiDeps,
  customer: CustomerRow,
  ref: { cartId: string; storeId: number },
  data: FinishCartData,
): Promise<Claim> {
  return deps.db.transaction().execute(async (trx): Promise<Claim> => {
    const now = deps.now();
    const at = now.toISOString();
    await lockCustomer(trx, customer.id);
    const live = await trx
      .selectFrom("sales")
      .select(["id", "reference_code", "status", "payment_method_code", "charging_until"])
      .select(["hosted_checkout_url", "hosted_checkout_expires_at"])
      .where("cart_id", "=", ref.cartId)
      .where("customer_id", "=", customer.id)
      .where("status", "in", LIVE)
      .executeTakeFirst();
    if (live) {
      const open = live.status === "processing" && hostedCheckoutOpen(live, now);
      const sale: ClaimedSale = {
        id: live.id,
        reference_code: live.reference_code,
        status: live.status as ClaimedSale["status"],
        payment_method_code: live.payment_method_code,
        hosted_checkout_url: open ? live.hosted_checkout_url : null,
      };
      if (sale.status !== "processing") return { kind: "answer", sale };
      const until = live.charging_until ? Date.parse(live.charging_until) : 0;
      if (until > now.getTime()) return { kind: "wait", sale, until };
      // A page at the acquirer: the same page while it takes payments (a double click, a second
      // tab); once it no longer does, or once the shopper came back and chose boleto or Pix
      // instead (its page may need scripts their browser does not run), how it ended decides:
      // a new attempt after nothing was paid.
      if (live.hosted_checkout_expires_at !== null) {
        const chosen = await trx
          .selectFrom("payment_methods")
          .select("code")
          .where("id", "=", data.paymentMethodId)
          .executeTakeFirst();
        const abandoned = open && chosen !== undefined && chosen.code !== live.payment_method_code;
        return open && !abandoned ? { kind: "answer", sale } : { kind: "settle", sale, hosted: live, abandoned };
      }
      return retryProcessing(trx, deps, customer, sale, data, now);
    }
    if (data.cardNumber || data.cardToken) {
      const refusal = await recentRefusal(trx, customer.id, ref.cartId, data, now);
      if (refusal !== undefined) return { kind: "declined", message: refusal };
    }

    const cart =
      ref.storeId === customer.store_id ? await findOwnOpenCart(trx, customer.id, ref.storeId, ref.cartId) : undefined;
    if (!cart) throw notFound(CART_NOT_FOUND);
    // The same pricing as the cart's replies, list discounts included (0072): a page that showed
    // a list discount whose required lines are no longer all in the bag has another total.
    const priced = await priceCart(trx, cart.id, now);
    // Under the customer's lock, which a gestor removal takes too: the cart charged is the one
    // the page showed, or nothing is (docs/decisions/0010, "The cart the page showed").
    if (
      (data.cartVersion !== undefined && data.cartVersion !== cart.version) ||
      (data.cartTotal !== undefined && reaisToCents(data.cartTotal) !== priced.totalCents)
    ) {
      throw new ApiError(409, CART_CHANGED);
    }
    assertSellable(priced);
    if (cart.coupon_id) {
      const check = await couponCheck(trx, {
        coupon: await findCouponForPurchase(trx, cart.coupon_id),
        customerId: customer.id,
        now,
        items: priced.lines,
      });
      // Spec §8's 404 "Cupom inválido", except for the customer who lost the race for the
      // last use: they are told why (docs/decisions/0048).
      if (!check.ok)
        throw notFound(check.message === COUPON_MESSAGES.usedUp ? COUPON_MESSAGES.usedUp : COUPON_MESSAGES.invalid);
    }

    const methodRow = await trx
      .selectFrom("payment_methods")
      .select("code")
      .where("id", "=", data.paymentMethodId)
      .executeTakeFirst();
    if (!methodRow) throw badRequest(FINISH_MESSAGES.methodRequired);
    const method = methodRow.code as PaymentMethodCode;
    const free = priced.totalCents === 0;
    if (free && method !== PAYMENT_METHOD.free) throw badRequest(FINISH_MESSAGES.zeroMustBeFree);
    if (!free && method === PAYMENT_METHOD.free) throw badRequest(FINISH_MESSAGES.freeOnlyAtZero);
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
    const card = method === PAYMENT_METHOD.credit ? paymentCardOf(deps.gateway, data, maxInstallments, now) : null;
    if (card) await assertFewDeclines(trx, customer.id, now);

    const declined = await trx
      .selectFrom("sales")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("cart_id", "=", cart.id)
      .where("status", "=", "declined")
      .executeTakeFirstOrThrow();
    const attempt = Number(declined.count) + 1;
    const sale: NewSale = {
      id: crypto.randomUUID(),
      referenceCode: newReferenceCode(),
      customerId: customer.id,
      storeId: customer.store_id,
      cartId: cart.id,
      couponId: cart.coupon_id,
      method,
      installments: card?.installments ?? 1,
      card: card && card.kind !== "hosted" ? card.card : null,
      hostedCheckoutExpiresAt: card?.kind === "hosted" ? hostedCheckoutExpiry(now) : null,
      attempt,
      idempotencyKey: idempotencyKeyOf(cart.id, attempt),
      chargingUntil: new Date(now.getTime() + chargeWindowMs(deps)).toISOString(),
      at,
    };
    // Last of the checks, so a refused finish takes nothing even for a moment; the rollback of
    // any later failure gives it back.
    const stockTaken = await takeStockOf(trx, sale, priced.lines);
    await writeSale(trx, sale, priced, stockTaken);
    const claimed: ClaimedSale = {
      id: sale.id,
      reference_code: sale.referenceCode,
      status: "processing",
      payment_method_code: method,
      hosted_checkout_url: null,
    };
    if (sale.hostedCheckoutExpiresAt) {
      const request = hostedCheckoutRequestOf(
        deps,
        customer,
        { ...sale, amountCents: priced.totalCents, expiresAt: sale.hostedCheckoutExpiresAt },
        maxInstallments,
        now,
      );
      return { kind: "hosted", sale: claimed, request, chargingUntil: sale.chargingUntil };
    }
    const request = chargeRequestOf(deps, customer, { ...sale, amountCents: priced.totalCents }, now);
    return { kind: "charge", sale: claimed, request, chargingUntil: sale.chargingUntil };
  });
}
