import { describe, expect, it } from "vitest";
import { formatPercent } from "./percent";

describe("formatPercent", () => {
  it("shows whole percentages without decimals", () => {
    expect(formatPercent(10)).toBe("10");
    expect(formatPercent(0)).toBe("0");
    expect(formatPercent(100)).toBe("100");
  });

  it("shows other percentages with two pt-BR decimals", () => {
    expect(formatPercent(7.5)).toBe("7,50");
    expect(formatPercent(33.333)).toBe("33,33");
    expect(formatPercent(0.5)).toBe("0,50");
    expect(formatPercent(12.345)).toBe("12,35");
  });

  it("drops the decimals when the value rounds to a whole number", () => {
    expect(formatPercent(9.999)).toBe("10");
    expect(formatPercent(10.001)).toBe("10");
  });

  it("shows 0 for non-numbers", () => {
    expect(formatPercent(Number.NaN)).toBe("0");
  });
});
