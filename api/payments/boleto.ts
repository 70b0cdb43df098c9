/**
 * FEBRABAN "cobrança bancária" boleto numbers for the sandbox gateway: the 44-digit barcode,
 * the 47-digit linha digitável and the ITF barcode drawing (Carta-Circular BCB 2.926/2000).
 *
 * Barcode positions: 1–3 bank · 4 currency (9 = real) · 5 general check digit (módulo 11,
 * weights 2 to 9 from the right; 0, 10 and 11 become 1) · 6–9 due-date factor ·
 * 10–19 amount in centavos · 20–44 free field (the bank's own layout).
 *
 * Sandbox choices:
 * - Bank code 999. It looks like any COMPE code but belongs to no bank (it is absent from the
 *   bank list bundled with @brazilian-utils/brazilian-utils; a test checks that), so a sandbox
 *   slip can never be mistaken for, or paid as, a real bank's. A real gateway adapter passes
 *   its own bank code and free field.
 * - Free field: the sale's reference number, digits only, left-padded with zeros to 25 digits
 *   (the bank's "nosso número"). Leading zeros carry no meaning, so "0042" and "42" are the
 *   same sale; every other reference gets its own number.
 */
// The platform-neutral entry: the package root picks its build by the "node"/"browser" export
// conditions, which TypeScript's bundler resolution does not set, so its types are not found.
import { toSVG } from "bwip-js/generic";
import { isCalendarDate } from "#core/dates.ts";
import { formatDigitableLine } from "#core/boleto-line.ts";

export { formatDigitableLine };

export const SANDBOX_BANK_CODE = "999";
/** Código de moeda 9: real. */
export const CURRENCY_REAL = "9";

const FREE_FIELD_LENGTH = 25;
const MAX_AMOUNT_CENTS = 9_999_999_999; // ten digits
const DAY_MS = 86_400_000;

/*
 * Due-date factor ("fator de vencimento"): days from the base date 1997-10-07, so 2000-07-03
 * is 1000 and 2025-02-21 is 9999. Four digits ran out there, and FEBRABAN restarted the count
 * at 1000 on 2025-02-22, adding one a day as before: a cycle of 9000 days (factors
 * 1000…9999), the next restart due after 2049-10-13. Sources: Bradesco's "Layout da
 * Cobrança" manual, quoted by @brazilian-utils/brazilian-utils 2.4.0 (get-boleto-info:
 * "base date 07/10/1997, 03/07/2000 = 1000, 21/02/2025 = 9999 and a restart at 1000 on
 * 22/02/2025"); FEBRABAN's "Manual Operacional do Fator de Vencimento" (factor table 1000 =
 * 03/07/2000 … 9999 = 21/02/2025, "limite"); and the February 2025 notices (Convergência
 * Digital via carmonatec.com.br, blog.sarks.com.br): the factor reaches 9999 on 21 February
 * and "a partir do dia seguinte, a contagem seja reiniciada no número 1000".
 */
const FACTOR_BASE_UTC = Date.UTC(1997, 9, 7);
const FACTOR_FIRST = 1000;
const FACTOR_LAST = 9999;
const FACTOR_CYCLE = FACTOR_LAST - FACTOR_FIRST + 1; // 9000 days

export interface BoletoInput {
  /** The sale's reference number, 1 to 25 digits. */
  referenceNumber: string | number;
  /** Amount in integer centavos, 1 to 9 999 999 999. */
  amountCents: number;
  /** Due date, "YYYY-MM-DD" (a calendar day, no time zone involved). */
  dueDate: string;
  /** Three digits; the sandbox bank by default. */
  bankCode?: string;
}

export interface Boleto {
  barcode: string;
  digitableLine: string;
  /** "99990.00000 00000.000000 …": the linha digitável as printed. */
  formattedLine: string;
  dueDate: string;
  factor: string;
  amountCents: number;
}

/** The 4-digit due-date factor of a "YYYY-MM-DD" date on or after 2000-07-03. */
export function dueDateFactor(dueDate: string): string {
  if (!isCalendarDate(dueDate)) throw new RangeError(`invalid due date: ${dueDate}`);
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - FACTOR_BASE_UTC) / DAY_MS);
  if (days < FACTOR_FIRST) throw new RangeError(`due date before 2000-07-03 has no factor: ${dueDate}`);
  const factor = ((days - FACTOR_FIRST) % FACTOR_CYCLE) + FACTOR_FIRST;
  return String(factor);
}

