import { isValidCpf as hasValidCpfDigits } from "@brazilian-utils/brazilian-utils";

/** Keeps only the ASCII digits of a text: "529.982.247-25" → "52998224725". */
export function onlyDigits(text: string): string {
  return text.replace(/\D/g, "");
}

/**
 * The digits of a text typed as a CPF or part of one, with or without its mask ("529.982.247-25",
 * "52998224725", "982.247"); null for any other text, so a name or an e-mail with a digit in it is
 * never searched as a CPF.
 */
export function typedCpfDigits(text: string): string | null {
  return /^[\d.\s-]+$/.test(text) && /\d/.test(text) ? onlyDigits(text) : null;
}

/**
 * CPF check (spec §5): valid only for a string that, after removing non-digits, has
 * exactly 11 digits, is not one digit repeated 11 times, and whose two check digits
 * match the standard modulo-11 calculation. The digits are checked by
 * @brazilian-utils/brazilian-utils; the tests keep spec §5's rule.
 */
export function isValidCpf(value: unknown): boolean {
  return typeof value === "string" && hasValidCpfDigits(onlyDigits(value));
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

/**
 * "529.982.247-25" → "***.982.247-**": enough for a person to recognise a CPF, not to copy
 * it (the masking of Brazilian public bodies under the LGPD). Empty for a non-CPF.
 */
export function maskedCpf(cpf: string): string {
  const digits = onlyDigits(cpf);
  return digits.length === 11 ? `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**` : "";
}
