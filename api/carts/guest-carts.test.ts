import { randomBytes } from "node:crypto";
import { WHOLE_NETWORK } from "#api/gestor/staff/staff-scope.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CART_MESSAGES } from "#core/cart-rules.ts";
import { COMMAND_LINE } from "#api/gestor/audit/audit-log.ts";
import { deleteCart } from "#api/gestor/carts/service.ts";
import { GestorError } from "#api/gestor/gestor-error.ts";
import { bag, demoItems, getCart, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { randomAddress, signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { STALE_CART } from "./service.ts";
import { MERGE_REASONS } from "./guest-cart-merge.ts";
import { GUEST_CART_CREATION_LIMIT, GUEST_CART_MESSAGES } from "./guest-carts.ts";

let t: TestApi;
let items: Awaited<ReturnType<typeof demoItems>>;

beforeAll(async () => {
  t = await createTestApi();
  items = await demoItems(t.db);
});
afterAll(() => t.close());

const S = () => items.S[0]!.itemTOTVSId;
const S2 = () => items.S[1]!.itemTOTVSId;
const P = () => items.P[0]!.itemTOTVSId;
const P2 = () => items.P[1]!.itemTOTVSId;

const newKey = () => randomBytes(32).toString("base64url");
const waiting = (...lines: [itemTOTVSId: number, quantity: number][]) => ({
  studentId: null,
  cartItems: lines.map(([itemTOTVSId, quantity]) => ({ itemTOTVSId, quantity })),
});

function getGuestCart(key: string | undefined) {
  return t.call("GET", "/carts/list-guest-cart/store/1", undefined, {
    headers: key ? { "x-guest-cart-key": key } : {},
  });
}

function saveGuestCart(
  key: string | undefined,
  bags: unknown,
  extra: Record<string, unknown> = {},
  address = randomAddress(),
) {
  return t.call(
    "POST",
    "/carts/guest-add-item-to-cart",
    { storeId: 1, bags, ...extra },
    { address, headers: key ? { "x-guest-cart-key": key } : {} },
  );
}

function merge(customer: SignedUpCustomer, key: string, body: Record<string, unknown> = {}) {
  return t.call(
    "POST",
    "/carts/merge-guest-cart",
    { storeId: 1, customerId: customer.id, ...body },
    { token: customer.token, headers: { "x-guest-cart-key": key } },
  );
}

const lineSummary = (cart: any) =>
  cart.bags.map((b: any) => [b.studentId, b.cartItems.map((item: any) => [item.itemTOTVSId, item.quantity])]);

describe("a visitor's cart", () => {
  it("is kept against the visitor's key, with catalogue prices, and nobody else's key sees it", async () => {
    const key = newKey();
    const withPrices = waiting([S(), 1], [S2(), 1], [P(), 2]);
    const tampered = {
      ...withPrices,
      cartItems: withPrices.cartItems.map((item) => ({ ...item, PRECO: 0.01, DESCONTO: 0.01 })),
    };
    const saved = await saveGuestCart(key, [tampered]);
    expect(saved.status).toBe(200);
    const { cart, itemsRemoved } = saved.body;
    expect(itemsRemoved).toEqual([]);
    // Several courses may wait in the student-less bag: each is for a student chosen later.
    expect(lineSummary(cart)).toEqual([
      [
        null,
        [
          [S(), 1],
          [S2(), 1],
          [P(), 2],
        ],
      ],
    ]);
    expect(cart.bags[0]).toMatchObject({ name: null, RA: null, studentId: null });
    const expected = items.S[0]!.salePriceCents + items.S[1]!.salePriceCents + 2 * items.P[0]!.salePriceCents;
    expect(Math.round(cart.subtotal * 100)).toBe(expected);

    expect((await getGuestCart(key)).body.cart).toEqual(cart);
    expect((await getGuestCart(newKey())).body.cart).toMatchObject({ cartId: null, bags: [] });
  });

  it("refuses a missing or malformed key", async () => {
    for (const key of [undefined, "curta", `${newKey()}!`.slice(1)]) {
      const listed = await getGuestCart(key);
      expect([listed.status, listed.body.error.message]).toEqual([400, GUEST_CART_MESSAGES.invalidKey]);
      const saved = await saveGuestCart(key, [waiting([P(), 1])]);
      expect([saved.status, saved.body.error.message]).toEqual([400, GUEST_CART_MESSAGES.invalidKey]);
    }
  });

  it("cannot name a student, and obeys the quantity rules", async () => {
    const key = newKey();
    const customer = await signUpAndLogIn(t);
    const { studentId } = await linkByRA(t, customer, "20250003");
    const named = await saveGuestCart(key, [bag(studentId, [P(), 1])]);
    expect([named.status, named.body.error.message]).toEqual([400, GUEST_CART_MESSAGES.studentNeedsLogin]);
    const twoCourses = await saveGuestCart(key, [waiting([S(), 2])]);
    expect([twoCourses.status, twoCourses.body.error.message]).toEqual([400, CART_MESSAGES.singleUnit]);
    const zero = await saveGuestCart(key, [waiting([P(), 0])]);
    expect([zero.status, zero.body.error.message]).toEqual([400, CART_MESSAGES.quantityMin]);
    const hidden = await saveGuestCart(key, [waiting([items.hidden.itemTOTVSId, 1])]);
    expect(hidden.status).toBe(400);
    expect((await getGuestCart(key)).body.cart.bags).toEqual([]);
  });

  it("refuses a change made from a stale copy, and accepts a repeated one", async () => {
    const key = newKey();
    const first = await saveGuestCart(key, [waiting([P(), 1])]);
    const version = first.body.cart.version;
    const second = await saveGuestCart(key, [waiting([P(), 2])], { version });
    expect(second.status).toBe(200);
    const stale = await saveGuestCart(key, [waiting([P(), 5])], { version });
    expect([stale.status, stale.body.error.message]).toEqual([409, STALE_CART]);
    const repeated = await saveGuestCart(key, [waiting([P(), 2])], { version });
    expect(repeated.status).toBe(200);
    expect(lineSummary((await getGuestCart(key)).body.cart)).toEqual([[null, [[P(), 2]]]]);
  });

  it("limits how many carts one address creates", async () => {
    const address = randomAddress();
    for (let i = 0; i < GUEST_CART_CREATION_LIMIT.limit; i++) {
      expect((await saveGuestCart(newKey(), [waiting([P(), 1])], {}, address)).status).toBe(200);
    }
    const refused = await saveGuestCart(newKey(), [waiting([P(), 1])], {}, address);
    expect(refused.status).toBe(429);
  });

  it("is deleted after 30 idle days", async () => {
    const key = newKey();
    t.setNow(new Date("2026-01-01T12:00:00Z"));
    try {
      await saveGuestCart(key, [waiting([P(), 1])]);
      t.setNow(new Date("2026-02-01T12:00:00Z"));
      await saveGuestCart(newKey(), [waiting([P(), 1])]);
      expect((await getGuestCart(key)).body.cart.bags).toEqual([]);
    } finally {
      t.setNow(undefined as unknown as Date);
    }
  });

  it("is not a customer's cart: no coupon, no gestor removal", async () => {
    const key = newKey();
    const { cart } = (await saveGuestCart(key, [waiting([P(), 1])])).body;
    const customer = await signUpAndLogIn(t);
    const coupon = await t.call(
      "PUT",
      "/cart-items/apply-coupon-discount-on-cart-items",
      { code: "BEMVINDO10", cartId: cart.cartId, storeId: 1 },
      { token: customer.token },
    );
    expect(coupon.status).toBe(404);
    await expect(
      deleteCart({ db: t.db, now: () => new Date() }, COMMAND_LINE, WHOLE_NETWORK, cart.cartId),
    ).rejects.toBeInstanceOf(GestorError);
  });
});

describe("POST /carts/merge-guest-cart", () => {
  it("brings the visitor's items to the account's student-less bag and says what it left out", async () => {
    const customer = await signUpAndLogIn(t);
    const { studentId } = await linkByRA(t, customer, "20250003");
    const own = await saveCart(t, customer, [bag(studentId, [S(), 1]), waiting([P(), 2])]);
    const applied = await t.call(
      "PUT",
      "/cart-items/apply-coupon-discount-on-cart-items",
      { code: "BEMVINDO10", cartId: own.body.cart.cartId, storeId: 1 },
      { token: customer.token },
    );
    expect(applied.status).toBe(200);

    const key = newKey();
    await saveGuestCart(key, [waiting([S(), 1], [S2(), 1], [P(), 3], [P2(), 1])]);
    // P2 leaves the catalogue before the visitor logs in.
    const p2 = await t.db
      .selectFrom("products")
      .select(["id", "status"])
      .where("item_totvs_id", "=", P2())
      .executeTakeFirstOrThrow();
    await t.db.updateTable("products").set({ status: "disabled" }).where("id", "=", p2.id).execute();
    try {
      const merged = await merge(customer, key);
      expect(merged.status).toBe(200);
      expect(merged.body.merge).toEqual({
        added: [
          { itemTOTVSId: S2(), title: items.S[1]!.title, quantity: 1 },
          { itemTOTVSId: P(), title: items.P[0]!.title, quantity: 3 },
        ],
        skipped: [
          { itemTOTVSId: S(), title: items.S[0]!.title, reason: MERGE_REASONS.alreadyInCart },
          { itemTOTVSId: P2(), title: items.P[1]!.title, reason: MERGE_REASONS.unavailable },
        ],
        couponRemoved: true,
      });
      expect(merged.body.cart.coupon).toBeNull();
      expect(lineSummary(merged.body.cart)).toEqual([
        [studentId, [[S(), 1]]],
        [
          null,
          [
            [P(), 5],
            [S2(), 1],
          ],
        ],
      ]);
      expect((await getCart(t, customer)).body.cart).toEqual(merged.body.cart);
      // The visitor's cart is gone: merging again changes nothing.
      expect((await getGuestCart(key)).body.cart.bags).toEqual([]);
      const again = await merge(customer, key);
      expect(again.body.merge).toEqual({ added: [], skipped: [], couponRemoved: false });
      expect(again.body.cart).toEqual(merged.body.cart);
    } finally {
      await t.db.updateTable("products").set({ status: p2.status }).where("id", "=", p2.id).execute();
    }
  });

  it("starts the account's cart when it had none, and caps summed quantities at 99", async () => {
    const customer = await signUpAndLogIn(t);
    const key = newKey();
    await saveGuestCart(key, [waiting([P(), 4])]);
    const merged = await merge(customer, key);
    expect(lineSummary(merged.body.cart)).toEqual([[null, [[P(), 4]]]]);

    await saveCart(t, customer, [waiting([P(), 98])], { version: merged.body.cart.version });
    const next = newKey();
    await saveGuestCart(next, [waiting([P(), 5], [P2(), 1])]);
    const capped = await merge(customer, next);
    expect(capped.body.merge.added).toEqual([
      { itemTOTVSId: P(), title: items.P[0]!.title, quantity: 1 },
      { itemTOTVSId: P2(), title: items.P[1]!.title, quantity: 1 },
    ]);
    expect(lineSummary(capped.body.cart)).toEqual([
      [
        null,
        [
          [P(), 99],
          [P2(), 1],
        ],
      ],
    ]);
  });

  it("merges once when the login is submitted several times at once", async () => {
    const customer = await signUpAndLogIn(t);
    const key = newKey();
    await saveGuestCart(key, [waiting([P(), 2])]);
    const replies = await Promise.all(Array.from({ length: 5 }, () => merge(customer, key)));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.filter((reply) => reply.body.merge.added.length > 0)).toHaveLength(1);
    expect(lineSummary((await getCart(t, customer)).body.cart)).toEqual([[null, [[P(), 2]]]]);
  });

  it("needs the customer's own token", async () => {
    const customer = await signUpAndLogIn(t);
    const other = await signUpAndLogIn(t);
    const key = newKey();
    await saveGuestCart(key, [waiting([P(), 1])]);
    const anonymous = await t.call(
      "POST",
      "/carts/merge-guest-cart",
      { storeId: 1, customerId: customer.id },
      { headers: { "x-guest-cart-key": key } },
    );
    expect(anonymous.status).toBe(401);
    const someoneElse = await merge(other, key, { customerId: customer.id });
    expect(someoneElse.status).toBe(403);
    expect((await getGuestCart(key)).body.cart.bags).toHaveLength(1);
    expect((await getCart(t, customer)).body.cart.bags).toEqual([]);
  });
});

describe("a customer's student-less bag", () => {
  it("holds several courses, and the one-course rule applies once they are assigned", async () => {
    const customer = await signUpAndLogIn(t);
    const { studentId } = await linkByRA(t, customer, "20250003");
    const saved = await saveCart(t, customer, [waiting([S(), 1], [S2(), 1])]);
    expect(saved.status).toBe(200);
    const assigned = await saveCart(t, customer, [bag(studentId, [S(), 1], [S2(), 1])], {
      version: saved.body.cart.version,
    });
    expect([assigned.status, assigned.body.error.message]).toEqual([400, CART_MESSAGES.secondService]);
    const one = await saveCart(t, customer, [bag(studentId, [S(), 1]), waiting([S2(), 1])], {
      version: saved.body.cart.version,
    });
    expect(lineSummary(one.body.cart)).toEqual([
      [studentId, [[S(), 1]]],
      [null, [[S2(), 1]]],
    ]);
  });
});
