/**
 * The one place a cart is priced, for the cart replies and for the purchase (finish-cart.ts),
 * which re-prices: prices always come from the catalogue, never from a request.
 *
 *   subtotal      = Σ quantity × DESCONTO (sale_price_cents)                  — integer centavos
 *   list discount = Σ over bags, per bag: round(X% × Σ the list's pieces in the bag, each line
 *                   counted up to the list's quantity) while every required line is in the bag
 *   discount      = round((subtotal − list discount) × coupon percentage / 100)
 *   total         = subtotal − list discount − discount
 *
 * Every rounding is half up, to centavos. The list discount ("Lista completa com X% de
 * desconto", issue 29) is docs/decisions/0072-list-discount-and-coupon.md: a bag filled from a
 * material list (cart_bags.material_list_id) that is still published and gives a discount has it
 * while each required line of the list is in the bag with at least the list's quantity (a line
 * of a product with sizes: any of its sizes for sale, together); a required line the parent
 * cannot buy now (not for sale, or sold out for the list's quantity) is excused. Extra pieces
 * and items not on the list pay full price. The coupon applies to the whole cart's total after
 * the list discounts (spec §4: one coupon, on the cart), so each line's DESCONTO stays the
 * catalogue's selling price. A line of a variant (its item code is the variant's: a size) has the variant's prices
 * where it sets them, else the product's (docs/decisions/0067).
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { ListDiscountRemoved } from "../contract/carts.ts";
import { isForSale, isPublished, isSoldOut } from "../material-lists/list-view.ts";
import { findStockLevels, stockKeyOf } from "../stock/repository.ts";

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
  /** The material lists' discounts, all bags together (0072). */
  listDiscountCents: number;
  /** The coupon's. */
  discountCents: number;
  totalCents: number;
}

/** A bag's material list as the price reads it (0072): its discount and its lines. */
export interface BagMaterialList {
  listId: string;
  /** "Lista de material — 6º Ano". */
  title: string;
  percentage: number;
  lines: {
    productId: string;
    title: string;
    quantity: number;
    required: boolean;
    /**
     * A required line the parent cannot buy now: its product left the catalogue or is sold out
     * for the list's quantity (list-view.ts isForSale / isSoldOut). The discount applies
     * without it (0072).
     */
    excused: boolean;
  }[];
}

/** What a bag's list gives it now (0072). */
export interface BagListPrice extends Omit<BagMaterialList, "lines"> {
  bagId: string;
  /** Every required line is in the bag: the discount applies. */
  applies: boolean;
  /** The titles of the required lines not in the bag (or with fewer pieces than the list's), but excused ones. */
  missing: string[];
  /** 0 unless it applies. */
  discountCents: number;
}

type PricedLine = Pick<CartLine, "bagId" | "productId" | "quantity" | "salePriceCents">;

const halfUpPercent = (cents: number, percentage: number) => Math.round((cents * percentage) / 100);

/**
 * The list discount of one bag (0072): whether every required line is in it, which are missing,
 * and X% of the list's pieces in the bag, each line counted up to the list's quantity. A product
 * with sizes is one line: its pieces of every size count together, in the bag's order.
 */
export function bagListPrice(bagId: string, bagLines: readonly PricedLine[], list: BagMaterialList): BagListPrice {
  const inBag = (productId: string) => bagLines.filter((line) => line.productId === productId);
  const piecesOf = (productId: string) => inBag(productId).reduce((sum, line) => sum + line.quantity, 0);
  const missing = list.lines
    .filter((line) => line.required && !line.excused && piecesOf(line.productId) < line.quantity)
    .map((line) => line.title);
  const applies = missing.length === 0;
  let listedCents = 0;
  for (const listLine of list.lines) {
    let left = listLine.quantity;
    for (const line of inBag(listLine.productId)) {
      const counted = Math.min(left, line.quantity);
      listedCents += counted * line.salePriceCents;
      left -= counted;
    }
  }
  const { lines: _lines, ...named } = list;
  return {
    ...named,
    bagId,
    applies,
    missing,
    discountCents: applies ? halfUpPercent(listedCents, list.percentage) : 0,
  };
}

