/**
 * Money formatting and parsing for the store (spec §9): pt-BR, exactly two
 * decimals, a comma accepted as the decimal separator, currency R$.
 *
 * Formatting is done by hand instead of Intl.NumberFormat so the server and
 * every browser render byte-identical text (no hydration mismatch from ICU
 * differences, no NBSP from the currency pattern).
 */

export type MoneyInput = number | string;

/**
 * Rounds to `decimals` places, half away from zero, correcting binary noise
 * first (1.005 is stored as 1.00499999…; a person expects 1,01).
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0;
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  // Turns -0 into 0 so nothing ever prints "-0,00".
  return rounded + 0;
}

/** Rounds to centavos (2 decimals). */
export function round2(value: number): number {
  return roundTo(value, 2);
}

/** Reais → integer centavos, rounded correctly (0.1 + 0.2 → 30). */
export function reaisToCents(reais: number): number {
  if (!Number.isFinite(reais)) return 0;
  const scaled = Number((Math.abs(reais) * 100).toPrecision(15));
  return Math.sign(reais) * Math.round(scaled) + 0;
}

/** Integer centavos → reais (1999 → 19.99). Non-integer input is rounded first. */
export function centsToReais(cents: number): number {
  if (!Number.isFinite(cents)) return 0;
  return (Math.sign(cents) * Math.round(Math.abs(cents))) / 100 + 0;
}

const INTEGER = /^\d+$/;
const COMMA_DECIMAL = /^\d*,\d+$/; // 12,5 · ,5
const DOT_DECIMAL = /^\d*\.\d+$/; // 1234.56 · 1.234 (read as 1,234: a single dot is a decimal point)
const BR_GROUPED = /^\d{1,3}(\.\d{3})+(,\d*)?$/; // 1.234,56 · 1.234.567 · 1.234,
const US_GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/; // 1,234.56 · 1,234,567

/**
 * Parses a money amount typed by a person or sent by the API.
 * Accepts "12,5", "1.234,56", "1234.56", "1,234.56", "R$ 10,00", "-3,5";
 * returns null when the text is not an amount.
 *
 * A lone separator is always the decimal one ("1.234" → 1.234, "1,234" → 1.234),
 * because the API sends decimals with a dot and people type them with a comma.
 */
export function parseMoney(input: string): number | null {
  if (typeof input !== "string") return null;
  let text = input.replace(/[\s\u00a0\u202f]/g, "");
  let negative = false;
  if (text.startsWith("-")) {
    negative = true;
    text = text.slice(1);
  }
  if (/^r\$/i.test(text)) text = text.slice(2);
  if (!negative && text.startsWith("-")) {
    negative = true;
    text = text.slice(1);
  }
  if (text === "") return null;

  let normalised: string;
  if (INTEGER.test(text)) {
    normalised = text;
  } else if (COMMA_DECIMAL.test(text)) {
    normalised = text.replace(",", ".");
  } else if (DOT_DECIMAL.test(text)) {
    normalised = text;
  } else if (BR_GROUPED.test(text)) {
    normalised = text.replace(/\./g, "").replace(",", ".");
  } else if (US_GROUPED.test(text)) {
    normalised = text.replace(/,/g, "");
  } else {
    return null;
  }
  if (normalised.endsWith(".")) normalised = normalised.slice(0, -1);

  const value = Number(normalised);
  if (!Number.isFinite(value)) return null;
  return negative ? -value + 0 : value;
}

/**
 * Any money input as a number rounded to centavos; invalid text and
 * non-finite numbers become 0.
 */
export function toReais(value: MoneyInput): number {
  const n = typeof value === "number" ? value : parseMoney(value);
  if (n === null || !Number.isFinite(n)) return 0;
  return round2(n);
}

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * A number in pt-BR notation with a fixed number of decimals:
 * formatDecimalBR(1234.5, 2) → "1.234,50". Rounds half away from zero.
 */
export function formatDecimalBR(value: number, fractionDigits: number): string {
  const rounded = roundTo(value, fractionDigits);
  const [intPart = "0", fracPart = ""] = Math.abs(rounded).toFixed(fractionDigits).split(".");
  const sign = rounded < 0 ? "-" : "";
  const grouped = groupThousands(intPart, ".");
  return fractionDigits > 0 ? `${sign}${grouped},${fracPart}` : `${sign}${grouped}`;
}

/** pt-BR amount without the currency: 1234.5 → "1.234,50"; "12,5" → "12,50"; invalid → "0,00". */
export function formatMoney(value: MoneyInput): string {
  return formatDecimalBR(toReais(value), 2);
}

/** pt-BR amount with the currency and a plain space: 1234.5 → "R$ 1.234,50"; -5 → "-R$ 5,00". */
export function formatBRL(value: MoneyInput): string {
  const reais = toReais(value);
  const body = formatDecimalBR(Math.abs(reais), 2);
  return reais < 0 ? `-R$ ${body}` : `R$ ${body}`;
}

/**
 * Machine notation with a dot and exactly 2 decimals, correctly rounded:
 * toFixed2(0.1 + 0.2) → "0.30", toFixed2("1.005") → "1.01", toFixed2(0) → "0.00".
 * The spec's free-order check compares the total with "0.00".
 */
export function toFixed2(value: MoneyInput): string {
  const cents = reaisToCents(toReais(value));
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${units}.${rest}`;
}

const BR_AMOUNT = /^(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d{1,2})?$/;

/**
 * An amount typed in the gestor area or read from a school's spreadsheet, in reais with a
 * comma ("1.234,56", "1234,5", "89"), as integer centavos; null for anything else. Stricter
 * than parseMoney: "12.50" is refused rather than read as 12,50 or 1.250 (a price is not a guess).
 */
export function parseReaisToCents(input: string): number | null {
  const text = input.replace(/^R\$/, "").trim();
  if (!BR_AMOUNT.test(text)) return null;
  const [whole = "0", fraction = ""] = text.replaceAll(".", "").split(",");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Centavos as a person types them back (and a spreadsheet reads them): 123456 → "1234,56". */
export function centsToReaisInput(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole},${String(Math.abs(cents % 100)).padStart(2, "0")}`;
}
