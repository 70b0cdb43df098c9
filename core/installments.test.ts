import { describe, expect, it } from "vitest";
import {
  INSTALLMENT_TEXTS,
  cartInstallmentView,
  cartInstallments,
  creditInstallmentLabel,
  installmentOptions,
  installmentsForTotalCents,
  lineInstallments,
  maxInstallmentsOf,
  monthsRemaining,
  productInstallments,
  schoolStartYear,
  type InstallmentLine,
} from "./installments.ts";

/** Noon in Recife (UTC−3) on the given day. */
const at = (ymd: string) => new Date(`${ymd}T12:00:00-03:00`);
const JANUARY = at("2026-01-15");
const JUNE = at("2026-06-15");
const DECEMBER = at("2026-12-15");

function line(
  overrides: Partial<InstallmentLine> & { plan?: Partial<InstallmentLine["paymentPlan"]> } = {},
): InstallmentLine {
  const { plan, ...rest } = overrides;
  return {
    TIPO: "P",
    PARCELAS: 3,
    quantity: 1,
    ...rest,
    paymentPlan: { maxInstallments: 10, turnYear: false, schoolYear: 2026, ...plan },
  };
}

const course = (plan: Partial<InstallmentLine["paymentPlan"]> = {}, extra: Partial<InstallmentLine> = {}) =>
  line({ TIPO: "S", PARCELAS: 1, ...extra, plan });

describe("monthsRemaining", () => {
  it.each([
    ["2026-01-01", 12],
    ["2026-01-15", 12],
    ["2026-02-28", 11],
    ["2026-06-15", 7],
    ["2026-11-30", 2],
    ["2026-12-15", 1],
    ["2026-12-31", 1],
  ])("on %s leaves %i months", (day, months) => {
    expect(monthsRemaining(at(day))).toBe(months);
  });

  it("reads the month in Recife, not in UTC", () => {
    // 23:30 on 31 December in Recife is already 1 January in UTC.
    expect(monthsRemaining(new Date("2026-12-31T23:30:00-03:00"))).toBe(1);
    // 02:00 UTC on 1 June is still 31 May in Recife.
    expect(monthsRemaining(new Date("2026-06-01T02:00:00Z"))).toBe(8);
  });
});

describe("schoolStartYear", () => {
  it.each([
    [2026, 2026],
    [202600, 2026],
    [202701, 2027],
    [0, 0],
    [-5, 0],
    [Number.NaN, 0],
  ])("%s → %s", (input, year) => {
    expect(schoolStartYear(input)).toBe(year);
  });
});

describe("maxInstallmentsOf", () => {
  it.each([
    ["P uses PARCELAS, ignoring the plan", line({ TIPO: "P", PARCELAS: 4, plan: { maxInstallments: 12 } }), 4],
    ["M uses PARCELAS, ignoring the plan", line({ TIPO: "M", PARCELAS: 6, plan: { maxInstallments: 2 } }), 6],
    ["P is not capped by the months left", line({ TIPO: "P", PARCELAS: 12 }), 12],
    ["lower-case and padded types are read", line({ TIPO: " m ", PARCELAS: 5 }), 5],
    ["P with PARCELAS 0 still allows 1", line({ TIPO: "P", PARCELAS: 0 }), 1],
    ["P with fractional PARCELAS is floored", line({ TIPO: "P", PARCELAS: 2.9 }), 2],
  ])("%s", (_label, item, expected) => {
    expect(maxInstallmentsOf(item, DECEMBER)).toBe(expected);
  });

  it.each([
    ["January: 12 left, max 10", JANUARY, 10, 10],
    ["January: 12 left, max 12", JANUARY, 12, 12],
    ["June: 7 left, max 10", JUNE, 10, 7],
    ["June: 7 left, max 5", JUNE, 5, 5],
    ["June: 7 left, max 7", JUNE, 7, 7],
    ["December: 1 left, max 12", DECEMBER, 12, 1],
  ])("S of the current school year, plan not turning the year — %s", (_label, now, max, expected) => {
    expect(maxInstallmentsOf(course({ maxInstallments: max, schoolYear: 2026 }), now)).toBe(expected);
  });

  it("S whose plan turns the year keeps the configured maximum", () => {
    expect(maxInstallmentsOf(course({ maxInstallments: 12, turnYear: true }), DECEMBER)).toBe(12);
    expect(maxInstallmentsOf(course({ maxInstallments: 10, turnYear: true }), JUNE)).toBe(10);
  });

  it("S sold for a school year starting next year keeps the configured maximum", () => {
    expect(maxInstallmentsOf(course({ maxInstallments: 12, schoolYear: 2027 }), DECEMBER)).toBe(12);
    expect(maxInstallmentsOf(course({ maxInstallments: 12, schoolYear: 202700 }), DECEMBER)).toBe(12);
  });

  it("S of a past or current school year is capped by the months left", () => {
    expect(maxInstallmentsOf(course({ maxInstallments: 12, schoolYear: 2025 }), JUNE)).toBe(7);
    expect(maxInstallmentsOf(course({ maxInstallments: 12, schoolYear: 202600 }), JUNE)).toBe(7);
  });

  it("a type other than P, M and S follows the S rule", () => {
    expect(maxInstallmentsOf(line({ TIPO: "X", PARCELAS: 2, plan: { maxInstallments: 12 } }), JUNE)).toBe(7);
    expect(
      maxInstallmentsOf(line({ TIPO: "", PARCELAS: 2, plan: { maxInstallments: 12, turnYear: true } }), JUNE),
    ).toBe(12);
  });

  it("never goes below 1", () => {
    expect(maxInstallmentsOf(course({ maxInstallments: 0 }), JANUARY)).toBe(1);
    expect(maxInstallmentsOf(course({ maxInstallments: Number.NaN, turnYear: true }), JANUARY)).toBe(1);
  });
});