/** The 25-digit free field of the sandbox layout: the reference number left-padded with zeros. */
/**
 * The due date a barcode's factor (digits 6–9) stands for: of the dates with that factor, one
 * per 9000-day cycle, the nearest to `near` (a boleto is issued due within days). null for
 * factor 0000, a boleto with no due date.
 */
export function dueDateOfBarcode(barcode: string, near: Date): string | null {
  assertDigits(barcode, 44, "a boleto barcode");
  const factor = Number(barcode.slice(5, 9));
  if (factor < FACTOR_FIRST) return null;
  const daysNear = (near.getTime() - FACTOR_BASE_UTC) / DAY_MS;
  const cycle = Math.max(0, Math.round((daysNear - factor) / FACTOR_CYCLE));
  return new Date(FACTOR_BASE_UTC + (factor + cycle * FACTOR_CYCLE) * DAY_MS).toISOString().slice(0, 10);
}

export function sandboxFreeField(referenceNumber: string | number): string {
  const reference =
    typeof referenceNumber === "number" ? referenceSafeInteger(referenceNumber) : referenceNumber.trim();
  if (!new RegExp(`^\\d{1,${FREE_FIELD_LENGTH}}$`).test(reference)) {
    throw new RangeError(`the reference number must have 1 to ${FREE_FIELD_LENGTH} digits: ${referenceNumber}`);
  }
  return reference.padStart(FREE_FIELD_LENGTH, "0");
}

function referenceSafeInteger(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`invalid reference number: ${value}`);
  return String(value);
}

/** Módulo 10 check digit of the linha digitável fields: weights 2, 1, 2… from the right. */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 2 ? 1 : 2) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product; // the two digits of 10…18 add up to product − 9
  }
  return (10 - (sum % 10)) % 10;
}

/** Módulo 11 general check digit of the 43 other barcode digits: weights 2…9 from the right. */
export function mod11(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) {
    sum += Number(digits[i]) * weight;
  }
  const digit = 11 - (sum % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

/** The 44-digit barcode. */
export function boletoBarcode(input: BoletoInput): string {
  const bank = input.bankCode ?? SANDBOX_BANK_CODE;
  if (!/^\d{3}$/.test(bank)) throw new RangeError(`the bank code must have 3 digits: ${bank}`);
  const amount = input.amountCents;
  if (!Number.isInteger(amount) || amount < 1 || amount > MAX_AMOUNT_CENTS) {
    throw new RangeError(`the amount must be 1 to ${MAX_AMOUNT_CENTS} centavos: ${amount}`);
  }
  const tail = `${dueDateFactor(input.dueDate)}${String(amount).padStart(10, "0")}${sandboxFreeField(input.referenceNumber)}`;
  const head = `${bank}${CURRENCY_REAL}`;
  return `${head}${mod11(head + tail)}${tail}`;
}

function assertDigits(value: string, length: number, what: string): void {
  if (!new RegExp(`^\\d{${length}}$`).test(value)) throw new RangeError(`${what} must have ${length} digits`);
}

/**
 * The 47-digit linha digitável of a barcode: bank + currency + free field 1–5 + DV,
 * free field 6–15 + DV, free field 16–25 + DV (each DV módulo 10), the general check digit,
 * then factor and amount.
 */
export function digitableLine(barcode: string): string {
  assertDigits(barcode, 44, "a boleto barcode");
  const free = barcode.slice(19);
  const field1 = barcode.slice(0, 4) + free.slice(0, 5);
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15, 25);
  return [
    field1 + mod10(field1),
    field2 + mod10(field2),
    field3 + mod10(field3),
    barcode[4],
    barcode.slice(5, 19),
  ].join("");
}

/** Everything the sale stores and the boleto page prints. */
export function createBoleto(input: BoletoInput): Boleto {
  const barcode = boletoBarcode(input);
  const line = digitableLine(barcode);
  return {
    barcode,
    digitableLine: line,
    formattedLine: formatDigitableLine(line),
    dueDate: input.dueDate,
    factor: barcode.slice(5, 9),
    amountCents: input.amountCents,
  };
}

/**
 * The barcode drawn as interleaved 2 of 5 (ITF), the symbology FEBRABAN prescribes, as SVG.
 * bwip-js draws wide bars three times the narrow ones and no check digit (the barcode carries
 * its own); 13 mm is the bar height FEBRABAN recommends, and the padding is the quiet zone.
 */
export function barcodeSvg(barcode: string): string {
  assertDigits(barcode, 44, "a boleto barcode");
  return toSVG({
    bcid: "interleaved2of5",
    text: barcode,
    height: 13,
    includecheck: false,
    includetext: false,
    paddingwidth: 10,
  });
}
