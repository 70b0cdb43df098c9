/** The payment form's schema when Mercado Pago takes the card on its own forms (docs/decisions/0019-mercado-pago.md). */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { paymentSchema } from "./payment-schema.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries({ paymentMethod: "1", terms: "on", ...fields })) data.set(name, value);
  return data;
};
const parse = (fields: Record<string, string>) =>
  parseWithZod(form(fields), { schema: paymentSchema({ total: 250, maxInstallments: 3, acquirerCard: true }) });

describe("the card on Mercado Pago's forms", () => {
  it("without a token, asks only the instalments (the hosted page), and never reads a typed number", () => {
    const parsed = parse({ installments: "2", number: "4111111111111111", cvc: "123" });
    expect(parsed.status).toBe("success");
    expect(parsed.status === "success" && parsed.value).toEqual({
      paymentMethod: "1",
      card: null,
      acquirerCard: { installments: 2, token: null },
    });
  });

  it("with the browser's token: the token, the method and the issuer", () => {
    const parsed = parse({
      installments: "1",
      cardToken: "abc123def456",
      cardPaymentMethodId: "visa",
      cardIssuerId: "",
    });
    expect(parsed.status === "success" && parsed.value.acquirerCard).toEqual({
      installments: 1,
      token: { token: "abc123def456", paymentMethodId: "visa" },
    });
  });

  it("refuses instalments above the cart's, or none", () => {
    for (const installments of ["4", ""]) {
      const parsed = parse({ installments });
      expect(parsed.status).toBe("error");
      expect(parsed.status === "error" && parsed.error?.installments).toBeTruthy();
    }
  });
});
