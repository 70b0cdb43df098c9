import { describe, expect, it } from "vitest";
import { discountBadge, installmentChoice, installmentsText, installmentValue, priceView } from "./price-view.ts";

describe("priceView: the price as a Brazilian store writes it", () => {
  it("a product without discount: the price, then the instalments, no de/por and no badge", () => {
    expect(priceView({ PRECO: 159.9, DESCONTO: 159.9 }, 2)).toEqual({
      free: false,
      price: "R$ 159,90",
      was: null,
      badge: null,
      installments: "ou 2x de R$ 79,95 sem juros",
    });
  });

  it("a discounted product: de/por with the list price, a whole-number badge", () => {
    expect(priceView({ PRECO: 199.9, DESCONTO: 159.9 }, 2)).toEqual({
      free: false,
      price: "R$ 159,90",
      was: "R$ 199,90",
      badge: "-20%",
      installments: "ou 2x de R$ 79,95 sem juros",
    });
    // Lápis de Cor: 27,90 at 15 % off is 23,72 after rounding to the centavo, 14,98 %: "-15%".
    expect(priceView({ PRECO: 27.9, DESCONTO: 23.72 }, 1).badge).toBe("-15%");
  });

  it("one instalment: no instalment text (the price is paid at once)", () => {
    const view = priceView({ PRECO: 23.72, DESCONTO: 23.72 }, 1);
    expect(view.price).toBe("R$ 23,72");
    expect(view.installments).toBeNull();
  });

  it("a free product", () => {
    const view = priceView({ PRECO: 0, DESCONTO: 0 }, 6);
    expect(view.free).toBe(true);
    expect(view.installments).toBeNull();
    expect(view.badge).toBeNull();
  });

  it("the product panel shows a discount from 1 %, a cart line from anything above 0 (spec §9)", () => {
    const tiny = { PRECO: 100, DESCONTO: 99.5 };
    expect(priceView(tiny, 1).badge).toBeNull();
    expect(priceView(tiny, 1, { discountFrom: "cart" })).toMatchObject({ badge: "-1%", was: "R$ 100,00" });
  });

  it("a cart line's price is its quantity times the unit price", () => {
    expect(priceView({ PRECO: 16.9, DESCONTO: 15.21 }, 1, { quantity: 3, discountFrom: "cart" })).toMatchObject({
      price: "R$ 45,63",
      was: "R$ 50,70",
      badge: "-10%",
      installments: null,
    });
  });

  it("a large price keeps its thousands separator", () => {
    expect(priceView({ PRECO: 2400, DESCONTO: 2160 }, 12)).toMatchObject({
      price: "R$ 2.160,00",
      was: "R$ 2.400,00",
      installments: "ou 12x de R$ 180,00 sem juros",
    });
  });
});

describe("discountBadge", () => {
  it("rounds to a whole percent, never below 1", () => {
    expect(discountBadge(14.98)).toBe("-15%");
    expect(discountBadge(7.5)).toBe("-8%");
    expect(discountBadge(10)).toBe("-10%");
    expect(discountBadge(0.4)).toBe("-1%");
  });
});

describe("instalment texts", () => {
  it("a choice: the count, the value of each, and whether it is à vista", () => {
    expect(installmentChoice(159.9, 2)).toBe("2x de R$ 79,95 sem juros");
    expect(installmentChoice(100, 3)).toBe("3x de R$ 33,33 sem juros");
    expect(installmentChoice(159.9, 1)).toBe("1x de R$ 159,90 (à vista)");
    expect(installmentChoice("2.400,00", 6)).toBe("6x de R$ 400,00 sem juros");
  });

  it("after a price, only when more than one instalment is offered", () => {
    expect(installmentsText(159.9, 2)).toBe("ou 2x de R$ 79,95 sem juros");
    expect(installmentsText(159.9, 1)).toBeNull();
    expect(installmentsText(0, 6)).toBeNull();
  });
});

describe("installmentValue", () => {
  it.each([
    [100, 1, 100],
    [100, 2, 50],
    [100, 3, 33.33],
    [200, 3, 66.67],
    [99.99, 2, 50], // 4999,5 centavos rounds half up
    [1000, 12, 83.33],
    [1000.01, 12, 83.33],
    [0.01, 2, 0.01],
    [0.01, 3, 0],
    [0, 6, 0],
    [1.005, 1, 1.01],
    ["1.234,56", 4, 308.64],
  ])("%s in %i → %s", (total, count, value) => {
    expect(installmentValue(total, count)).toBe(value);
  });

  it("reads a count below 1 or not a number as 1", () => {
    expect(installmentValue(150, 0)).toBe(150);
    expect(installmentValue(150, -2)).toBe(150);
    expect(installmentValue(150, Number.NaN)).toBe(150);
    expect(installmentValue(150, 2.7)).toBe(75);
  });
});
