import { describe, expect, it, vi } from "vitest";
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

  it("never guess an undocumented status: pending (never paid nor declined), with a log line naming it", () => {
    expect(saleStatusOf("toString")).toBeNull();
    expect(saleStatusOf("APPROVED")).toBeNull();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect(paymentStateOf({ id: "7", status: "em_analise" })).toEqual({ status: "pending", transactionId: "7" });
      expect(paymentStateOf({ id: "8", status: "<script>\n" }).status).toBe("pending");
      expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
        expect.stringMatching(/"em_analise" do pagamento 7 .*tratado como pendente/),
        // The acquirer's text reaches the log only as letters, digits and "_".
        expect.stringMatching(/"\?script\?\?" do pagamento 8/),
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it("keep a partly refunded payment paid, and a chargeback whatever its outcome", () => {
    expect(paymentStateOf({ id: "9", status: "approved", status_detail: "partially_refunded" }).status).toBe("paid");
    for (const detail of ["in_process", "settled", "reimbursed"])
      expect(paymentStateOf({ id: "10", status: "charged_back", status_detail: detail }).status).toBe("charged_back");
    expect(paymentStateOf({ id: "11", status: "refunded", status_detail: "by_admin" }).status).toBe("refunded");
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