describe("installmentsForTotalCents", () => {
  it.each([
    [0, 1],
    [1, 1],
    [99_99, 1],
    [100_00, 2],
    [199_99, 2],
    [200_00, 3],
    [299_99, 3],
    [300_00, 4],
    [399_99, 4],
    [400_00, 6],
    [999_99, 6],
    [1000_00, 12],
    [1_000_000_00, 12],
  ])("%i centavos → %i", (cents, count) => {
    expect(installmentsForTotalCents(cents)).toBe(count);
  });
});

describe("cartInstallments", () => {
  const twoPhysical = [line({ PARCELAS: 1 }), line({ PARCELAS: 1 })];

  it.each([
    [99.99, 1],
    [100, 2],
    [199.99, 2],
    [200, 3],
    [299.99, 3],
    [300, 4],
    [399.99, 4],
    [400, 6],
    [999.99, 6],
    [1000, 12],
    [1500.5, 12],
  ])("without S items and with more than one line, a total of %s gives %i", (total, count) => {
    expect(cartInstallments(twoPhysical, total, JUNE)).toBe(count);
  });

  it("reads totals in centavos, so binary noise does not cross a band", () => {
    expect(cartInstallments(twoPhysical, 0.1 + 0.2 + 99.7, JUNE)).toBe(2); // 100.00000000000001
    expect(cartInstallments(twoPhysical, 33.33 * 3 + 0.01, JUNE)).toBe(2); // 100.00 after rounding
    expect(cartInstallments(twoPhysical, 99.994, JUNE)).toBe(1); // 99,99
    expect(cartInstallments(twoPhysical, 99.995, JUNE)).toBe(2); // 100,00
  });

  it("accepts the total as pt-BR or machine text", () => {
    expect(cartInstallments(twoPhysical, "1.000,00", JUNE)).toBe(12);
    expect(cartInstallments(twoPhysical, "399.99", JUNE)).toBe(4);
  });

  it("a lone P or M item with quantity 1 uses its PARCELAS, whatever the total", () => {
    expect(cartInstallments([line({ TIPO: "P", PARCELAS: 5 })], 50, JUNE)).toBe(5);
    expect(cartInstallments([line({ TIPO: "M", PARCELAS: 2 })], 5000, JUNE)).toBe(2);
    expect(cartInstallments([line({ TIPO: "P", PARCELAS: 0 })], 150, JUNE)).toBe(1);
  });

  it("a lone item with quantity 2 goes by the total", () => {
    expect(cartInstallments([line({ TIPO: "P", PARCELAS: 5, quantity: 2 })], 50, JUNE)).toBe(1);
    expect(cartInstallments([line({ TIPO: "P", PARCELAS: 1, quantity: 2 })], 450, JUNE)).toBe(6);
  });

  it("a lone S item uses the S rule, not PARCELAS", () => {
    expect(cartInstallments([course({ maxInstallments: 10 }, { PARCELAS: 2 })], 1200, JANUARY)).toBe(10);
    expect(cartInstallments([course({ maxInstallments: 10 }, { PARCELAS: 2 })], 1200, JUNE)).toBe(7);
    expect(cartInstallments([course({ maxInstallments: 12, turnYear: true })], 1200, DECEMBER)).toBe(12);
  });

  it("with an S item, the smallest per-item maximum across all lines wins", () => {
    const lines = [course({ maxInstallments: 10 }), course({ maxInstallments: 4, turnYear: true })];
    expect(cartInstallments(lines, 5000, JANUARY)).toBe(4);
  });

  it("with an S item, the months left cap plans not turning the year", () => {
    const lines = [course({ maxInstallments: 12 }), course({ maxInstallments: 10, turnYear: true })];
    expect(cartInstallments(lines, 5000, JANUARY)).toBe(10);
    expect(cartInstallments(lines, 5000, JUNE)).toBe(7);
    expect(cartInstallments(lines, 5000, DECEMBER)).toBe(1);
  });

  it("with an S item sold for next school year, the configured maximum applies", () => {
    const lines = [
      course({ maxInstallments: 12, schoolYear: 2027 }),
      course({ maxInstallments: 12, schoolYear: 2027 }),
    ];
    expect(cartInstallments(lines, 5000, DECEMBER)).toBe(12);
  });

  it("with an S item, P and M lines do not lower the course's count (decision 0045)", () => {
    const lines = [course({ maxInstallments: 12, turnYear: true }), line({ TIPO: "P", PARCELAS: 2 })];
    expect(cartInstallments(lines, 5000, JANUARY)).toBe(12);
    const withManual = [course({ maxInstallments: 12, turnYear: true }), line({ TIPO: "M", PARCELAS: 6 })];
    expect(cartInstallments(withManual, 5000, JANUARY)).toBe(12);
  });

  it("issue 25: a R$ 14,90 notebook beside Curso de Ballet Infantil in November keeps its 1x or 2x", () => {
    const NOVEMBER = at("2026-11-23");
    const ballet = course({ maxInstallments: 12 });
    const notebook = line({ TIPO: "P", PARCELAS: 1 });
    expect(cartInstallments([ballet], 1026, NOVEMBER)).toBe(2);
    expect(cartInstallments([ballet, notebook], 1040.9, NOVEMBER)).toBe(2);
  });

  it("issue 25: a R$ 5,90 ruler does not make a R$ 1.688,90 course one payment", () => {
    const ruler = line({ TIPO: "P", PARCELAS: 1 });
    const lines = [course({ maxInstallments: 10 }), ruler];
    expect(cartInstallments(lines, 1694.8, JANUARY)).toBe(10);
    expect(cartInstallments(lines, 1694.8, JUNE)).toBe(7);
    // Nor a line of several units, nor a manual product whose PARCELAS is 1.
    const more = [
      course({ maxInstallments: 10 }),
      line({ TIPO: "P", PARCELAS: 1, quantity: 3 }),
      line({ TIPO: "M", PARCELAS: 1 }),
    ];
    expect(cartInstallments(more, 1800, JANUARY)).toBe(10);
  });

  it("with an S item, the cart does not go by its total either: the course's count holds", () => {
    // R$ 50 would be 1 by the bands; the course's plan says 4.
    expect(cartInstallments([course({ maxInstallments: 4, turnYear: true }), line({ PARCELAS: 1 })], 50, JUNE)).toBe(4);
    // R$ 1.500 would be 12 by the bands; in December a course of this year is paid at once.
    expect(cartInstallments([course({ maxInstallments: 12 }), line({ PARCELAS: 6 })], 1500, DECEMBER)).toBe(1);
  });

  it("a line of another type beside a course follows neither rule: only S lines set the count", () => {
    const lines = [
      course({ maxInstallments: 6, turnYear: true }),
      line({ TIPO: "X", PARCELAS: 1, plan: { maxInstallments: 1 } }),
    ];
    expect(cartInstallments(lines, 2000, JUNE)).toBe(6);
  });

  it("a free cart (total 0) pays in 1, whatever the items say", () => {
    expect(cartInstallments([line({ TIPO: "P", PARCELAS: 6 })], 0, JUNE)).toBe(1);
    expect(cartInstallments([course({ maxInstallments: 12, turnYear: true })], "0.00", JUNE)).toBe(1);
    expect(cartInstallments(twoPhysical, 0, JUNE)).toBe(1);
    expect(cartInstallments(twoPhysical, 0.004, JUNE)).toBe(1);
  });

  it("never below 1", () => {
    expect(cartInstallments([], 50, JUNE)).toBe(1);
    expect(cartInstallments([course({ maxInstallments: 0 }), course({ maxInstallments: -3 })], 5000, JUNE)).toBe(1);
    expect(cartInstallments(twoPhysical, -10, JUNE)).toBe(1);
  });
});

