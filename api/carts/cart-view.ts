import type { Kysely } from "kysely";
import { centsToReais } from "#core/money.ts";
import type { Database } from "#db/schema.ts";
import type { Cart, CartBag, CartBagMaterialList, CartCoupon, CartItem, CartReply } from "../contract/carts.ts";
import {
  loadBagLists,
  loadCartLines,
  priceLines,
  type BagListPrice,
  type CartLine,
  type PricedCart,
} from "./cart-pricing.ts";
import { findOpenCart, type CartRow } from "./repository.ts";
import { pendingRemovals } from "./cart-removals.ts";
import { findStockLevels, stockKeyOf } from "../stock/repository.ts";
import { seatsOfferedTo } from "../stock/seat-offers.ts";

const EMPTY_TOTALS = { subtotal: 0, discount: 0, total: 0 };

/** A tracked item's pieces or seats left (undefined: not tracked), by stockKeyOf. */
type Levels = Map<string, number>;

function toCartItem(line: CartLine, coupon: CartCoupon | null, levels: Levels): CartItem {
  const category = { title: line.categoryTitle, slug: line.categorySlug };
  const left = levels.get(stockKeyOf({ unitCode: line.unitCode, itemTotvsId: line.itemTOTVSId }));
  return {
    cartItemid: line.cartItemId,
    itemTOTVSId: line.itemTOTVSId,
    affiliateId: line.unitCode,
    quantity: line.quantity,
    itemCouponId: coupon?.id ?? null,
    itemCoupon: coupon,
    paymentPlan: { maxInstallments: line.maxInstallments, turnYear: line.turnYear, schoolYear: line.schoolYear },
    PRECO: centsToReais(line.priceCents),
    DESCONTO: centsToReais(line.salePriceCents),
    TIPO: line.type,
    NOME: line.title,
    TURNO: line.shift,
    PARCELAS: line.installments,
    CODCOLIGADA: line.unitCode,
    productImage: line.image,
    productSlug: line.slug,
    category,
    product: { productId: line.productId, title: line.title, slug: line.slug, image: line.image, category },
    ...(line.optionName !== null && line.optionValue !== null
      ? { optionName: line.optionName, optionValue: line.optionValue }
      : {}),
    ...(left === undefined ? {} : { soldOut: left < line.quantity }),
  };
}

async function appliedCoupon(db: Kysely<Database>, couponId: string | null): Promise<CartCoupon | null> {
  if (!couponId) return null;
  const row = await db
    .selectFrom("coupons")
    .select(["id", "code", "percentage"])
    .where("id", "=", couponId)
    .executeTakeFirst();
  return row ? { id: row.id, code: row.code, percentage: row.percentage } : null;
}

/** A bag's material list as the cart shows it (0072), in reais. */
const bagMaterialListOf = ({ listId, title, percentage, discountCents, applies, missing }: BagListPrice) =>
  ({
    listId,
    title,
    percentage,
    discount: centsToReais(discountCents),
    applies,
    missing,
  }) satisfies CartBagMaterialList;

/**
 * The cart as the API answers it (spec §3). Only lines still for sale are shown; a bag
 * left without any is left out too, and disappears from the cart at the next write. A bag filled
 * from a material list that gives a discount says what it gives now, and the cart the sum of
 * those discounts (beyond spec §3, docs/decisions/0072-list-discount-and-coupon.md).
 */
export async function buildCart(db: Kysely<Database>, cart: CartRow | undefined, now: Date): Promise<Cart> {
  return (await pricedCartView(db, cart, now)).cart;
}

/** What a cart view was priced from: its lines for sale and its bags' lists (for listDiscountsLost). */
export type CartViewPricing = Pick<PricedCart, "lines" | "bagLists">;

/** The cart view and the pricing it shows, so a caller comparing prices need not price it again. */
async function pricedCartView(
  db: Kysely<Database>,
  cart: CartRow | undefined,
  now: Date,
): Promise<{ cart: Cart; pricing: CartViewPricing }> {
  if (!cart) {
    return {
      cart: { id: null, cartId: null, affiliateId: null, version: 0, coupon: null, ...EMPTY_TOTALS, bags: [] },
      pricing: { lines: [], bagLists: [] },
    };
  }
  const [all, coupon, bagLists] = await Promise.all([
    loadCartLines(db, cart.id),
    appliedCoupon(db, cart.coupon_id),
    loadBagLists(db, cart.id, now),
  ]);
  const lines = all.filter((line) => line.shoppable);
  // Read now, like the product page's (decision 0066): a line that ran out since it was added says so.
  const levels = await findStockLevels(
    db,
    cart.store_id,
    lines.map((line) => ({ unitCode: line.unitCode, itemTotvsId: line.itemTOTVSId })),
  );
  // A seat a waiting list holds for this customer is theirs: their line is not sold out
  // (docs/decisions/0070-waiting-list.md); their finish takes it.
  if (cart.customer_id && lines.length > 0) {
    for (const held of await seatsOfferedTo(db, cart.store_id, cart.customer_id)) {
      const key = stockKeyOf({ unitCode: held.unit_code, itemTotvsId: held.item_totvs_id });
      const level = levels.get(key);
      if (level !== undefined) levels.set(key, level + 1);
    }
  }
  const bags = new Map<string, CartBag>();
  for (const line of lines) {
    const bag = bags.get(line.bagId) ?? {
      cartId: cart.id,
      name: line.studentName,
      studentId: line.studentId,
      RA: line.studentRA,
      cartItems: [],
    };
    bags.set(line.bagId, bag);
    bag.cartItems.push(toCartItem(line, coupon, levels));
  }
  const totals = priceLines(lines, coupon?.percentage ?? 0, bagLists);
  for (const list of totals.bagLists) {
    const bag = bags.get(list.bagId);
    if (bag) bag.materialList = bagMaterialListOf(list);
  }
  return {
    cart: {
      id: cart.id,
      cartId: cart.id,
      affiliateId: cart.affiliate_id,
      version: cart.version,
      coupon,
      subtotal: centsToReais(totals.subtotalCents),
      ...(totals.bagLists.length > 0 ? { listDiscount: centsToReais(totals.listDiscountCents) } : {}),
      discount: centsToReais(totals.discountCents),
      total: centsToReais(totals.totalCents),
      bags: [...bags.values()],
    },
    pricing: { lines, bagLists: totals.bagLists },
  };
}

/**
 * Every cart call's reply: the open cart (or the empty one) and the removals not acknowledged yet.
 * `now` decides which material lists are published (their discount, 0072): the API's clock
 * (deps.now()), which every call of the store API passes.
 */
export async function cartReply(
  db: Kysely<Database>,
  customer: { id: string; store_id: number },
  now: Date = new Date(),
): Promise<CartReply> {
  return (await pricedCartReply(db, customer, now)).reply;
}

/** cartReply, and the pricing its cart shows (saveCart compares it with the cart's before a change). */
export async function pricedCartReply(
  db: Kysely<Database>,
  customer: { id: string; store_id: number },
  now: Date,
): Promise<{ reply: CartReply; pricing: CartViewPricing }> {
  const cart = await findOpenCart(db, customer.id, customer.store_id);
  const [{ cart: view, pricing }, itemsRemoved] = await Promise.all([
    pricedCartView(db, cart, now),
    pendingRemovals(db, customer.id),
  ]);
  return { reply: { cart: view, itemsRemoved }, pricing };
}
