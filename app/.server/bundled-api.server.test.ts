import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DOUBLE_CREDENTIALS,
  startMercadoPagoDouble,
  type MercadoPagoDouble,
} from "#tests/fixtures/mercadopago-double.ts";
import { createPaymentGateway } from "./bundled-api.server.ts";

let double: MercadoPagoDouble;
beforeAll(async () => {
  double = await startMercadoPagoDouble();
});
afterAll(() => double.close());

describe("PAYMENT_GATEWAY's choice", () => {
  it("is the sandbox by default", () => {
    expect(createPaymentGateway({ mercadoPago: null }).name).toBe("sandbox");
  });

  it("with mercadopago, charges at MERCADOPAGO_API_URL with the configured credentials", async () => {
    const gateway = createPaymentGateway({
      mercadoPago: { ...DOUBLE_CREDENTIALS, apiUrl: double.url, timeoutMs: 2_000, testMode: true },
    });
    expect(gateway.name).toBe("mercadopago");
    expect(gateway.browserTokenization?.publicKey).toBe(DOUBLE_CREDENTIALS.publicKey);
    const state = await gateway.charge({
      idempotencyKey: "carrinho:1",
      saleId: "venda-1",
      referenceCode: "123456789012",
      description: "Loja Escolar pedido 123456789012",
      amountCents: 5_000,
      method: "pix",
      installments: 1,
      payer: { name: "Ana Souza", cpf: "52998224725", email: "ana@exemplo.com.br" },
      pixExpiresAt: new Date(Date.now() + 30 * 60_000),
      now: new Date(),
    });
    expect(state.status).toBe("pending");
    expect(double.payment(state.transactionId)).toMatchObject({
      payment_method_id: "pix",
      external_reference: "venda-1",
    });
  });
});
