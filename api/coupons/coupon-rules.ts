/**
 * Coupon eligibility, a server-side rule spec §9 leaves to the store (§4: one coupon at a
 * time): enabled (not paused by the gestor), inside its validity window, under its total usage
 * limit and under the customer's own limit, and, when the gestor limited it to some school
 * units or categories, every item of the cart among them (the discount is on the whole cart,
 * spec §4; docs/decisions/0033-gestor-coupons-and-ticket-replies.md). Checked when a coupon is
 * applied and again at purchase (the checkout calls couponCheck). Uses are the coupon_uses rows
 * the checkout writes; a coupon merely applied to a cart is not a use.
 */
import type { Kysely, Selectable } from "kysely";
import type { CouponTable, Database } from "#db/schema.ts";
import { normalizeCouponCode } from "#core/coupon-code.ts";
import { COUPON_CODE_REQUIRED, COUPON_INVALID, COUPON_USED_UP } from "../contract/coupons.ts";

export const COUPON_MESSAGES = {
  invalid: COUPON_INVALID,
  notStarted: "Este cupom ainda não está válido.",
  expired: "Este cupom expirou.",
  usedUp: COUPON_USED_UP,
  customerLimit: "Você já usou este cupom o número máximo de vezes.",
  alreadyApplied: "Já existe um cupom aplicado neste carrinho.",
  emptyCart: "Adicione itens ao carrinho antes de aplicar um cupom.",
  freeCart: "Este carrinho não tem valor a pagar: não há desconto a aplicar.",
  otherItems: "Este cupom não vale para todos os itens do carrinho: ele é só para algumas unidades ou categorias.",
  codeRequired: COUPON_CODE_REQUIRED,
} as const;

export type CouponRow = Selectable<CouponTable>;

export type CouponCheck = { ok: true } | { ok: false; status: 400 | 404; message: string };

/** What of a cart's item a coupon limited to units or categories looks at. */
export interface CouponItem {
  unitCode: string;
  categoryId: string;
}

/** The units and categories a coupon is limited to; an empty set limits nothing. */
interface CouponScope {
  units: Set<string>;
  categories: Set<string>;
}

async function loadScopes(db: Kysely<Database>, couponIds: string[]): Promise<Map<string, CouponScope>> {
  const scopes = new Map(couponIds.map((id) => [id, { units: new Set<string>(), categories: new Set<string>() }]));
  if (couponIds.length === 0) return scopes;
  const [units, categories] = await Promise.all([
    db.selectFrom("coupon_units").selectAll().where("coupon_id", "in", couponIds).execute(),
    db.selectFrom("coupon_categories").selectAll().where("coupon_id", "in", couponIds).execute(),
  ]);
  for (const row of units) scopes.get(row.coupon_id)!.units.add(row.unit_code);
  for (const row of categories) scopes.get(row.coupon_id)!.categories.add(row.category_id);
  return scopes;
}

function coversEveryItem(scope: CouponScope, items: readonly CouponItem[]): boolean {
  return items.every(
    (item) =>
      (scope.units.size === 0 || scope.units.has(item.unitCode)) &&
      (scope.categories.size === 0 || scope.categories.has(item.categoryId)),
  );
}

export function findCouponByCode(db: Kysely<Database>, storeId: number, code: string) {
  return db
    .selectFrom("coupons")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("code", "=", normalizeCouponCode(code))
    .executeTakeFirst();
}

function findCouponById(db: Kysely<Database>, couponId: string) {
  return db.selectFrom("coupons").selectAll().where("id", "=", couponId).executeTakeFirst();
}

/**
 * The coupon as a purchase may use it: for a coupon with a global limit, its row is held until
 * the purchase's transaction ends, so purchases by different customers (each under its own
 * customer lock) count its uses one after another. Without it, PostgreSQL let ten purchases
 * that finished together each count the uses before any was written. A no-op update, as
 * lockCustomer does: it holds the row in PostgreSQL and is a write under SQLite's lock.
 * Call it in the purchase's transaction, before couponCheck (docs/decisions/0015-store-api-input.md).
 */
export async function findCouponForPurchase(db: Kysely<Database>, couponId: string) {
  const coupon = await findCouponById(db, couponId);
  if (coupon?.max_uses == null) return coupon;
  await db
    .updateTable("coupons")
    .set((eb) => ({ store_id: eb.ref("store_id") }))
    .where("id", "=", couponId)
    .execute();
  // Read again once held: the coupon may have changed while this purchase waited.
  return findCouponById(db, couponId);
}

