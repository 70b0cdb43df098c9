/**
 * Pix end to end against the sandbox (docs/decisions/0022-pix.md): the finish answers a pending
 * sale with a real BR Code; the sandbox action pays it and queues "Pagamento confirmado"; an
 * unpaid code expires and gives the coupon back; a new code charges the same sale again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACQUIRER_REFUSED } from "#api/payments/charge-sale.ts";
import { GatewayRefusedError } from "#api/payments/gateway.ts";
import { parsePixBrCode } from "#api/payments/pix/br-code.ts";
import { reconcilePayments } from "#api/payments/reconciliation.ts";
import { createSandboxGateway, SANDBOX_PIX_MERCHANT } from "#api/payments/sandbox-gateway.ts";
import { applyCoupon, demoItems, finishCart, METHOD, salesOf, shopperWithCart } from "#tests/fixtures/carts.ts";
import type { SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { createTestApi, TEST_TOTP_KEYS, type TestApi } from "#tests/fixtures/test-api.ts";
import { expireOverdueSales, PIX_CLEARING_MINUTES } from "./sale-lifecycle.ts";
import { payPixInSandbox, PIX_MESSAGES, renewPix } from "./pix-sales.ts";

let t: TestApi;
let item: number;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApi();
  item = (await demoItems(t.db)).P[0]!.itemTOTVSId;
});
afterAll(() => t.close());

/** A customer who finished a cart with Pix (and a coupon, when given). */
async function pixPurchase(coupon?: string) {
  const { customer, cart } = await shopperWithCart(t, [item, 2]);
  if (coupon) expect((await applyCoupon(t, customer, cart.cartId, coupon)).status).toBe(200);
  const finished = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.pix });
  expect(finished.status, JSON.stringify(finished.body)).toBe(200);
  return { customer, saleId: finished.body.finished.saleId as string };
}

async function saleOf(customer: SignedUpCustomer, saleId: string) {
  const { body } = await salesOf(t, customer);
  return body.sales.find((sale: { id: string }) => sale.id === saleId);
}

const sandboxPay = (customer: SignedUpCustomer, saleId: string) =>
  t.call("POST", `/sales/sandbox-pay-pix/${saleId}/store/1`, undefined, { token: customer.token });
const renew = (customer: SignedUpCustomer, saleId: string) =>
  t.call("POST", `/sales/renew-pix/${saleId}/store/1`, undefined, { token: customer.token });
const couponUses = (saleId: string) =>
  t.db.selectFrom("coupon_uses").select("id").where("sale_id", "=", saleId).execute();