/** The formula at the top of this file, over lines already read from the catalogue. */
export function priceLines(
  lines: readonly PricedLine[],
  couponPercentage = 0,
  /** By bag id: the material list each bag was filled from, when it gives a discount (loadBagLists). */
  bagLists: ReadonlyMap<string, BagMaterialList> = new Map(),
): CartTotals & { bagLists: BagListPrice[] } {
  const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.salePriceCents, 0);
  const priced = [...bagLists].map(([bagId, list]) =>
    bagListPrice(
      bagId,
      lines.filter((line) => line.bagId === bagId),
      list,
    ),
  );
  const listDiscountCents = priced.reduce((sum, bag) => sum + bag.discountCents, 0);
  const percentage = Math.min(100, Math.max(0, couponPercentage));
  const discountCents = halfUpPercent(subtotalCents - listDiscountCents, percentage);
  return {
    subtotalCents,
    listDiscountCents,
    discountCents,
    totalCents: subtotalCents - listDiscountCents - discountCents,
    bagLists: priced,
  };
}

/**
 * The material list of each of the cart's bags that was filled from one that is still published
 * (api/material-lists/list-view.ts isPublished) and gives a discount, by bag id (0072). Read
 * at every pricing: a list the gestor unpublished or whose discount he removed gives none. Its
 * lines say which required ones are excused (not for sale, or sold out, now), with the parents'
 * list's own predicates; the stock is read only for carts with such a list, in one query.
 */
