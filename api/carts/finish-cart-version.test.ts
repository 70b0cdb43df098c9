import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WHOLE_NETWORK } from "#api/gestor/staff/staff-scope.ts";
import { CART_CHANGED } from "#api/contract/carts.ts";
import { COMMAND_LINE } from "#api/gestor/audit/audit-log.ts";
import { removeCartItem } from "#api/gestor/carts/service.ts";
import type { ChargeRequest, PaymentGateway } from "#api/payments/gateway.ts";
import { createSandboxGateway } from "#api/payments/sandbox-gateway.ts";
import {
  applyCoupon,
  bag,
  demoItems,
  finishCart,
  getCart,
  METHOD,
  salesOf,
  saveCart,
  shopperWithCart,
} from "#tests/fixtures/carts.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";

/** The sandbox, counting the charges: a charge of a cart the page did not show is the bug. */
const charges: ChargeRequest[] = [];
let sandbox: PaymentGateway;
const countingGateway: PaymentGateway = {
  name: "sandbox",
  charge(request) {
    charges.push(request);
    return sandbox.charge(request);
  },
  findBySaleId: (saleId) => sandbox.findBySaleId(saleId),
  refund: (request) => sandbox.refund(request),
  cancel: (request) => sandbox.cancel(request),
};

let t: TestApi;
let items: Awaited<ReturnType<typeof demoItems>>;
const gestor = () => ({ db: t.db, now: () => new Date() });

beforeAll(async () => {
  t = await createTestApi({ gateway: countingGateway });
  sandbox = createSandboxGateway({ db: t.db, now: () => new Date() });
  items = await demoItems(t.db);
});
afterAll(() => t.close());

/** A customer on the payment page: two products and a coupon, as the page shows them. */
async function onPaymentPage() {
  const [first, second] = items.P;
  const shopper = await shopperWithCart(t, [first!.itemTOTVSId, 1], [second!.itemTOTVSId, 1]);
  expect((await applyCoupon(t, shopper.customer, shopper.cart.cartId, "ESCOLA5")).status).toBe(200);
  const { cart } = (await getCart(t, shopper.customer)).body;
  return { ...shopper, shown: { cartVersion: cart.version as number, cartTotal: cart.total as number } };
}

describe("finish-cart with the cart the page showed (docs/decisions/0010)", () => {
  it("charges nothing after a gestor removal (which dropped the coupon): 409, no sale, the cart as it is", async () => {
    const { customer, cart, shown } = await onPaymentPage();
    await removeCartItem(gestor(), COMMAND_LINE, WHOLE_NETWORK, cart.cartId, items.P[0]!.itemTOTVSId);
    const before = charges.length;

    const stale = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto, ...shown });
    expect([stale.status, stale.body.error.message]).toEqual([409, CART_CHANGED]);
    // The total alone, as an API client that keeps no version would send it, is refused too:
    // without the coupon the remaining item may cost more than the page said.
    const byTotal = await finishCart(t, customer, cart.cartId, {
      paymentMethodId: METHOD.boleto,
      cartTotal: shown.cartTotal,
    });
    expect([byTotal.status, byTotal.body.error.message]).toEqual([409, CART_CHANGED]);
    expect(charges.length).toBe(before);
    expect((await salesOf(t, customer)).body.sales).toEqual([]);

    // The page shown again, with the new version and total: that is charged.
    const now = (await getCart(t, customer)).body.cart;
    expect(now.coupon).toBeNull();
    const paid = await finishCart(t, customer, cart.cartId, {
      paymentMethodId: METHOD.boleto,
      cartVersion: now.version,
      cartTotal: now.total,
    });
    expect(paid.status).toBe(200);
    expect(charges.slice(before).map((charge) => charge.amountCents)).toEqual([Math.round(now.total * 100)]);
  });

  it("refuses a change made in another tab as well", async () => {
    const { customer, cart, studentId, shown } = await onPaymentPage();
    expect((await saveCart(t, customer, [bag(studentId, [items.P[0]!.itemTOTVSId, 2])])).status).toBe(200);
    const stale = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto, ...shown });
    expect([stale.status, stale.body.error.message]).toEqual([409, CART_CHANGED]);
    expect((await salesOf(t, customer)).body.sales).toEqual([]);
  });

  it("charges the total shown when the page is current; a repeated submit answers the same sale", async () => {
    const { customer, cart, shown } = await onPaymentPage();
    const before = charges.length;
    const paid = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto, ...shown });
    expect(paid.status).toBe(200);
    const again = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto, ...shown });
    expect(again.body.finished.saleId).toBe(paid.body.finished.saleId);
    expect(charges.slice(before).map((charge) => charge.amountCents)).toEqual([Math.round(shown.cartTotal * 100)]);
  });

  it("a gestor removal racing the finish: either the shown total is charged or nothing is", async () => {
    for (let round = 0; round < 4; round++) {
      const { customer, cart, shown } = await onPaymentPage();
      const before = charges.length;
      const [finished, removed] = await Promise.allSettled([
        finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto, ...shown }),
        removeCartItem(gestor(), COMMAND_LINE, WHOLE_NETWORK, cart.cartId, items.P[0]!.itemTOTVSId),
      ]);
      const reply = finished.status === "fulfilled" ? finished.value : null;
      expect(reply).not.toBeNull();
      const sold = reply!.status === 200;
      // Exactly one of the two happened: the sale of the cart shown, or the removal.
      expect(sold).toBe(removed.status === "rejected");
      if (!sold) expect([reply!.status, reply!.body.error.message]).toEqual([409, CART_CHANGED]);
      expect(charges.slice(before).map((charge) => charge.amountCents)).toEqual(
        sold ? [Math.round(shown.cartTotal * 100)] : [],
      );
    }
  });
});
