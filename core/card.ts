/**
 * Credit-card form rules of spec §5 and §9, shared by the payment form and the store API.
 * Brands, lengths, Luhn and security-code sizes come from card-validator (Braintree's
 * credit-card-type tables) instead of hand-written prefix lists that go stale.
 *
 * Resolved ambiguities:
 * - "Number: masked 16 digits, at least 15" conflicts with Diners' 14 digits (§9) and the
 *   "allowed length for the brand" rule: the brand's lengths from the library win (Visa 16,
 *   18 or 19; Mastercard, Elo, Hipercard 16; American Express 15; Diners 14, 16 or 19).
 * - "A Luhn check (except for one brand)": the library skips Luhn only for UnionPay, which is
 *   not accepted here, so every accepted number must pass Luhn.
 * - Accepted brands: the five the form shows plus Diners (§9 sends DINERS). Hiper (637095…),
 *   a different brand from Hipercard (606282…), is not accepted.
 * - Expiry "in the future": a card is valid through the last day of its month, so the
 *   current month is accepted; the month is read in the store's time zone.
 * - Expiry input: exactly four digits, MM then YY, with an optional "/" and spaces between.
 */
import cardValidator from "card-validator";
import { todayInBrazil } from "./dates.ts";

export const CARD_FORM_MESSAGE =
  "Formulário incompleto - Preencha todos os campos do formulário para prosseguir." as const;

export const CARD_FIELD_MESSAGES = {
  holder: "Informe o nome impresso no cartão, só com letras (até 26).",
  number: "Número do cartão inválido.",
  brand: "Bandeira não aceita.",
  expiry: "Validade inválida.",
  expired: "Cartão vencido.",
  cvc: "Código de segurança inválido.",
  installments: "Selecione o parcelamento",
} as const;

/** card-validator's type names of the accepted brands. */
export const ACCEPTED_BRANDS = ["visa", "mastercard", "hipercard", "elo", "american-express", "diners-club"] as const;
export type CardBrand = (typeof ACCEPTED_BRANDS)[number];

export const HOLDER_MAX_LENGTH = 26;
/** The number mask's length while no brand is known (spec §5: "masked 16 digits"). */
const UNKNOWN_BRAND_MAX_DIGITS = 16;
const UNKNOWN_BRAND_GAPS = [4, 8, 12];

export function isAcceptedBrand(type: string | null | undefined): type is CardBrand {
  return (ACCEPTED_BRANDS as readonly string[]).includes(type ?? "");
}

/** The number without the mask's spaces; other characters are kept, so they fail the digit check. */
export function cardDigits(value: string): string {
  return String(value ?? "").replace(/\s+/g, "");
}

/** Brand name for the gateway (spec §9): MASTER, DINERS, AMEX, otherwise the brand in upper case. */
export function brandForGateway(brand: CardBrand): string {
  switch (brand) {
    case "mastercard":
      return "MASTER";
    case "diners-club":
      return "DINERS";
    case "american-express":
      return "AMEX";
    default:
      return brand.toUpperCase();
  }
}

/** The brand of a complete or partly typed number, once only one accepted brand fits. */
export function detectBrand(number: string): CardBrand | null {
  const type = cardValidator.number(cardDigits(number)).card?.type;
  return isAcceptedBrand(type) ? type : null;
}

/** The brand's display name (card-validator's niceType): "American Express", "Diners Club". */
export function brandName(brand: CardBrand): string {
  return cardValidator.creditCardType.getTypeInfo(brand).niceType;
}

/** Security-code length for a brand: 4 for American Express, 3 otherwise, 3 or 4 when unknown. */
export function cvcLengths(brand: CardBrand | null): number[] {
  if (!brand) return [3, 4];
  return [cardValidator.creditCardType.getTypeInfo(brand).code.size];
}

/**
 * The number as typed, grouped the brand's way (card-validator's gaps): 4111 1111 1111 1111,
 * Amex 3782 822463 10005, Diners 3056 930902 5904. Keeps digits only and cuts at the brand's longest length
 * (16 while the brand is unknown).
 */
export function maskCardNumber(value: string): string {
  const all = String(value ?? "").replace(/\D/g, "");
  const card = cardValidator.number(all).card;
  const max = card ? Math.max(...card.lengths) : UNKNOWN_BRAND_MAX_DIGITS;
  const digits = all.slice(0, max);
  const gaps = card?.gaps ?? UNKNOWN_BRAND_GAPS;
  // The library stops Visa's groups at 12; a 19-digit number reads better in fours to the end.
  const inFours = gaps.every((gap, index) => gap === 4 * (index + 1));
  let masked = "";
  for (let index = 0; index < digits.length; index++) {
    if (inFours ? index > 0 && index % 4 === 0 : gaps.includes(index)) masked += " ";
    masked += digits[index];
  }
  return masked;
}

/** The expiry as typed, shaped "MM / YY". */
export function maskCardExpiry(value: string): string {
  const digits = String(value ?? "")
    .replace(/\D/g, "")
    .slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function lastFourDigits(number: string): string {
  return String(number ?? "")
    .replace(/\D/g, "")
    .slice(-4);
}

/** The gateway's expirationDate, built as year-month-10 (spec §7): (3, 2031) → "2031-03-10". */
export function expirationDateForGateway(month: number, year: number): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`invalid month: ${month}`);
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`invalid four-digit year: ${year}`);
  return `${year}-${String(month).padStart(2, "0")}-10`;
}

