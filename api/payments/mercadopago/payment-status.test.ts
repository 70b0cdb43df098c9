import { describe, expect, it } from "vitest";
import { declineMessageOf, MERCADOPAGO_STATUSES, saleStatusOf } from "./payment-status.ts";
import { paymentStateOf } from "./mercadopago-gateway.ts";

describe("Mercado Pago statuses", () => {
  it("read every documented status as the sale's status", () => {
    const bySaleStatus = {
      paid: ["approved", "in_mediation"],
      pending: ["pending", "in_process", "authorized"],
      declined: ["rejected"],
      expired: ["cancelled"],
      refunded: ["refunded"],
      charged_back: ["charged_back"],
    };
    for (const [saleStatus, statuses] of Object.entries(bySaleStatus)) {
      for (const status of statuses) expect([status, saleStatusOf(status)]).toEqual([status, saleStatus]);
    }
    expect(Object.keys(MERCADOPAGO_STATUSES).sort()).toEqual(Object.values(bySaleStatus).flat().sort());
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
