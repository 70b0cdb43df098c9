import { describe, expect, it } from "vitest";
import { declineMessageOf, MERCADOPAGO_STATUSES, saleStatusOf } from "./payment-status.ts";
import { paymentStateOf } from "./mercadopago-gateway.ts";

describe("Mercado Pago statuses", () => {
  it("read every documented status as the sale's status", () => {
    expect(MERCADOPAGO_STATUSES).toEqual({
      approved: "paid",
      pending: "pending",
      in_process: "pending",
      authorized: "pending",
      in_mediation: "paid",
      rejected: "declined",
      cancelled: "expired",
      refunded: "refunded",
      charged_back: "charged_back",
    });
    expect(saleStatusOf("approved")).toBe("paid");
    expect(saleStatusOf("charged_back")).toBe("charged_back");
  });

  it("never guess an undocumented status: the sale is left pending, not paid", () => {
    expect(saleStatusOf("toString")).toBeNull();
    expect(saleStatusOf("APPROVED")).toBeNull();
    expect(paymentStateOf({ id: "7", status: "em_analise" }).status).toBe("pending");
  });

  it("tell the customer why a card was declined, in Portuguese, with a polite default", () => {
    expect(declineMessageOf("cc_rejected_insufficient_amount")).toMatch(/^O cartão não tem limite suficiente/);
    expect(declineMessageOf("cc_rejected_bad_filled_security_code")).toMatch(/código de segurança/);
    expect(declineMessageOf("cc_rejected_call_for_authorize")).toMatch(/autorize este pagamento/);
    expect(declineMessageOf("cc_rejected_high_risk")).toMatch(/boleto ou Pix/);
    const generic = "Pagamento recusado pela operadora do cartão. Confira os dados ou use outro cartão.";
    expect([declineMessageOf("something_new"), declineMessageOf(null), declineMessageOf("constructor")]).toEqual([
      generic,
      generic,
      generic,
    ]);
    expect(paymentStateOf({ id: "8", status: "rejected", status_detail: "cc_rejected_card_disabled" }).message).toMatch(
      /não está ativo/,
    );
  });
});
