import { roundTo, toReais, type MoneyInput } from "./money.ts";

/**
 * Discount percentage of a cart item, derived from PRECO (list price) and
 * DESCONTO (the selling price): (1 - DESCONTO / PRECO) × 100, rounded to
 * 2 decimals. 0 when there is no real discount (PRECO ≤ 0, DESCONTO ≥ PRECO)
 * or when DESCONTO is negative (bad data, never shown as more than 100 %).
 * Strings are accepted because the API may send prices as "12,50" or "12.50".
 */
export function discountPercent(preco: MoneyInput, desconto: MoneyInput): number {
  const price = toReais(preco);
  const selling = toReais(desconto);
  if (price <= 0 || selling >= price || selling < 0) return 0;
  return roundTo((1 - selling / price) * 100, 2);
}

/** The price panel (no coupon) shows the discount from 1 % up (spec §9). */
export const PRICE_PANEL_MIN_DISCOUNT = 1;

/** Whether the product's price panel shows the discount badge: percent ≥ 1. */
export function showsDiscountOnPricePanel(percent: number): boolean {
  return Number.isFinite(percent) && percent >= PRICE_PANEL_MIN_DISCOUNT;
}

/** Whether a cart line shows the discount: any percent above 0. */
export function showsDiscountOnCartLine(percent: number): boolean {
  return Number.isFinite(percent) && percent > 0;
}
