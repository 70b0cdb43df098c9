import { formatDecimalBR, roundTo } from "./money.ts";

/**
 * A percentage in pt-BR with 0 or 2 decimals (spec §9), without the "%" sign:
 * 10 → "10", 7.5 → "7,50", 33.333 → "33,33", 9.999 → "10".
 * The value is rounded to 2 decimals first, so a value that rounds to a whole
 * number shows no decimals. Non-finite input shows "0".
 */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value)) return "0";
  const rounded = roundTo(value, 2);
  return formatDecimalBR(rounded, Number.isInteger(rounded) ? 0 : 2);
}
