import { describe, expect, it } from "vitest";
import type { Sale } from "#api/contract/orders.ts";
import { payablePix, pixCodeOver } from "./pix.ts";

const expiresAt = "2026-11-23T18:30:00.000Z";
const pixSale = (overrides: Partial<Sale> = {}) =>
  ({
    status: "pending",
    paymentMethod: { code: "3", name: "pix" },
    pixCopyPaste: "00020126...6304ABCD",
    pixExpiresAt: expiresAt,
    ...overrides,
  }) as Sale;

describe("a pending Pix's code", () => {
  it("is shown until its expiry, and no longer from then on, while the acquirer's word is awaited", () => {
    const before = Date.parse(expiresAt) - 1_000;
    const at = Date.parse(expiresAt);
    expect(payablePix(pixSale(), before)).toEqual({ copyPaste: "00020126...6304ABCD", expiresAt });
    expect(pixCodeOver(pixSale(), before)).toBe(false);
    expect(payablePix(pixSale(), at)).toBeNull();
    expect(pixCodeOver(pixSale(), at)).toBe(true);
  });

  it("says nothing of 'code over' for a sale already expired, paid, or not Pix", () => {
    const after = Date.parse(expiresAt) + 60_000;
    expect(pixCodeOver(pixSale({ status: "expired" }), after)).toBe(false);
    expect(pixCodeOver(pixSale({ status: "paid" }), after)).toBe(false);
    expect(pixCodeOver(pixSale({ paymentMethod: { code: "1", name: "boleto" } }), after)).toBe(false);
  });
});
