/**
 * The one place a cart is priced, for the cart replies and for the purchase (finish-cart.ts),
 * which re-prices: prices always come from the catalogue, never from a request.
 *
 *   subtotal = Σ quantity × DESCONTO (sale_price_cents)       — integer centavos
 *   discount = round(subtotal × coupon percentage / 100)     — half up, to centavos
 *   total    = subtotal − discount
 *
 * The coupon applies to the whole cart's total (spec §4), so each line's DESCONTO stays
 * the catalogue's selling price. A line of a variant (its item code is the variant's: a size)
 * has the variant's prices where it sets them, else the product's (docs/decisions/0067).
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

export interface CartLine {
  bagId: string;
  bagPosition: number;
  /** Null for items waiting for a student (spec §6 visitor's cart, merged at login). */
  studentId: string | null;
  studentName: string | null;
  studentRA: string | null;
  cartItemId: string;
  itemPosition: number;
  itemTOTVSId: number;
  quantity: number;
  productId: string;
  title: string;
  /** The product's option ("Tamanho") and the variant's value ("M"); null for a product without variants. */
  optionName: string | null;
  optionValue: string | null;
  slug: string;
  image: string;
  priceCents: number;
  salePriceCents: number;
  type: string;
  installments: number;
  shift: string | null;
  unitCode: string;
  maxInstallments: number;
  turnYear: boolean;
  schoolYear: number;
  categoryId: string;
  categoryTitle: string;
  categorySlug: string;
  /**
   * Visible and enabled, in a visible and enabled category: still for sale. A product with
   * variants is sold only as one of its active variants.
   */
  shoppable: boolean;
}

/** Every line of the cart, bags and items in the customer's order. */
export async function loadCartLines(db: Kysely<Database>, cartId: string): Promise<CartLine[]> {
  const rows = await db
    .selectFrom("cart_items as i")
    .innerJoin("cart_bags as b", "b.id", "i.bag_id")
    .leftJoin("students as s", "s.id", "b.student_id")
    .innerJoin("products as p", "p.id", "i.product_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .leftJoin("product_variants as v", (join) =>
      join.onRef("v.product_id", "=", "p.id").onRef("v.item_totvs_id", "=", "i.item_totvs_id"),
    )
    .select([
      "b.id as bag_id",
      "b.position as bag_position",
      "b.student_id",
      "s.nome as student_name",
      "s.ra as student_ra",
      "i.id as item_id",
      "i.position as item_position",
      "i.item_totvs_id",
      "i.quantity",
      "p.id as product_id",
      "p.title",
      "p.slug",
      "p.image",
      "p.price_cents",
      "p.sale_price_cents",
      "p.type",
      "p.installments",
      "p.shift",
      "p.unit_code",
      "p.max_installments",
      "p.turn_year",
      "p.school_year",
      "p.status",
      "p.visible",
      "p.category_id",
      "c.title as category_title",
      "c.slug as category_slug",
      "c.status as category_status",
      "c.visible as category_visible",
      "p.option_name",
      "v.value as option_value",
      "v.active as variant_active",
      "v.price_cents as variant_price_cents",
      "v.sale_price_cents as variant_sale_price_cents",
    ])
    .where("b.cart_id", "=", cartId)
    .orderBy("b.position")
    .orderBy("i.position")
    .execute();
  return rows.map((row) => ({
    bagId: row.bag_id,
    bagPosition: row.bag_position,
    studentId: row.student_id,
    studentName: row.student_name,
    studentRA: row.student_ra,
    cartItemId: row.item_id,
    itemPosition: row.item_position,
    itemTOTVSId: row.item_totvs_id,
    quantity: row.quantity,
    productId: row.product_id,
    title: row.title,
    optionName: row.option_value === null ? null : row.option_name,
    optionValue: row.option_value,
    slug: row.slug,
    image: row.image,
    priceCents: row.variant_price_cents ?? row.price_cents,
    salePriceCents: row.variant_sale_price_cents ?? row.sale_price_cents,
    type: row.type,
    installments: row.installments,
    shift: row.shift,
    unitCode: row.unit_code,
    maxInstallments: row.max_installments,
    turnYear: row.turn_year === 1,
    schoolYear: row.school_year,
    categoryId: row.category_id,
    categoryTitle: row.category_title,
    categorySlug: row.category_slug,
    shoppable:
      row.status === "enabled" &&
      row.visible === 1 &&
      row.category_status === "enabled" &&
      row.category_visible === 1 &&
      (row.option_name === null ? row.option_value === null : row.variant_active === 1),
  }));
}

export interface CartTotals {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

/** The formula at the top of this file, over lines already read from the catalogue. */
export function priceLines(
  lines: readonly Pick<CartLine, "quantity" | "salePriceCents">[],
  couponPercentage = 0,
): CartTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.salePriceCents, 0);
  const percentage = Math.min(100, Math.max(0, couponPercentage));
  const discountCents = Math.round((subtotalCents * percentage) / 100);
  return { subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
}

export interface PricedCart extends CartTotals {
  /** Lines still for sale, priced. */
  lines: CartLine[];
  /** Lines whose product left the catalogue since it was added: the checkout must refuse or drop them. */
  unavailable: CartLine[];
  coupon: { id: string; code: string; percentage: number } | null;
}

/** Re-prices a cart from the catalogue and its applied coupon (the checkout re-checks the coupon with couponCheck). */
export async function priceCart(db: Kysely<Database>, cartId: string): Promise<PricedCart> {
  const [all, cart] = await Promise.all([
    loadCartLines(db, cartId),
    db
      .selectFrom("carts")
      .leftJoin("coupons", "coupons.id", "carts.coupon_id")
      .select(["coupons.id as coupon_id", "coupons.code", "coupons.percentage"])
      .where("carts.id", "=", cartId)
      .executeTakeFirst(),
  ]);
  const coupon =
    cart?.coupon_id && cart.code !== null && cart.percentage !== null
      ? { id: cart.coupon_id, code: cart.code, percentage: cart.percentage }
      : null;
  const lines = all.filter((line) => line.shoppable);
  return {
    ...priceLines(lines, coupon?.percentage ?? 0),
    lines,
    unavailable: all.filter((line) => !line.shoppable),
    coupon,
  };
}