describe("creditInstallmentLabel", () => {
  it("writes the count and each instalment's value as the store writes prices (decision 0040)", () => {
    expect(creditInstallmentLabel(100, 3)).toBe("Parcelado em 3x de R$ 33,33 sem juros no Crédito");
    expect(creditInstallmentLabel(1200, 12)).toBe("Parcelado em 12x de R$ 100,00 sem juros no Crédito");
    expect(creditInstallmentLabel("2.400,00", 6)).toBe("Parcelado em 6x de R$ 400,00 sem juros no Crédito");
    expect(creditInstallmentLabel(12345.6, 1)).toBe("À vista no Crédito: R$ 12.345,60");
  });

  it("asks to choose while no count is chosen", () => {
    expect(creditInstallmentLabel(100, null)).toBe("Selecione o parcelamento");
    expect(creditInstallmentLabel(100, undefined)).toBe(INSTALLMENT_TEXTS.choose);
    expect(creditInstallmentLabel(100, 0)).toBe(INSTALLMENT_TEXTS.choose);
    expect(creditInstallmentLabel(100, Number.NaN)).toBe(INSTALLMENT_TEXTS.choose);
  });

  it("keeps the boleto text beside it", () => {
    expect(INSTALLMENT_TEXTS.boleto).toBe("À vista no Boleto Bancário");
  });
});

