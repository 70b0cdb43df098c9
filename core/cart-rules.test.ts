import { describe, expect, it } from "vitest";
import { canDecreaseQuantity, canIncreaseQuantity, CART_MESSAGES, checkBag, quantityProblem } from "./cart-rules.ts";

const line = (itemTOTVSId: number, quantity: number, type: string) => ({ itemTOTVSId, quantity, type });

describe("checkBag", () => {
  it("sums a repeated item and keeps the first position", () => {
    expect(checkBag([line(1, 1, "P"), line(2, 1, "P"), line(1, 2, "P")])).toEqual({
      ok: true,
      lines: [line(1, 3, "P"), line(2, 1, "P")],
    });
  });

  it("allows one S and one M, each once", () => {
    expect(checkBag([line(1, 1, "S"), line(2, 1, "M"), line(3, 5, "P")]).ok).toBe(true);
    expect(checkBag([line(1, 1, "S"), line(2, 1, "S")])).toEqual({ ok: false, message: CART_MESSAGES.secondService });
    expect(checkBag([line(1, 1, "S"), line(1, 1, "S")])).toEqual({ ok: false, message: CART_MESSAGES.secondService });
    expect(checkBag([line(1, 1, "M"), line(2, 1, "M")])).toEqual({ ok: false, message: CART_MESSAGES.secondManual });
    // Spec §5: the same course or manual item again reads as the student already having one.
    expect(checkBag([line(1, 2, "M")])).toEqual({ ok: false, message: CART_MESSAGES.secondManual });
    expect(checkBag([line(1, 2, "S")])).toEqual({ ok: false, message: CART_MESSAGES.secondService });
    // A visitor's bag has no student yet: the neutral wording.
    expect(checkBag([line(1, 2, "S")], { forStudent: false })).toEqual({
      ok: false,
      message: CART_MESSAGES.singleUnit,
    });
  });

  it("refuses quantities outside 1..99, also once summed", () => {
    expect(quantityProblem(0)).toBe(CART_MESSAGES.quantityMin);
    expect(quantityProblem(2.5)).toBe(CART_MESSAGES.quantityNotInteger);
    expect(quantityProblem(Number.NaN)).toBe(CART_MESSAGES.quantityNotInteger);
    expect(quantityProblem(100)).toBe(CART_MESSAGES.quantityMax);
    expect(checkBag([line(1, 50, "P"), line(1, 50, "P")])).toEqual({ ok: false, message: CART_MESSAGES.quantityMax });
  });

  it("tells the quantity controls what they may do (spec §4)", () => {
    expect(canDecreaseQuantity(1)).toBe(false);
    expect(canDecreaseQuantity(2)).toBe(true);
    expect(canIncreaseQuantity("S", 1)).toBe(false);
    expect(canIncreaseQuantity("M", 1)).toBe(false);
    expect(canIncreaseQuantity("P", 1)).toBe(true);
    expect(canIncreaseQuantity("P", 99)).toBe(false);
  });
});