/** The holder as sent on: trimmed, inner spaces collapsed, accents composed. */
export function normalizeHolder(value: string): string {
  return String(value ?? "")
    .normalize("NFC")
    .trim()
    .replace(/\s+/g, " ");
}

const HOLDER_PATTERN = /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u;

export function isValidHolder(value: string): boolean {
  const holder = normalizeHolder(value);
  return holder.length > 0 && [...holder].length <= HOLDER_MAX_LENGTH && HOLDER_PATTERN.test(holder);
}

export type CardNumberCheck =
  { ok: true; brand: CardBrand; digits: string } | { ok: false; reason: "number" | "brand" };

/** Digits only, an accepted brand, a length of that brand and Luhn. */
export function checkCardNumber(value: string): CardNumberCheck {
  const digits = cardDigits(value);
  if (!/^\d+$/.test(digits)) return { ok: false, reason: "number" };
  const result = cardValidator.number(digits);
  const type = result.card?.type;
  if (!result.card) return { ok: false, reason: "number" };
  if (!isAcceptedBrand(type)) return { ok: false, reason: "brand" };
  if (!result.isValid) return { ok: false, reason: "number" };
  return { ok: true, brand: type, digits };
}

export type ExpiryCheck = { ok: true; month: number; year: number } | { ok: false; reason: "expiry" | "expired" };

/**
 * "MM / YY", "MM/YY" or "MMYY": month 1 to 12, the two-digit year read in the current century,
 * and not before the current month (a card works through the end of its month).
 */
export function checkExpiry(value: string, now: Date = new Date()): ExpiryCheck {
  const match = /^\s*(\d{2})\s*\/?\s*(\d{2})\s*$/.exec(String(value ?? ""));
  if (!match) return { ok: false, reason: "expiry" };
  const month = Number(match[1]);
  if (month < 1 || month > 12) return { ok: false, reason: "expiry" };
  const [currentYear = 0, currentMonth = 0] = todayInBrazil(now).split("-").map(Number);
  const year = Math.floor(currentYear / 100) * 100 + Number(match[2]);
  if (year * 12 + month < currentYear * 12 + currentMonth) return { ok: false, reason: "expired" };
  return { ok: true, month, year };
}

export function isValidCvc(value: string, brand: CardBrand | null): boolean {
  const text = String(value ?? "").trim();
  return /^\d+$/.test(text) && cardValidator.cvv(text, cvcLengths(brand)).isValid;
}

/** The form as posted; every field is text, the instalment count may already be a number. */
export interface CardFormInput {
  holder?: string | null;
  number?: string | null;
  expiry?: string | null;
  cvc?: string | null;
  installments?: string | number | null;
}

export type CardField = "holder" | "number" | "expiry" | "cvc" | "installments";

export interface ValidCard {
  holder: string;
  /** Digits only. */
  number: string;
  brand: CardBrand;
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
  cvc: string;
  installments: number;
}

export type CardFormResult =
  | { ok: true; card: ValidCard }
  | { ok: false; message: typeof CARD_FORM_MESSAGE; errors: Partial<Record<CardField, string>> };

export interface CardFormOptions {
  now?: Date;
  /** The most instalments the cart allows (cartInstallments); unchecked when absent. */
  maxInstallments?: number;
}

function parseInstallments(value: CardFormInput["installments"]): number | null {
  const text = typeof value === "number" ? String(value) : String(value ?? "").trim();
  if (!/^\d+$/.test(text)) return null;
  const count = Number(text);
  return count >= 1 ? count : null;
}

/** The chosen instalment count, or null when none was chosen or it is more than `max` allows. */
export function checkInstallments(value: CardFormInput["installments"], max?: number): number | null {
  const installments = parseInstallments(value);
  if (installments === null || (max !== undefined && installments > Math.max(1, Math.floor(max)))) return null;
  return installments;
}

/**
 * Validates the whole card form. Any failure gives the spec's single message, plus a short
 * message per failing field so the form can mark them.
 */
export function validateCardForm(input: CardFormInput, options: CardFormOptions = {}): CardFormResult {
  const errors: Partial<Record<CardField, string>> = {};

  const holder = normalizeHolder(input.holder ?? "");
  if (!isValidHolder(holder)) errors.holder = CARD_FIELD_MESSAGES.holder;

  const number = checkCardNumber(input.number ?? "");
  if (!number.ok) errors.number = CARD_FIELD_MESSAGES[number.reason];
  const brand = number.ok ? number.brand : detectBrand(input.number ?? "");

  const expiry = checkExpiry(input.expiry ?? "", options.now);
  if (!expiry.ok) errors.expiry = CARD_FIELD_MESSAGES[expiry.reason];

  const cvc = String(input.cvc ?? "").trim();
  if (!isValidCvc(cvc, brand)) errors.cvc = CARD_FIELD_MESSAGES.cvc;

  const installments = checkInstallments(input.installments, options.maxInstallments);
  if (installments === null) errors.installments = CARD_FIELD_MESSAGES.installments;

  if (!number.ok || !expiry.ok || installments === null || Object.keys(errors).length > 0) {
    return { ok: false, message: CARD_FORM_MESSAGE, errors };
  }
  return {
    ok: true,
    card: {
      holder,
      number: number.digits,
      brand: number.brand,
      expiryMonth: expiry.month,
      expiryYear: expiry.year,
      cvc,
      installments,
    },
  };
}
