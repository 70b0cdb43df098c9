import { describe, expect, it } from "vitest";
import { formatSaleDate, paymentMethodLabel, saleStatusLabel } from "./sales.ts";

describe("formatSaleDate", () => {
  it("prints dd/mm/aaaa in Recife's time", () => {
    expect(formatSaleDate("2026-02-20T09:00:00.000Z")).toBe("20/02/2026");
    // 01:30 UTC is still the day before in Recife (UTC−3).
    expect(formatSaleDate("2026-03-01T01:30:00.000Z")).toBe("28/02/2026");
  });

  it("leaves an unreadable date as it came", () => {
    expect(formatSaleDate("ontem")).toBe("ontem");
  });
});

describe("labels", () => {
  it("names every status and method in Portuguese", () => {
    expect(
      ["processing", "pending", "paid", "declined", "cancelled", "expired", "refunded", "charged_back"].map(
        saleStatusLabel,
      ),
    ).toEqual([
      "Pagamento em processamento",
      "Aguardando pagamento",
      "Pago",
      "Recusado",
      "Cancelado",
      "Expirado",
      "Estornado",
      "Contestado",
    ]);
    expect(["0", "1", "2"].map(paymentMethodLabel)).toEqual(["Boleto", "Cartão de crédito", "Gratuito"]);
    expect(saleStatusLabel("em_analise")).toBe("em_analise");
  });
});
