import { describe, expect, it } from "vitest";
import {
  centsToReais,
  formatBRL,
  formatDecimalBR,
  formatMoney,
  parseMoney,
  parseReaisToCents,
  centsToReaisInput,
  reaisToCents,
  round2,
  toFixed2,
  toReais,
} from "./money.ts";

describe("formatMoney", () => {
  it("shows pt-BR amounts with exactly two decimals and a thousands separator", () => {
    expect(formatMoney(1234.5)).toBe("1.234,50");
    expect(formatMoney(0)).toBe("0,00");
    expect(formatMoney(7)).toBe("7,00");
    expect(formatMoney(999.99)).toBe("999,99");
    expect(formatMoney(1000)).toBe("1.000,00");
    expect(formatMoney(1000000)).toBe("1.000.000,00");
    expect(formatMoney(1234567.891)).toBe("1.234.567,89");
  });

  it("rounds half a centavo up, despite binary floating point", () => {
    expect(formatMoney(0.005)).toBe("0,01");
    expect(formatMoney(0.004)).toBe("0,00");
    expect(formatMoney(1.005)).toBe("1,01");
    expect(formatMoney(0.1 + 0.2)).toBe("0,30");
    expect(formatMoney(2.675)).toBe("2,68");
  });

  it("accepts strings with a comma or a dot as decimal separator", () => {
    expect(formatMoney("12,5")).toBe("12,50");
    expect(formatMoney("1.234,56")).toBe("1.234,56");
    expect(formatMoney("1234.56")).toBe("1.234,56");
    expect(formatMoney("150")).toBe("150,00");
  });

  it("formats invalid input as zero", () => {
    expect(formatMoney("abc")).toBe("0,00");
    expect(formatMoney("")).toBe("0,00");
    expect(formatMoney(Number.NaN)).toBe("0,00");
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe("0,00");
  });

  it("never prints a negative zero", () => {
    expect(formatMoney(-0)).toBe("0,00");
    expect(formatMoney(-0.001)).toBe("0,00");
  });
});

describe("formatBRL", () => {
  it("prefixes R$ with a plain space", () => {
    expect(formatBRL(1234.5)).toBe("R$ 1.234,50");
    expect(formatBRL(0)).toBe("R$ 0,00");
    expect(formatBRL("49,9")).toBe("R$ 49,90");
    expect(formatBRL(1000000)).toBe("R$ 1.000.000,00");
    expect(formatBRL(10)).not.toContain("\u00a0");
  });

  it("puts the minus sign before the currency", () => {
    expect(formatBRL(-5)).toBe("-R$ 5,00");
  });
});

describe("parseMoney", () => {
  it("reads pt-BR and machine notation", () => {
    expect(parseMoney("12,5")).toBe(12.5);
    expect(parseMoney("1.234,56")).toBe(1234.56);
    expect(parseMoney("1234.56")).toBe(1234.56);
    expect(parseMoney("1234,56")).toBe(1234.56);
    expect(parseMoney("1.234.567,89")).toBe(1234567.89);
    expect(parseMoney("1,234.56")).toBe(1234.56);
    expect(parseMoney("0")).toBe(0);
    expect(parseMoney(",5")).toBe(0.5);
    expect(parseMoney("  42  ")).toBe(42);
  });

  it("ignores the currency symbol and spaces, including NBSP", () => {
    expect(parseMoney("R$ 1.234,50")).toBe(1234.5);
    expect(parseMoney("R$\u00a010,00")).toBe(10);
    expect(parseMoney("-R$ 3,50")).toBe(-3.5);
    expect(parseMoney("-3,5")).toBe(-3.5);
  });

  it("reads a single separator as the decimal one", () => {
    expect(parseMoney("1.5")).toBe(1.5);
    expect(parseMoney("1,234")).toBe(1.234);
  });

  it("returns null for text that is not an amount", () => {
    expect(parseMoney("")).toBeNull();
    expect(parseMoney("   ")).toBeNull();
    expect(parseMoney("abc")).toBeNull();
    expect(parseMoney("12,5,3")).toBeNull();
    expect(parseMoney("1.2.3")).toBeNull();
    expect(parseMoney("12a")).toBeNull();
    expect(parseMoney("R$")).toBeNull();
    expect(parseMoney("1e5")).toBeNull();
    expect(parseMoney("--1")).toBeNull();
  });
});

describe("cents", () => {
  it("converts reais to integer centavos without floating-point drift", () => {
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
    expect(reaisToCents(19.99)).toBe(1999);
    expect(reaisToCents(1.005)).toBe(101);
    expect(reaisToCents(0)).toBe(0);
    expect(reaisToCents(1000000)).toBe(100000000);
    expect(reaisToCents(-2.5)).toBe(-250);
    expect(Object.is(reaisToCents(-0.001), 0)).toBe(true);
  });

  it("converts centavos back to reais", () => {
    expect(centsToReais(1999)).toBe(19.99);
    expect(centsToReais(0)).toBe(0);
    expect(centsToReais(30)).toBe(0.3);
    expect(centsToReais(100000000)).toBe(1000000);
  });

  it("round-trips", () => {
    for (const cents of [1, 7, 10, 99, 101, 12345, 99999]) {
      expect(reaisToCents(centsToReais(cents))).toBe(cents);
    }
  });
});

describe("toFixed2", () => {
  it("gives machine notation with exactly two decimals", () => {
    expect(toFixed2(0)).toBe("0.00");
    expect(toFixed2(0.1 + 0.2)).toBe("0.30");
    expect(toFixed2(1.005)).toBe("1.01");
    expect(toFixed2(0.005)).toBe("0.01");
    expect(toFixed2(1234.5)).toBe("1234.50");
    expect(toFixed2("12,5")).toBe("12.50");
    expect(toFixed2(-1.5)).toBe("-1.50");
  });

  it('makes a free order total exactly "0.00"', () => {
    expect(toFixed2(10 - 10)).toBe("0.00");
    expect(toFixed2(0.004)).toBe("0.00");
    expect(toFixed2(-0.001)).toBe("0.00");
    expect(toFixed2(0.3 - 0.1 - 0.2)).toBe("0.00");
  });
});

describe("helpers", () => {
  it("round2 and toReais round to centavos", () => {
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-2.675)).toBe(-2.68);
    expect(toReais("10,456")).toBe(10.46);
    expect(toReais("x")).toBe(0);
  });

  it("formatDecimalBR formats any number of decimals", () => {
    expect(formatDecimalBR(1234.5, 0)).toBe("1.235");
    expect(formatDecimalBR(1234.5678, 3)).toBe("1.234,568");
  });
});

describe("parseReaisToCents (the gestor's prices)", () => {
  it("reads reais with a comma, grouped or not, as centavos", () => {
    expect(parseReaisToCents("1.234,56")).toBe(123456);
    expect(parseReaisToCents("1234,5")).toBe(123450);
    expect(parseReaisToCents("89")).toBe(8900);
    expect(parseReaisToCents("R$ 0,99")).toBe(99);
  });
  it("refuses what is not unmistakably reais with a comma", () => {
    for (const text of ["12.50", "1,234.56", "1.23", "abc", "", "-5,00", "1,234", "12,"])
      expect(parseReaisToCents(text)).toBeNull();
  });
  it("writes centavos back the way they are read", () => {
    expect(centsToReaisInput(123456)).toBe("1234,56");
    expect(centsToReaisInput(5)).toBe("0,05");
    expect(parseReaisToCents(centsToReaisInput(100_000_000))).toBe(100_000_000);
  });
});