async function countUses(db: Kysely<Database>, couponIds: string[], customerId: string) {
  const uses = new Map(couponIds.map((id) => [id, { total: 0, customer: 0 }]));
  if (couponIds.length === 0) return uses;
  const rows = await db
    .selectFrom("coupon_uses")
    .select((eb) => [
      "coupon_id",
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(eb.case().when("customer_id", "=", customerId).then(1).else(0).end()).as("mine"),
    ])
    .where("coupon_id", "in", couponIds)
    .groupBy("coupon_id")
    .execute();
  // PostgreSQL answers COUNT and SUM as text or bigint: Number() reads both.
  for (const row of rows) uses.set(row.coupon_id, { total: Number(row.total), customer: Number(row.mine ?? 0) });
  return uses;
}

function problemOf(
  coupon: CouponRow,
  uses: { total: number; customer: number },
  now: Date,
  scoped?: { scope: CouponScope; items: readonly CouponItem[] },
): CouponCheck {
  const at = now.getTime();
  if (coupon.status !== "enabled") return { ok: false, status: 404, message: COUPON_MESSAGES.invalid };
  if (at < Date.parse(coupon.starts_at)) return { ok: false, status: 400, message: COUPON_MESSAGES.notStarted };
  if (at > Date.parse(coupon.ends_at)) return { ok: false, status: 400, message: COUPON_MESSAGES.expired };
  if (coupon.max_uses !== null && uses.total >= coupon.max_uses) {
    return { ok: false, status: 400, message: COUPON_MESSAGES.usedUp };
  }
  if (coupon.max_uses_per_customer !== null && uses.customer >= coupon.max_uses_per_customer) {
    return { ok: false, status: 400, message: COUPON_MESSAGES.customerLimit };
  }
  if (scoped && !coversEveryItem(scoped.scope, scoped.items))
    return { ok: false, status: 400, message: COUPON_MESSAGES.otherItems };
  return { ok: true };
}

/**
 * Whether `coupon` may be used by the customer now. For the checkout: pass the coupon
 * applied to the cart and the purchase's moment; run it in the purchase's transaction
 * so the limits hold when two purchases race. `items` are the cart's items for sale, checked
 * against the coupon's units and categories; without them (a Pix code renewed for a sale whose
 * items passed at purchase) those are not looked at.
 */
export async function couponCheck(
  db: Kysely<Database>,
  {
    coupon,
    customerId,
    now,
    items,
  }: { coupon: CouponRow | undefined; customerId: string; now: Date; items?: readonly CouponItem[] },
): Promise<CouponCheck> {
  if (!coupon) return { ok: false, status: 404, message: COUPON_MESSAGES.invalid };
  const uses = (await countUses(db, [coupon.id], customerId)).get(coupon.id)!;
  const scope = items ? (await loadScopes(db, [coupon.id])).get(coupon.id)! : undefined;
  return problemOf(coupon, uses, now, scope && items ? { scope, items } : undefined);
}

/** The store's coupons this customer may apply now to a cart of `items`, by percentage then code. */
export async function listAvailableCoupons(
  db: Kysely<Database>,
  { storeId, customerId, now, items }: { storeId: number; customerId: string; now: Date; items: readonly CouponItem[] },
): Promise<CouponRow[]> {
  const coupons = await db
    .selectFrom("coupons")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("status", "=", "enabled")
    .execute();
  const ids = coupons.map((coupon) => coupon.id);
  const [uses, scopes] = await Promise.all([countUses(db, ids, customerId), loadScopes(db, ids)]);
  return coupons
    .filter((coupon) => problemOf(coupon, uses.get(coupon.id)!, now, { scope: scopes.get(coupon.id)!, items }).ok)
    .sort((a, b) => b.percentage - a.percentage || a.code.localeCompare(b.code));
}

/**
 * Whether the coupon applied to a cart still applies after the cart changed (issue 25, point 11;
 * docs/decisions/0047-coupon-kept-while-it-applies.md): the rules of couponCheck over the items
 * for sale now, and something left to discount. A R$ 0,00 cart takes no coupon.
 */
export async function couponStillApplies(
  db: Kysely<Database>,
  {
    couponId,
    customerId,
    now,
    items,
  }: {
    couponId: string;
    customerId: string;
    now: Date;
    items: readonly (CouponItem & { salePriceCents: number; quantity: number })[];
  },
): Promise<CouponCheck> {
  if (!hasSomethingToPay(items)) return { ok: false, status: 400, message: COUPON_MESSAGES.freeCart };
  return couponCheck(db, { coupon: await findCouponById(db, couponId), customerId, now, items });
}

/** A cart whose items for sale all cost nothing has nothing a coupon could take off. */
export function hasSomethingToPay(items: readonly { salePriceCents: number; quantity: number }[]): boolean {
  return items.some((item) => item.salePriceCents * item.quantity > 0);
}
