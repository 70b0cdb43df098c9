import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DOUBLE_CREDENTIALS,
  startMercadoPagoDouble,
  type MercadoPagoDouble,
} from "#tests/fixtures/mercadopago-double.ts";
import { chargeRequest } from "#tests/fixtures/charge-requests.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { createPaymentGateway } from "./payment-gateway.server.ts";

let double: MercadoPagoDouble;
let t: TestApi;
beforeAll(async () => {
  double = await startMercadoPagoDouble();
  t = await createTestApi();
});
afterAll(async () => {
  await double.close();
  await t.close();
});
const sandboxDeps = () => ({ db: t.db, now: () => new Date() });

describe("PAYMENT_GATEWAY's choice", () => {
  it("is the sandbox by default", () => {
    expect(createPaymentGateway({ mercadoPago: null }, sandboxDeps()).name).toBe("sandbox");
  });

  it("with mercadopago, charges at MERCADOPAGO_API_URL with the configured credentials", async () => {
    const gateway = createPaymentGateway(
      {
        mercadoPago: {
          ...DOUBLE_CREDENTIALS,
          apiUrl: double.url,
          sdkUrl: `${double.url}/js/v2`,
          timeoutMs: 2_000,
          testMode: true,
        },
      },
      sandboxDeps(),
    );
    expect(gateway.name).toBe("mercadopago");
    expect(gateway.browserTokenization?.publicKey).toBe(DOUBLE_CREDENTIALS.publicKey);
    const state = await gateway.charge(chargeRequest({ saleId: "venda-1" }));
    expect(state.status).toBe("pending");
    expect(double.payment(state.transactionId)).toMatchObject({
      payment_method_id: "pix",
      external_reference: "venda-1",
    });
  });
});
