import type { Kysely } from "kysely";
import { checkBag } from "#core/cart-rules.ts";
import type { Database } from "#db/schema.ts";
import {
  PAYMENT_IN_PROGRESS,
  type CartPayloadData,
  type CouponRemoved,
  type SaveCartReply,
} from "../contract/carts.ts";
import { couponStillApplies } from "../coupons/coupon-rules.ts";
import { listDiscountsLost, loadCartLines, priceCart } from "./cart-pricing.ts";
import type { CustomerRow } from "../customers/repository.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError, badRequest, notFound } from "../errors.ts";
import { lockCustomer } from "../customers/customer-lock.ts";
import { STUDENT_NOT_FOUND } from "../contract/students.ts";
import { liveLinks } from "../students/repository.ts";
import {
  createCart,
  findOpenCart,
  readContents,
  sameContents,
  touchCart,
  writeContents,
  type StoredBag,
} from "./repository.ts";
import { cartReply, pricedCartReply } from "./cart-view.ts";

export const STALE_CART = "Seu carrinho mudou em outra aba. Atualize a página.";

/**
 * A cart whose sale is "processing" (the acquirer's answer unknown: a timeout, a crash) stays
 * as it is until that answer is recorded: a retry charges that sale's amount and recording it
 * finishes the cart as it stands, so an item added meanwhile would leave unpaid with it (0018).
 */
export async function assertNoPaymentInProgress(db: Kysely<Database>, cartId: string): Promise<void> {
  const processing = await db
    .selectFrom("sales")
    .select("id")
    .where("cart_id", "=", cartId)
    .where("status", "=", "processing")
    .executeTakeFirst();
  if (processing) throw new ApiError(409, PAYMENT_IN_PROGRESS);
}

interface CatalogueItem {
  productId: string;
  type: string;
  unitCode: string;
}

/**
 * The requested items as the catalogue has them; an unknown or withdrawn one is a 400. An item
 * code is a product's or one of its variants' (a size: docs/decisions/0067); a product with
 * variants is bought as one of them, never by its own code.
 */
async function catalogueItems(
  db: Kysely<Database>,
  storeId: number,
  ids: number[],
): Promise<Map<number, CatalogueItem>> {
  const found = new Map<number, CatalogueItem>();
  if (ids.length === 0) return found;
  const products = await db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select(["p.id", "p.item_totvs_id", "p.title", "p.type", "p.unit_code", "p.status", "p.visible", "p.option_name"])
    .select(["c.status as category_status", "c.visible as category_visible"])
    .where("p.store_id", "=", storeId)
    .where("p.item_totvs_id", "in", ids)
    .execute();
  const variants = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select(["p.id", "v.item_totvs_id", "p.title", "p.type", "p.unit_code", "p.status", "p.visible", "p.option_name"])
    .select(["c.status as category_status", "c.visible as category_visible", "v.active as variant_active", "v.value"])
    .where("v.store_id", "=", storeId)
    .where("v.item_totvs_id", "in", ids)
    .execute();
  const byId = new Map<number, (typeof variants)[number] | ((typeof products)[number] & { variant_active: null })>([
    ...products.map((row) => [row.item_totvs_id, { ...row, variant_active: null }] as const),
    ...variants.map((row) => [row.item_totvs_id, row] as const),
  ]);
  for (const id of ids) {
    const row = byId.get(id);
    if (row && row.variant_active === null && row.option_name !== null)
      throw badRequest(`Escolha uma opção de ${row.option_name.toLowerCase()} para ${row.title}.`);
    // A size the gestor switched off is named, so the parent knows to choose another (0066).
    if (row && "value" in row && row.variant_active === 0 && row.option_name !== null)
      throw badRequest(`${row.title} (${row.option_name} ${row.value}) não está mais à venda. Escolha outra opção.`);
    const shoppable =
      row &&
      row.status === "enabled" &&
      row.visible === 1 &&
      row.category_status === "enabled" &&
      row.category_visible === 1 &&
      (row.variant_active === null ? row.option_name === null : row.variant_active === 1 && row.option_name !== null);
    if (!shoppable) throw badRequest(`Produto indisponível: ${row ? row.title : `código ${id}`}.`);
    found.set(id, { productId: row.id, type: row.type, unitCode: row.unit_code });
  }
  return found;
}

/**
 * The cart the request asks for, checked against the catalogue and the cart rules:
 * bags for the same student are joined, repeated items summed, empty bags dropped.
 * The student-less bag (studentId null) waits for the checkout to assign its items.
 */
