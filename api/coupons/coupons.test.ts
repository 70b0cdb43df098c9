import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceCart } from "#api/carts/cart-pricing.ts";
import { COUPON_MESSAGES, couponCheck, findCouponByCode } from "#api/coupons/coupon-rules.ts";
import { bag, cartTables, demoItems, getCart, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";

const NOW = new Date("2026-05-10T12:00:00Z");
const CART_NOT_FOUND = "Carrinho não foi encontrado";

let t: TestApi;
let items: Awaited<ReturnType<typeof demoItems>>;

beforeAll(async () => {
  t = await createTestApi({ now: NOW });
  items = await demoItems(t.db);
});
afterAll(() => t.close());

/** A customer with a cart holding one product (quantity 3) for a linked student. */
async function customerWithCart() {
  const customer = await signUpAndLogIn(t);
  const link = await linkByRA(t, customer, "20250005");
  const { body } = await saveCart(t, customer, [bag(link.studentId, [items.P[0]!.itemTOTVSId, 3])]);
  return {
    customer,
    cartId: body.cart.cartId as string,
    studentId: link.studentId,
    version: body.cart.version as number,
  };
}

const apply = (customer: SignedUpCustomer, cartId: unknown, code: unknown, storeId = 1) =>
  t.call(
    "PUT",
    "/cart-items/apply-coupon-discount-on-cart-items",
    { code, cartId, storeId },
    { token: customer.token },
  );
const remove = (customer: SignedUpCustomer, cartId: unknown) =>
  t.call("PUT", "/cart-items/remove-coupon-discount-in-cart-items", { cartId, storeId: 1 }, { token: customer.token });
const available = (customer: SignedUpCustomer, cartId: string, storeId = 1) =>
  t.call("GET", `/items-coupons/find-by-cart-id/${cartId}/store/${storeId}`, undefined, { token: customer.token });

let couponCount = 0;
async function insertCoupon(values: {
  percentage?: number;
  starts?: string;
  ends?: string;
  maxUses?: number | null;
  perCustomer?: number | null;
  status?: "enabled" | "disabled";
}) {
  couponCount += 1;
  const row = {
    id: crypto.randomUUID(),
    store_id: 1,
    code: `TESTE${couponCount}`,
    percentage: values.percentage ?? 20,
    starts_at: values.starts ?? "2026-01-01T00:00:00.000Z",
    ends_at: values.ends ?? "2026-12-31T23:59:59.999Z",
    max_uses: values.maxUses === undefined ? 100 : values.maxUses,
    max_uses_per_customer: values.perCustomer === undefined ? 1 : values.perCustomer,
    status: values.status ?? ("enabled" as const),
    created_at: NOW.toISOString(),
  };
  await t.db.insertInto("coupons").values(row).execute();
  return row;
}

async function recordUse(couponId: string, customerId: string) {
  await t.db
    .insertInto("coupon_uses")
    .values({
      id: crypto.randomUUID(),
      coupon_id: couponId,
      customer_id: customerId,
      sale_id: null,
      created_at: NOW.toISOString(),
    })
    .execute();
}

/** The category of a product, then another enabled category of the store. */
async function productCategories(itemTOTVSId: number): Promise<[string, string]> {
  const own = await t.db
    .selectFrom("products")
    .select("category_id")
    .where("item_totvs_id", "=", itemTOTVSId)
    .executeTakeFirstOrThrow();
  const other = await t.db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select("p.category_id")
    .where("p.store_id", "=", 1)
    .where("c.status", "=", "enabled")
    .where("p.type", "not in", ["S", "M"])
    .where("p.sale_price_cents", ">", 0)
    .where("p.category_id", "!=", own.category_id)
    .executeTakeFirstOrThrow();
  return [own.category_id, other.category_id];
}

/** A product for sale (not a course, event or manual product) of the category. */
async function productOfCategory(categoryId: string): Promise<number> {
  const row = await t.db
    .selectFrom("products")
    .select("item_totvs_id")
    .where("category_id", "=", categoryId)
    .where("type", "not in", ["S", "M"])
    .where("sale_price_cents", ">", 0)
    .where("status", "=", "enabled")
    .executeTakeFirstOrThrow();
  return row.item_totvs_id;
}

describe("coupons of a cart", () => {
  it("lists the available coupons, applies one to every item and removes it", async () => {
    const { customer, cartId } = await customerWithCart();
    const listed = await available(customer, cartId);
    expect(listed.status).toBe(200);
    const codes = listed.body.itemCoupons.map((entry: any) => entry.coupon.code);
    expect(codes).toEqual(expect.arrayContaining(["BEMVINDO10", "ESCOLA5"]));
    expect(codes).not.toContain("VOLTAASAULAS15");
    expect(listed.body.itemCoupons[0]).toMatchObject({
      id: expect.any(String),
      coupon: { id: expect.any(String), percentage: expect.any(Number) },
    });

    const applied = await apply(customer, cartId, " bemvindo10 ");
    expect(applied.status).toBe(200);
    const { cart } = applied.body;
    expect(cart.coupon).toMatchObject({ code: "BEMVINDO10", percentage: 10 });
    const line = cart.bags[0].cartItems[0];
    expect(line.itemCoupon).toEqual(cart.coupon);
    expect(line.itemCouponId).toBe(cart.coupon.id);
    // DESCONTO stays the catalogue's price; the coupon applies to the total.
    expect(line.DESCONTO).toBe(items.P[0]!.salePriceCents / 100);
    const subtotal = 3 * items.P[0]!.salePriceCents;
    expect(Math.round(cart.subtotal * 100)).toBe(subtotal);
    expect(Math.round(cart.discount * 100)).toBe(Math.round(subtotal * 0.1));
    expect(Math.round(cart.total * 100)).toBe(subtotal - Math.round(subtotal * 0.1));

    const priced = await priceCart(t.db, cartId, new Date());
    expect(priced.totalCents).toBe(subtotal - Math.round(subtotal * 0.1));

    const second = await apply(customer, cartId, "ESCOLA5");
    expect([second.status, second.body.error.message]).toEqual([409, COUPON_MESSAGES.alreadyApplied]);

    const removed = await remove(customer, cartId);
    expect(removed.status).toBe(200);
    expect(removed.body.cart.coupon).toBeNull();
    expect(removed.body.cart.bags[0].cartItems[0].itemCoupon).toBeNull();
    expect((await remove(customer, cartId)).status).toBe(200);
  });

  it("keeps the coupon while a change leaves it applying, and says which and why when it goes", async () => {
    const { customer, cartId, studentId } = await customerWithCart();
    const [first, other] = await productCategories(items.P[0]!.itemTOTVSId);
    const scoped = await insertCoupon({ perCustomer: null });
    await t.db.insertInto("coupon_categories").values({ coupon_id: scoped.id, category_id: first }).execute();
    expect((await apply(customer, cartId, scoped.code)).status).toBe(200);

    const fewer = await saveCart(t, customer, [bag(studentId, [items.P[0]!.itemTOTVSId, 2])]);
    expect(fewer.status).toBe(200);
    expect(fewer.body.cart.coupon).toMatchObject({ code: scoped.code });
    expect(fewer.body.cart.discount).toBeGreaterThan(0);
    expect(fewer.body.couponRemoved).toBeUndefined();

    const elsewhere = await productOfCategory(other);
    const mixed = await saveCart(t, customer, [bag(studentId, [items.P[0]!.itemTOTVSId, 2], [elsewhere, 1])]);
    expect(mixed.body.cart.coupon).toBeNull();
    expect(mixed.body.cart.discount).toBe(0);
    expect(mixed.body.couponRemoved).toEqual({ code: scoped.code, reason: COUPON_MESSAGES.otherItems });
  });

  it("neither offers nor takes a coupon on a R$ 0,00 cart, and a change to one takes the coupon off", async () => {
    const { customer, cartId, studentId } = await customerWithCart();
    const free = await t.db
      .selectFrom("products")
      .select("item_totvs_id")
      .where("store_id", "=", 1)
      .where("sale_price_cents", "=", 0)
      .where("status", "=", "enabled")
      .executeTakeFirstOrThrow();
    expect((await apply(customer, cartId, "ESCOLA5")).status).toBe(200);
    const onlyFree = await saveCart(t, customer, [bag(studentId, [free.item_totvs_id, 1])]);
    expect(onlyFree.status).toBe(200);
    expect(onlyFree.body.cart.total).toBe(0);
    expect(onlyFree.body.couponRemoved).toEqual({ code: "ESCOLA5", reason: COUPON_MESSAGES.freeCart });
    expect((await available(customer, cartId)).body.itemCoupons).toEqual([]);
    const refused = await apply(customer, cartId, "ESCOLA5");
    expect([refused.status, refused.body.error.message]).toEqual([400, COUPON_MESSAGES.freeCart]);
    expect((await getCart(t, customer)).body.cart.coupon).toBeNull();
  });

  it("answers clear messages for unknown, expired, not started and used-up coupons", async () => {
    const { customer, cartId } = await customerWithCart();
    const other = await signUpAndLogIn(t);
    const notStarted = await insertCoupon({ starts: "2026-06-01T00:00:00.000Z" });
    const ended = await insertCoupon({ ends: "2026-05-01T00:00:00.000Z" });
    const usedUp = await insertCoupon({ maxUses: 2, perCustomer: null });
    await recordUse(usedUp.id, other.id);
    await recordUse(usedUp.id, other.id);
    const mine = await insertCoupon({ maxUses: null, perCustomer: 1 });
    await recordUse(mine.id, customer.id);
    const disabled = await insertCoupon({ status: "disabled" });
    const cases: [string, number, string][] = [
      ["NAOEXISTE", 404, COUPON_MESSAGES.invalid],
      [disabled.code, 404, COUPON_MESSAGES.invalid],
      ["VOLTAASAULAS15", 400, COUPON_MESSAGES.expired],
      [ended.code, 400, COUPON_MESSAGES.expired],
      [notStarted.code, 400, COUPON_MESSAGES.notStarted],
      [usedUp.code, 400, COUPON_MESSAGES.usedUp],
      [mine.code, 400, COUPON_MESSAGES.customerLimit],
      ["", 400, COUPON_MESSAGES.codeRequired],
    ];
    const before = await cartTables(t.db);
    for (const [code, status, message] of cases) {
      const reply = await apply(customer, cartId, code);
      expect([code, reply.status, reply.body.error.message]).toEqual([code, status, message]);
    }
    expect(await cartTables(t.db)).toEqual(before);

    const codes = (await available(customer, cartId)).body.itemCoupons.map((entry: any) => entry.coupon.code);
    for (const code of [notStarted.code, ended.code, usedUp.code, mine.code, disabled.code])
      expect(codes).not.toContain(code);
    // The per-customer limit is this customer's only: another one still sees it.
    const otherCart = await customerWithCart();
    const otherCodes = (await available(otherCart.customer, otherCart.cartId)).body.itemCoupons.map(
      (entry: any) => entry.coupon.code,
    );
    expect(otherCodes).toContain(mine.code);
    expect(otherCodes).not.toContain(usedUp.code);
  });

  it("re-checks with couponCheck, as the checkout will", async () => {
    const customer = await signUpAndLogIn(t);
    const limited = await insertCoupon({ maxUses: 1, perCustomer: 1 });
    const coupon = await findCouponByCode(t.db, 1, limited.code.toLowerCase());
    expect(await couponCheck(t.db, { coupon, customerId: customer.id, now: NOW })).toEqual({ ok: true });
    await recordUse(limited.id, customer.id);
    expect(await couponCheck(t.db, { coupon, customerId: customer.id, now: NOW })).toMatchObject({
      ok: false,
      message: COUPON_MESSAGES.usedUp,
    });
    expect(await couponCheck(t.db, { coupon: undefined, customerId: customer.id, now: NOW })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await couponCheck(t.db, { coupon, customerId: customer.id, now: new Date("2027-01-01T00:00:00Z") }),
    ).toMatchObject({
      message: COUPON_MESSAGES.expired,
    });
  });

  it("offers no coupon to an empty cart and refuses to apply one", async () => {
    const { customer, cartId } = await customerWithCart();
    await saveCart(t, customer, []);
    expect((await available(customer, cartId)).body.itemCoupons).toEqual([]);
    const reply = await apply(customer, cartId, "ESCOLA5");
    expect([reply.status, reply.body.error.message]).toEqual([400, COUPON_MESSAGES.emptyCart]);
  });
});

describe("someone else's cart", () => {
  it("is not found for listing, applying or removing coupons", async () => {
    const a = await customerWithCart();
    await apply(a.customer, a.cartId, "ESCOLA5");
    const b = await signUpAndLogIn(t);
    const before = await cartTables(t.db);
    for (const reply of [
      await available(b, a.cartId),
      await available(a.customer, a.cartId, 2),
      await available(b, crypto.randomUUID()),
      await apply(b, a.cartId, "BEMVINDO10"),
      await apply(a.customer, a.cartId, "BEMVINDO10", 2),
      await remove(b, a.cartId),
      await remove(b, "not-a-cart"),
    ]) {
      expect([reply.status, reply.body.error.message]).toEqual([404, CART_NOT_FOUND]);
    }
    expect(await cartTables(t.db)).toEqual(before);
    expect((await getCart(t, a.customer)).body.cart.coupon).toMatchObject({ code: "ESCOLA5" });
    expect(
      (await t.call("PUT", "/cart-items/remove-coupon-discount-in-cart-items", { cartId: a.cartId, storeId: 1 }))
        .status,
    ).toBe(401);
  });
});
