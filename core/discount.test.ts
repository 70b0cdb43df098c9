import { describe, expect, it } from "vitest";
import { discountPercent, showsDiscountOnCartLine, showsDiscountOnPricePanel } from "./discount.ts";
import { formatPercent } from "./percent.ts";

describe("discountPercent", () => {
  it("derives the percentage from PRECO and DESCONTO", () => {
    expect(discountPercent(100, 90)).toBe(10);
    expect(discountPercent(200, 185)).toBe(7.5);
    expect(discountPercent(150, 100)).toBe(33.33);
    expect(discountPercent(3, 1)).toBe(66.67);
    expect(discountPercent(100, 0)).toBe(100);
  });

  it("accepts prices sent as strings", () => {
    expect(discountPercent("100,00", "90,00")).toBe(10);
    expect(discountPercent("1.234,00", "1234.00")).toBe(0);
  });

  it("is 0 when there is no real discount", () => {
    expect(discountPercent(100, 100)).toBe(0);
    expect(discountPercent(100, 120)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
    expect(discountPercent(0, 10)).toBe(0);
    expect(discountPercent(-10, 5)).toBe(0);
    expect(discountPercent(100, -5)).toBe(0);
  });

  it("formats as the user sees it", () => {
    expect(formatPercent(discountPercent(150, 100))).toBe("33,33");
    expect(formatPercent(discountPercent(100, 90))).toBe("10");
  });
});

describe("when the discount is shown", () => {
  it("price panel: from 1 %", () => {
    expect(showsDiscountOnPricePanel(1)).toBe(true);
    expect(showsDiscountOnPricePanel(33.33)).toBe(true);
    expect(showsDiscountOnPricePanel(0.99)).toBe(false);
    expect(showsDiscountOnPricePanel(0)).toBe(false);
  });

  it("cart line: anything above 0", () => {
    expect(showsDiscountOnCartLine(0.5)).toBe(true);
    expect(showsDiscountOnCartLine(1)).toBe(true);
    expect(showsDiscountOnCartLine(0)).toBe(false);
    expect(showsDiscountOnCartLine(Number.NaN)).toBe(false);
  });
});