describe("installmentOptions", () => {
  it("lists 1 to the maximum", () => {
    expect(installmentOptions(3)).toEqual([1, 2, 3]);
    expect(installmentOptions(1)).toEqual([1]);
    expect(installmentOptions(0)).toEqual([1]);
    expect(installmentOptions(12)).toHaveLength(12);
  });
});

describe("productInstallments (what a product card advertises)", () => {
  const NOVEMBER = at("2026-11-23");
  // Curso de Ballet Infantil of the demo: R$ 1.026,00, PARCELAS 12, plan 12 not turning the year.
  const ballet = { ...course({ maxInstallments: 12 }, { PARCELAS: 12 }), DESCONTO: 1026 };

  it.each([
    ["January", JANUARY, 12],
    ["June", JUNE, 7],
    ["November", NOVEMBER, 2],
    ["December", DECEMBER, 1],
  ])("a course of this school year in %s: the months left", (_, now, expected) => {
    expect(productInstallments(ballet, now)).toBe(expected);
  });

  it("a course whose plan turns the year keeps its maximum in November and December", () => {
    const judo = { ...course({ maxInstallments: 12, turnYear: true }, { PARCELAS: 12 }), DESCONTO: 1320 };
    expect(productInstallments(judo, NOVEMBER)).toBe(12);
    expect(productInstallments(judo, DECEMBER)).toBe(12);
  });

  it("a course sold for next school year keeps its maximum at the year's end, then counts months", () => {
    const nextYear = { ...course({ maxInstallments: 10, schoolYear: 2027 }), DESCONTO: 900 };
    expect(productInstallments(nextYear, DECEMBER)).toBe(10);
    expect(productInstallments(nextYear, at("2027-06-15"))).toBe(7);
  });

  it("reads the month in Recife: 31 December at 22:00 there is still December", () => {
    expect(productInstallments(ballet, new Date("2027-01-01T01:00:00Z"))).toBe(1);
    expect(productInstallments(ballet, new Date("2027-01-01T03:00:00Z"))).toBe(12);
  });

  it("a physical or manual product uses its PARCELAS whatever the date", () => {
    expect(productInstallments({ ...line({ PARCELAS: 4 }), DESCONTO: 90 }, NOVEMBER)).toBe(4);
    expect(productInstallments({ ...line({ TIPO: "M", PARCELAS: 6 }), DESCONTO: 600 }, DECEMBER)).toBe(6);
  });

  it("a free product is paid in 1", () => {
    expect(productInstallments({ ...course({ maxInstallments: 12, turnYear: true }), DESCONTO: 0 }, JUNE)).toBe(1);
  });

  it("is what /compra offers for a cart holding just that product", () => {
    for (const now of [JANUARY, JUNE, NOVEMBER, DECEMBER]) {
      expect(productInstallments(ballet, now)).toBe(cartInstallments([{ ...ballet, quantity: 1 }], 1026, now));
    }
  });
});

describe("lineInstallments and cartInstallmentView (what cart lines advertise)", () => {
  it("a line of several units goes by its own total", () => {
    const agenda = { ...line({ PARCELAS: 1 }), DESCONTO: 60, quantity: 4 };
    expect(lineInstallments(agenda, JUNE)).toBe(3);
  });

  it("gives the cart's count, and what each line would get alone", () => {
    const ballet = { ...course({ maxInstallments: 12 }, { PARCELAS: 12 }), DESCONTO: 1026, cartItemid: "b" };
    const uniform = { ...line({ PARCELAS: 6 }), DESCONTO: 150, cartItemid: "u" };
    const cart = { bags: [{ cartItems: [ballet] }, { cartItems: [uniform] }], total: 1176 };
    expect(cartInstallmentView(cart, at("2026-11-23"))).toEqual({ count: 2, lines: { b: 2, u: 6 } });
    expect(cartInstallmentView(cart, JANUARY)).toEqual({ count: 12, lines: { b: 12, u: 6 } });
  });

  it("an empty cart pays in 1", () => {
    expect(cartInstallmentView({ bags: [], total: 0 }, JUNE)).toEqual({ count: 1, lines: {} });
  });
});