export async function desiredContents(
  db: Kysely<Database>,
  storeId: number,
  requested: CartPayloadData["bags"],
): Promise<StoredBag[]> {
  const ids = [...new Set(requested.flatMap((bag) => bag.cartItems.map((item) => item.itemTOTVSId)))];
  const catalogue = await catalogueItems(db, storeId, ids);
  const byStudent = new Map<string | null, { itemTOTVSId: number; quantity: number }[]>();
  for (const bag of requested)
    byStudent.set(bag.studentId, [...(byStudent.get(bag.studentId) ?? []), ...bag.cartItems]);
  const bags: StoredBag[] = [];
  for (const [studentId, items] of byStudent) {
    const lines = items.map((item) => ({ ...item, ...catalogue.get(item.itemTOTVSId)! }));
    const checked = checkBag(lines, { forStudent: studentId !== null });
    if (!checked.ok) throw badRequest(checked.message);
    if (checked.lines.length === 0) continue;
    bags.push({
      studentId,
      items: checked.lines.map(({ productId, itemTOTVSId, quantity }) => ({ productId, itemTOTVSId, quantity })),
    });
  }
  return bags;
}

async function assertLinkedStudents(db: Kysely<Database>, customerId: string, bags: StoredBag[]): Promise<void> {
  const studentIds = bags.flatMap((bag) => (bag.studentId === null ? [] : [bag.studentId]));
  if (studentIds.length === 0) return;
  const linked = await liveLinks(db, customerId).where("student_id", "in", studentIds).execute();
  const ids = new Set(linked.map((link) => link.student_id));
  if (studentIds.some((id) => !ids.has(id))) throw notFound(STUDENT_NOT_FOUND);
}

/** The affiliate the request names, else the unit of the first item, else none. */
export async function affiliateOf(
  db: Kysely<Database>,
  requested: string | null,
  bags: StoredBag[],
): Promise<string | null> {
  if (requested !== null) return requested;
  const first = bags[0]?.items[0];
  if (!first) return null;
  const row = await db.selectFrom("products").select("unit_code").where("id", "=", first.productId).executeTakeFirst();
  return row?.unit_code ?? null;
}

/**
 * POST /carts/client-add-item-to-cart: the whole cart is sent and replaces the stored
 * one, in one transaction per customer. A stale `version` is a 409 unless the request
 * asks for exactly what is stored (a repeated submit). A change to the contents keeps the
 * coupon only while it still applies (0047); an empty list empties the cart. A bag whose material
 * list discount the change took away (a required line left or went below the list's quantity) is
 * named in the reply, so the shopper is told (docs/decisions/0072-list-discount-and-coupon.md).
 */
export async function saveCart(deps: ApiDeps, customer: CustomerRow, data: CartPayloadData): Promise<SaveCartReply> {
  const bags = await desiredContents(deps.db, customer.store_id, data.bags);
  const affiliateId = await affiliateOf(deps.db, data.affiliateId, bags);
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const at = now.toISOString();
    await lockCustomer(trx, customer.id);
    await assertLinkedStudents(trx, customer.id, bags);
    const cart = await findOpenCart(trx, customer.id, customer.store_id);
    if (!cart) {
      // No open cart (none yet, or the gestor deleted it): any version starts a new one.
      if (bags.length > 0) {
        await createCart(
          trx,
          { storeId: customer.store_id, owner: { customerId: customer.id }, affiliateId, at },
          bags,
        );
      }
      return cartReply(trx, customer, now);
    }
    const unchanged = sameContents(await readContents(trx, cart.id), bags);
    if (data.version !== undefined && data.version !== cart.version && !unchanged) throw new ApiError(409, STALE_CART);
    if (unchanged && affiliateId === cart.affiliate_id) return cartReply(trx, customer, now);
    await assertNoPaymentInProgress(trx, cart.id);
    const pricedBefore = unchanged ? null : await priceCart(trx, cart.id, now);
    if (!unchanged) await writeContents(trx, cart.id, bags, at);
    const couponRemoved =
      unchanged || !cart.coupon_id
        ? null
        : await couponDroppedBy(trx, cart.id, cart.coupon_id, customer.id, deps.now());
    await touchCart(
      trx,
      cart,
      couponRemoved ? { affiliate_id: affiliateId, coupon_id: null } : { affiliate_id: affiliateId },
      at,
    );
    // The reply's own pricing is the "after" (0072): the cart is priced once more, not twice.
    const { reply, pricing } = await pricedCartReply(trx, customer, now);
    const listDiscountRemoved = pricedBefore ? listDiscountsLost(pricedBefore, pricing) : [];
    return {
      ...reply,
      ...(couponRemoved ? { couponRemoved } : {}),
      ...(listDiscountRemoved.length > 0 ? { listDiscountRemoved } : {}),
    };
  });
}

/**
 * After a change to the contents, the applied coupon stays while it still applies to the cart
 * as it is now (docs/decisions/0047-coupon-kept-while-it-applies.md); otherwise it goes, and the
 * reply says which and why so the shopper is told.
 */
export async function couponDroppedBy(
  db: Kysely<Database>,
  cartId: string,
  couponId: string,
  customerId: string,
  now: Date,
): Promise<CouponRemoved | null> {
  const items = (await loadCartLines(db, cartId)).filter((line) => line.shoppable);
  const check = await couponStillApplies(db, { couponId, customerId, now, items });
  if (check.ok) return null;
  const coupon = await db.selectFrom("coupons").select("code").where("id", "=", couponId).executeTakeFirst();
  return { code: coupon?.code ?? "", reason: check.message };
}