export async function loadBagLists(
  db: Kysely<Database>,
  cartId: string,
  now: Date,
): Promise<Map<string, BagMaterialList>> {
  const bags = await db
    .selectFrom("cart_bags as b")
    .innerJoin("carts", "carts.id", "b.cart_id")
    .innerJoin("material_lists as l", (join) =>
      join.onRef("l.id", "=", "b.material_list_id").onRef("l.store_id", "=", "carts.store_id"),
    )
    .leftJoin("series as s", (join) =>
      join
        .onRef("s.store_id", "=", "l.store_id")
        .onRef("s.period_code", "=", "l.period_code")
        .onRef("s.codgrade", "=", "l.codgrade"),
    )
    .select([
      "b.id as bag_id",
      "carts.store_id",
      "l.id",
      "l.publish_from",
      "l.discount_percentage",
      "l.codgrade",
      "s.grade_name",
    ])
    .where("b.cart_id", "=", cartId)
    .where("l.discount_percentage", "is not", null)
    .execute();
  const lists = bags.filter((bag) => isPublished(bag, now));
  const found = new Map<string, BagMaterialList>();
  if (lists.length === 0) return found;
  // One row per line and active size (one row for a product without sizes, or with none active).
  const rows = await db
    .selectFrom("material_list_lines as ll")
    .innerJoin("products as p", "p.id", "ll.product_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .leftJoin("product_variants as v", (join) => join.onRef("v.product_id", "=", "p.id").on("v.active", "=", 1))
    .select([
      "ll.id as line_id",
      "ll.list_id",
      "ll.product_id",
      "p.title",
      "ll.quantity",
      "ll.required",
      "p.unit_code",
      "p.item_totvs_id",
      "p.option_name",
      "p.status",
      "p.visible",
      "c.status as category_status",
      "c.visible as category_visible",
      "v.item_totvs_id as size_item_totvs_id",
    ])
    .where("ll.list_id", "in", [...new Set(lists.map((list) => list.id))])
    .orderBy("ll.position")
    .execute();
  /** Each line's items to buy: its active sizes, or the product itself. */
  const itemsOf = new Map<string, { row: (typeof rows)[number]; itemTotvsIds: number[] }>();
  for (const row of rows) {
    const line = itemsOf.get(row.line_id) ?? { row, itemTotvsIds: [] };
    itemsOf.set(row.line_id, line);
    if (row.option_name === null) line.itemTotvsIds = [row.item_totvs_id];
    else if (row.size_item_totvs_id !== null) line.itemTotvsIds.push(row.size_item_totvs_id);
  }
  const lines = [...itemsOf.values()];
  const levels = await findStockLevels(
    db,
    lists[0]!.store_id,
    lines.flatMap(({ row, itemTotvsIds }) =>
      itemTotvsIds.map((itemTotvsId) => ({ unitCode: row.unit_code, itemTotvsId })),
    ),
  );
  const excused = ({ row, itemTotvsIds }: (typeof lines)[number]) =>
    !isForSale(row, itemTotvsIds.length) ||
    isSoldOut(
      itemTotvsIds.map((itemTotvsId) => levels.get(stockKeyOf({ unitCode: row.unit_code, itemTotvsId }))),
      row.quantity,
    );
  for (const list of lists) {
    found.set(list.bag_id, {
      listId: list.id,
      title: `Lista de material — ${list.grade_name ?? list.codgrade}`,
      percentage: list.discount_percentage!,
      lines: lines
        .filter(({ row }) => row.list_id === list.id)
        .map((line) => ({
          productId: line.row.product_id,
          title: line.row.title,
          quantity: line.row.quantity,
          required: line.row.required === 1,
          excused: excused(line),
        })),
    });
  }
  return found;
}

export interface PricedCart extends CartTotals {
  /** Lines still for sale, priced. */
  lines: CartLine[];
  /** Lines whose product left the catalogue since it was added: the checkout must refuse or drop them. */
  unavailable: CartLine[];
  coupon: { id: string; code: string; percentage: number } | null;
  /** Each bag filled from a material list that gives a discount, and what it gives now (0072). */
  bagLists: BagListPrice[];
}

/** Re-prices a cart from the catalogue, its bags' material lists and its applied coupon (the checkout re-checks the coupon with couponCheck). */
export async function priceCart(db: Kysely<Database>, cartId: string, now: Date): Promise<PricedCart> {
  const [all, cart, bagLists] = await Promise.all([
    loadCartLines(db, cartId),
    db
      .selectFrom("carts")
      .leftJoin("coupons", "coupons.id", "carts.coupon_id")
      .select(["coupons.id as coupon_id", "coupons.code", "coupons.percentage"])
      .where("carts.id", "=", cartId)
      .executeTakeFirst(),
    loadBagLists(db, cartId, now),
  ]);
  const coupon =
    cart?.coupon_id && cart.code !== null && cart.percentage !== null
      ? { id: cart.coupon_id, code: cart.code, percentage: cart.percentage }
      : null;
  const lines = all.filter((line) => line.shoppable);
  return {
    ...priceLines(lines, coupon?.percentage ?? 0, bagLists),
    lines,
    unavailable: all.filter((line) => !line.shoppable),
    coupon,
  };
}

/**
 * The bags whose list discount applied before a change and, still in the cart, no longer does
 * (0072): which list, and the required lines now missing. A bag keeps its id while its student
 * stays in the cart (repository.ts writeContents); a bag the change emptied is gone, and lost
 * nothing worth a message.
 */
export function listDiscountsLost(
  before: Pick<PricedCart, "bagLists">,
  after: Pick<PricedCart, "bagLists" | "lines">,
): ListDiscountRemoved[] {
  return after.bagLists.flatMap((now) => {
    const was = before.bagLists.find((list) => list.bagId === now.bagId && list.listId === now.listId);
    if (!was?.applies || now.applies) return [];
    const studentName = after.lines.find((line) => line.bagId === now.bagId)?.studentName ?? null;
    return [{ studentName, title: now.title, missing: now.missing }];
  });
}