describe("Pix with the sandbox", () => {
  it("finishes pending with a BR Code a bank app reads: the sale's amount, its reference as txid, the merchant", async () => {
    const before = new Date();
    const { customer, saleId } = await pixPurchase();
    const sale = await saleOf(customer, saleId);
    expect(sale.status).toBe("pending");
    expect(sale.paymentMethod).toEqual({ code: "3", name: "pix" });
    const code = parsePixBrCode(sale.pixCopyPaste);
    expect(code.gui).toBe("br.gov.bcb.pix");
    expect(code.amount).toBe(sale.total.toFixed(2));
    expect(code.txid.startsWith(sale.referenceCode)).toBe(true);
    expect(code.key).toBe(SANDBOX_PIX_MERCHANT.key);
    expect(code.merchantName).toBe("LOJA ESCOLAR");
    expect(code.merchantCity).toBe("RECIFE");
    expect(code.pointOfInitiationMethod).toBe("12");
    // 30 minutes by default (PIX_EXPIRY_MINUTES).
    const minutes = (Date.parse(sale.pixExpiresAt) - before.getTime()) / MINUTE;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(31);
    // The purchase e-mail carries the code and its expiry.
    const mail = t.mail.find((message) => message.to === customer.email && message.subject.includes("recebido"));
    expect(mail?.text).toContain(sale.pixCopyPaste);
    expect(mail?.text).toContain("Pix copia e cola (válido até");
  });

  it("the sandbox action pays the customer's own Pix once and queues 'Pagamento confirmado'", async () => {
    const { customer, saleId } = await pixPurchase();
    const paid = await sandboxPay(customer, saleId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.sale.status).toBe("paid");
    // The code is not shown once paid.
    expect(paid.body.sale.pixCopyPaste).toBeNull();
    // A second click pays nothing more and sends no second e-mail.
    expect((await sandboxPay(customer, saleId)).body.sale.status).toBe("paid");
    const confirmations = t.mail.filter(
      (message) => message.to === customer.email && message.subject.startsWith("Pagamento confirmado"),
    );
    expect(confirmations).toHaveLength(1);
  });

  it("refuses another customer's sale as an unknown one, and changes nothing", async () => {
    const { customer, saleId } = await pixPurchase();
    const intruder = (await shopperWithCart(t, [item, 1])).customer;
    expect((await sandboxPay(intruder, saleId)).status).toBe(404);
    expect((await renew(intruder, saleId)).status).toBe(404);
    expect((await saleOf(customer, saleId)).status).toBe("pending");
  });

  it("answers the sandbox action 404 when the gateway is not the sandbox", async () => {
    const { customer, saleId } = await pixPurchase();
    const deps = { db: t.db, now: () => new Date(), publicUrl: t.publicUrl, totpKeys: TEST_TOTP_KEYS };
    const gateway = { ...createSandboxGateway(deps), name: "mercadopago" as const };
    const owner = await t.db
      .selectFrom("customers")
      .selectAll()
      .where("id", "=", customer.id)
      .executeTakeFirstOrThrow();
    const refused = await payPixInSandbox({ ...deps, gateway }, owner, 1, saleId).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 404 });
    expect((await saleOf(customer, saleId)).status).toBe("pending");
  });

  it("refuses a sale that is not Pix", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const finished = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    const reply = await sandboxPay(customer, finished.body.finished.saleId);
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe(PIX_MESSAGES.notPix);
  });

  it("expires unpaid after its expiry (reconciliation), gives the coupon back, and a new code counts it again", async () => {
    const { customer, saleId } = await pixPurchase("BEMVINDO10");
    expect(await couponUses(saleId)).toHaveLength(1);
    const first = await saleOf(customer, saleId);
    const later = () => new Date(Date.parse(first.pixExpiresAt) + MINUTE);
    t.setNow(later());
    try {
      // The sandbox action cannot pay an expired code.
      const late = await sandboxPay(customer, saleId);
      expect(late.status).toBe(400);
      expect(late.body.error.message).toBe(PIX_MESSAGES.notPayable);
      const gateway = createSandboxGateway({ db: t.db, now: later });
      await reconcilePayments({ db: t.db, now: later, publicUrl: t.publicUrl, gateway });
      const expired = await saleOf(customer, saleId);
      expect(expired.status).toBe("expired");
      expect(expired.pixCopyPaste).toBeNull();
      expect(await couponUses(saleId)).toHaveLength(0);

      const renewed = await renew(customer, saleId);
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
      expect(renewed.body.sale.status).toBe("pending");
      expect(renewed.body.sale.referenceCode).toBe(first.referenceCode);
      expect(renewed.body.sale.pixCopyPaste).not.toBe(first.pixCopyPaste);
      expect(Date.parse(renewed.body.sale.pixExpiresAt)).toBeGreaterThan(Date.parse(first.pixExpiresAt));
      expect(parsePixBrCode(renewed.body.sale.pixCopyPaste).amount).toBe(first.total.toFixed(2));
      expect(await couponUses(saleId)).toHaveLength(1);
      // A double click makes no third code.
      expect((await renew(customer, saleId)).body.sale.pixCopyPaste).toBe(renewed.body.sale.pixCopyPaste);
      expect((await sandboxPay(customer, saleId)).body.sale.status).toBe("paid");
    } finally {
      t.setNow(undefined);
    }
  });

  it("the sweep expires a Pix the acquirer never answered about, after the clearing minutes", async () => {
    const { customer, saleId } = await pixPurchase();
    const { pixExpiresAt } = await saleOf(customer, saleId);
    const at = (minutes: number) => () => new Date(Date.parse(pixExpiresAt) + minutes * MINUTE);
    expect(await expireOverdueSales({ db: t.db, now: at(PIX_CLEARING_MINUTES - 1) })).not.toContainEqual(
      expect.objectContaining({ saleId }),
    );
    expect(await expireOverdueSales({ db: t.db, now: at(PIX_CLEARING_MINUTES + 1) })).toContainEqual(
      expect.objectContaining({ saleId, to: "expired" }),
    );
    expect((await saleOf(customer, saleId)).status).toBe("expired");
  });

  it("a new code the acquirer refuses leaves the order expired in /conta, its coupon use given back, and renewable", async () => {
    const { customer, saleId } = await pixPurchase("BEMVINDO10");
    const { pixExpiresAt } = await saleOf(customer, saleId);
    await expireOverdueSales({ db: t.db, now: () => new Date(Date.parse(pixExpiresAt) + 60 * MINUTE) });
    const owner = await t.db
      .selectFrom("customers")
      .selectAll()
      .where("id", "=", customer.id)
      .executeTakeFirstOrThrow();
    const deps = { db: t.db, now: () => new Date(), publicUrl: t.publicUrl, totpKeys: TEST_TOTP_KEYS };
    const sandbox = createSandboxGateway(deps);
    const refusing = {
      ...sandbox,
      charge: () => Promise.reject(new GatewayRefusedError("date_of_expiration is invalid")),
    };
    const refused = await renewPix({ ...deps, gateway: refusing }, owner, 1, saleId).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400 });
    expect((refused as Error).message).toBe(`${PIX_MESSAGES.renewalRefused} ${ACQUIRER_REFUSED}`);
    expect(await saleOf(customer, saleId)).toMatchObject({ status: "expired", pixCopyPaste: null });
    expect(await couponUses(saleId)).toHaveLength(0);
    // The customer can ask again once the acquirer takes it.
    const renewed = await renew(customer, saleId);
    expect([renewed.status, renewed.body.sale?.status]).toEqual([200, "pending"]);
    expect(await couponUses(saleId)).toHaveLength(1);
  });

  it("refuses a new code when the coupon was used up meanwhile", async () => {
    const { customer, saleId } = await pixPurchase("ESCOLA5");
    const { pixExpiresAt } = await saleOf(customer, saleId);
    await expireOverdueSales({ db: t.db, now: () => new Date(Date.parse(pixExpiresAt) + 60 * MINUTE) });
    await t.db.updateTable("coupons").set({ max_uses: 0 }).where("code", "=", "ESCOLA5").execute();
    try {
      const refused = await renew(customer, saleId);
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toContain(PIX_MESSAGES.couponGone);
      expect((await saleOf(customer, saleId)).status).toBe("expired");
      expect(await couponUses(saleId)).toHaveLength(0);
    } finally {
      await t.db.updateTable("coupons").set({ max_uses: null }).where("code", "=", "ESCOLA5").execute();
    }
  });
});
