import { describe, expect, it } from "vitest";
import { isHostedCheckoutAddress } from "./page-sources.ts";

const official = "https://api.mercadopago.com";

describe("isHostedCheckoutAddress: where 'Finalizar compra' may send the shopper", () => {
  it("takes Mercado Pago's Checkout Pro pages over https", () => {
    expect(isHostedCheckoutAddress("https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=1-2", official)).toBe(
      true,
    );
    expect(isHostedCheckoutAddress("https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=1", official)).toBe(
      true,
    );
  });

  it("takes the configured API's origin (the double on loopback), and nothing else", () => {
    const double = "http://127.0.0.1:3994";
    expect(isHostedCheckoutAddress(`${double}/checkout/v1/redirect?pref_id=1`, double)).toBe(true);
    for (const address of [
      "http://www.mercadopago.com.br/checkout",
      "https://mercadopago.com.br.evil.example/checkout",
      "https://evilmercadopago.com.br/checkout",
      "https://example.com/?next=https://www.mercadopago.com.br",
      "javascript:alert(1)",
      "/conta",
      "",
    ])
      expect(isHostedCheckoutAddress(address, official), address).toBe(false);
  });
});
