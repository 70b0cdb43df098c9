/**
 * The finish through Mercado Pago (docs/decisions/0018-payment-flow.md, 0019-mercado-pago.md):
 * the acquirer is the loopback double over HTTP, so what is counted is what reached it. On
 * SQLite and (scripts/test-postgres.sh) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoItems, finishCart, getCart, METHOD, salesOf, shopperWithCart } from "#tests/fixtures/carts.ts";
import {
  DOUBLE_CREDENTIALS,
  startMercadoPagoDouble,
  type MercadoPagoDouble,
} from "#tests/fixtures/mercadopago-double.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { createMercadoPagoGateway } from "./mercadopago-gateway.ts";

/** How long a finish waits for the acquirer here; the client itself waits longer, as in production. */
const CHARGE_TIMEOUT_MS = 1_000;

let double: MercadoPagoDouble;
let t: TestApi;
let item: number;

beforeAll(async () => {
  double = await startMercadoPagoDouble();
  t = await createTestApi({
    gateway: createMercadoPagoGateway({ ...DOUBLE_CREDENTIALS, baseUrl: double.url, timeoutMs: 20_000 }),
    chargeTimeoutMs: CHARGE_TIMEOUT_MS,
  });
  item = (await demoItems(t.db)).P[0]!.itemTOTVSId;
});
afterAll(async () => {
  await double.close();
  await t.close();
});

/** The payments the double holds for these sales. */
const paymentsAtTheDouble = (saleIds: Iterable<string>) => {
  const ids = new Set(saleIds);
  return double.payments().filter((payment) => ids.has(String(payment.external_reference)));
};

describe("one charge per purchase at the acquirer", () => {
  it.each([
    ["boleto", METHOD.boleto],
    ["Pix", METHOD.pix],
  ])("ten finishes of one cart at once by %s: one sale, one payment at Mercado Pago", async (_name, method) => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => finishCart(t, customer, cart.cartId, { paymentMethodId: method })),
    );
    expect(replies.map((reply) => [reply.status, reply.body.finished?.statusCode])).toEqual(
      Array(10).fill([200, "pending"]),
    );
    const saleIds = new Set(replies.map((reply) => reply.body.finished.saleId as string));
    expect(saleIds.size).toBe(1);
    expect(paymentsAtTheDouble(saleIds)).toHaveLength(1);
    expect((await salesOf(t, customer)).body.sales).toHaveLength(1);
  });

  it("an acquirer slower than the time limit: the sale stays processing; the retry reuses the key and Mercado Pago charges once", async () => {
    const { customer, cart } = await shopperWithCart(t, [item, 1]);
    double.setDelay(CHARGE_TIMEOUT_MS * 3);
    let saleId: string;
    try {
      const first = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto });
      expect([first.status, first.body.finished.statusCode]).toEqual([200, "processing"]);
      saleId = first.body.finished.saleId;
      expect((await salesOf(t, customer)).body.sales).toMatchObject([{ id: saleId, status: "processing" }]);
      // The acquirer did get the first request: it answers late and keeps the payment.
      await expect.poll(() => paymentsAtTheDouble([saleId]), { timeout: 15_000 }).toHaveLength(1);
    } finally {
      double.setDelay(0);
    }
    const retry = await finishCart(t, customer, cart.cartId, { paymentMethodId: METHOD.boleto });
    expect([retry.status, retry.body.finished.saleId, retry.body.finished.statusCode]).toEqual([
      200,
      saleId,
      "pending",
    ]);
    const creates = double.requests.filter((call) => call.method === "POST" && call.path === "/v1/payments");
    const [payment] = paymentsAtTheDouble([saleId]);
    const sale = await t.db.selectFrom("sales").selectAll().where("id", "=", saleId).executeTakeFirstOrThrow();
    // Both requests carried the sale's key, and the double kept one payment for it.
    expect(creates.filter((call) => call.idempotencyKey === sale.idempotency_key)).toHaveLength(2);
    expect(paymentsAtTheDouble([saleId])).toHaveLength(1);
    expect(sale).toMatchObject({ status: "pending", gateway_transaction_id: String(payment!.id) });
    expect((await getCart(t, customer)).body.cart.bags).toEqual([]);
  });
});
