/** Keeps only the ASCII digits of a text: "529.982.247-25" → "52998224725". */
export function onlyDigits(text: string): string {
  return text.replace(/\D/g, "");
}

/** Mod-11 check digit over `digits`, with weights counting down from digits.length + 1. */
function checkDigit(digits: string): number {
  let sum = 0;
  const firstWeight = digits.length + 1;
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[i]) * (firstWeight - i);
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * CPF check (spec §5): valid only for a string that, after removing
 * non-digits, has exactly 11 digits, is not one digit repeated 11 times, and
 * whose two check digits match the standard modulo-11 calculation.
 */
export function isValidCpf(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const digits = onlyDigits(value);
  if (digits.length !== 11) return false;
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const first = checkDigit(digits.slice(0, 9));
  if (first !== Number(digits[9])) return false;
  const second = checkDigit(digits.slice(0, 10));
  return second === Number(digits[10]);
}

/**
 * Applies the 999.999.999-99 mask to the digits of `value` (at most 11),
 * progressively, so it also serves as an input mask while typing:
 * "52998224725" → "529.982.247-25", "5299822" → "529.982.2".
 */
export function formatCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}
