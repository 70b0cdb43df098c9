import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WHOLE_NETWORK } from "#api/gestor/staff/staff-scope.ts";
import { bag, demoItems, getCart, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { deleteCart, listCartsByEmail, removeCartItem } from "./service.ts";
import { GestorError } from "../gestor-error.ts";
import { COMMAND_LINE, COMMAND_LINE_LABEL } from "../audit/audit-log.ts";

let t: TestApi;
let items: Awaited<ReturnType<typeof demoItems>>;
const deps = () => ({ db: t.db, now: () => new Date() });
const auditOf = (cartId: string) =>
  t.db.selectFrom("audit_log").selectAll().where("target_id", "=", cartId).orderBy("at").execute();

beforeAll(async () => {
  t = await createTestApi();
  items = await demoItems(t.db);
});
afterAll(() => t.close());

function acknowledge(customer: SignedUpCustomer, removalIds: string[]) {
  return t.call(
    "POST",
    "/carts/acknowledge-removed-items",
    { storeId: 1, customerId: customer.id, removalIds },
    { token: customer.token },
  );
}

async function customerWithCart() {
  const customer = await signUpAndLogIn(t);
  const first = await linkByRA(t, customer, "20250001");
  const second = await linkByRA(t, customer, "20250002");
  const P = items.P[0]!;
  const { body } = await saveCart(t, customer, [
    bag(first.studentId, [P.itemTOTVSId, 2], [items.S[0]!.itemTOTVSId, 1]),
    bag(second.studentId, [P.itemTOTVSId, 1]),
  ]);
  return { customer, cart: body.cart, first: first.studentId, second: second.studentId };
}

describe("gestor removes an item", () => {
  it("takes it out of every bag, drops the coupon; every reply lists it until the customer acknowledges it", async () => {
    const { customer, cart, first } = await customerWithCart();
    await t.call(
      "PUT",
      "/cart-items/apply-coupon-discount-on-cart-items",
      { code: "ESCOLA5", cartId: cart.cartId, storeId: 1 },
      { token: customer.token },
    );
    const P = items.P[0]!;
    expect(await removeCartItem(deps(), COMMAND_LINE, WHOLE_NETWORK, cart.cartId, P.itemTOTVSId)).toEqual({
      removed: [{ itemTOTVSId: P.itemTOTVSId, title: P.title }],
      listDiscountRemoved: [],
    });
    // The command-line tool is audited as such (issue 15).
    expect(await auditOf(cart.cartId)).toEqual([
      expect.objectContaining({
        action: "cart.remove-item",
        actor_kind: "cli",
        actor_label: COMMAND_LINE_LABEL,
        summary: `Removeu ${P.title} do carrinho de ${customer.email}`,
      }),
    ]);

    const listed = await getCart(t, customer);
    const notice = [{ id: expect.any(String), itemTOTVSId: P.itemTOTVSId, title: P.title }];
    expect(listed.body.itemsRemoved).toEqual(notice);
    expect(listed.body.cart.coupon).toBeNull();
    // The second student's bag held only that item: it is gone.
    expect(listed.body.cart.bags.map((b: any) => b.studentId)).toEqual([first]);
    expect(listed.body.cart.bags[0].cartItems.map((i: any) => i.itemTOTVSId)).toEqual([items.S[0]!.itemTOTVSId]);
    // A read no page showed (a redirect, /compra's parallel read) does not lose it.
    expect((await getCart(t, customer)).body.itemsRemoved).toEqual(listed.body.itemsRemoved);

    // Another customer cannot acknowledge it for them.
    const intruder = await signUpAndLogIn(t);
    const ids = listed.body.itemsRemoved.map((item: { id: string }) => item.id);
    expect((await acknowledge(intruder, ids)).body).toEqual({ acknowledged: 0 });
    expect((await getCart(t, customer)).body.itemsRemoved).toEqual(listed.body.itemsRemoved);

    expect((await acknowledge(customer, ids)).body).toEqual({ acknowledged: 1 });
    expect((await getCart(t, customer)).body.itemsRemoved).toEqual([]);
    expect((await acknowledge(customer, ids)).body).toEqual({ acknowledged: 0 });

    // A tab that still had the old version must reload.
    const stale = await saveCart(t, customer, [bag(first, [items.S[0]!.itemTOTVSId, 1], [P.itemTOTVSId, 1])], {
      version: cart.version,
    });
    expect(stale.status).toBe(409);
  });

  it("lists the removal in a change's reply too, and still in the next read", async () => {
    const { customer, cart, first } = await customerWithCart();
    await removeCartItem(deps(), COMMAND_LINE, WHOLE_NETWORK, cart.cartId, items.S[0]!.itemTOTVSId);
    const added = await saveCart(t, customer, [bag(first, [items.P[1]!.itemTOTVSId, 1])]);
    const notice = [{ id: expect.any(String), itemTOTVSId: items.S[0]!.itemTOTVSId, title: items.S[0]!.title }];
    expect(added.body.itemsRemoved).toEqual(notice);
    expect((await getCart(t, customer)).body.itemsRemoved).toEqual(notice);
  });

  it("refuses an acknowledgement without ids or for another customer's id", async () => {
    const customer = await signUpAndLogIn(t);
    expect((await acknowledge(customer, [])).status).toBe(400);
    const other = await signUpAndLogIn(t);
    const forOther = await t.call(
      "POST",
      "/carts/acknowledge-removed-items",
      { storeId: 1, customerId: other.id, removalIds: [crypto.randomUUID()] },
      { token: customer.token },
    );
    expect(forOther.status).toBe(403);
  });

  it("refuses an item that is not in the cart and an unknown cart", async () => {
    const { cart } = await customerWithCart();
    await expect(
      removeCartItem(deps(), COMMAND_LINE, WHOLE_NETWORK, cart.cartId, items.M[0]!.itemTOTVSId),
    ).rejects.toBeInstanceOf(GestorError);
    await expect(
      removeCartItem(deps(), COMMAND_LINE, WHOLE_NETWORK, crypto.randomUUID(), items.P[0]!.itemTOTVSId),
    ).rejects.toThrow(/não encontrado/);
  });
});

describe("gestor deletes a cart", () => {
  it("answers the empty cart with everything in itemsRemoved until acknowledged; the next add starts a new cart", async () => {
    const { customer, cart, first } = await customerWithCart();
    const removed = await deleteCart(deps(), COMMAND_LINE, WHOLE_NETWORK, cart.cartId);
    expect((await auditOf(cart.cartId)).map((entry) => [entry.action, entry.actor_label])).toEqual([
      ["cart.delete", COMMAND_LINE_LABEL],
    ]);
    expect(removed.map((r) => r.itemTOTVSId).sort()).toEqual([items.P[0]!.itemTOTVSId, items.S[0]!.itemTOTVSId].sort());

    const listed = await getCart(t, customer);
    expect(listed.body.cart).toMatchObject({ cartId: null, bags: [] });
    expect(listed.body.itemsRemoved).toHaveLength(2);
    expect((await getCart(t, customer)).body.itemsRemoved).toEqual(listed.body.itemsRemoved);
    const ids = listed.body.itemsRemoved.map((item: { id: string }) => item.id);
    expect((await acknowledge(customer, ids)).body).toEqual({ acknowledged: 2 });
    expect((await getCart(t, customer)).body.itemsRemoved).toEqual([]);

    const coupons = await t.call("GET", `/items-coupons/find-by-cart-id/${cart.cartId}/store/1`, undefined, {
      token: customer.token,
    });
    expect([coupons.status, coupons.body.error.message]).toEqual([404, "Carrinho não foi encontrado"]);

    // Even with the old version, the next add creates a new cart.
    const added = await saveCart(t, customer, [bag(first, [items.P[1]!.itemTOTVSId, 1])], { version: cart.version });
    expect(added.status).toBe(200);
    expect(added.body.cart.cartId).not.toBe(cart.cartId);
    expect(added.body.cart.version).toBe(1);

    const carts = await listCartsByEmail(deps(), customer.email.toUpperCase());
    expect(carts.map((c) => c.status).sort()).toEqual(["aberto", "excluído"]);
    await expect(deleteCart(deps(), COMMAND_LINE, WHOLE_NETWORK, cart.cartId)).rejects.toBeInstanceOf(GestorError);
  });
});
