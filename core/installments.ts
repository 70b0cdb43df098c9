/**
 * Credit-card instalment rules of spec §9, shared by the payment form (browser) and the
 * store API (server), so the count offered is the count accepted.
 *
 * How the spec's ambiguities are resolved:
 *
 * 1. Per item, "for payment types P or M the passed value is used": the passed value is the
 *    item's PARCELAS (its own instalment count); paymentPlan.maxInstallments is ignored for them.
 * 2. Per item, the spec says "for type S, or when turnYear is set, or when the current year is
 *    before the school year's starting year, the configured maxInstallments applies; otherwise
 *    [it] is capped at 12 minus the current zero-based month". Read word for word, an S item is
 *    never capped; since the only types are S, M and P, the months-remaining cap could then
 *    never apply, yet the cart rule says for S "for plans not turning year it is limited to
 *    12 minus the current month index". The cart rule is the specific one, so "type S" is read
 *    as the subject of the clause, not one more alternative: an S item (or any type other than
 *    P and M) gets its configured maxInstallments when its plan turns the year or its school
 *    year starts in a later year, and otherwise maxInstallments capped at the months left in
 *    the current year (January 12 … December 1).
 * 3. "For type S the limit is the smallest maxInstallments across items" runs over the cart's
 *    S lines (courses and events), each through the per-item rule; the other lines do not
 *    lower it, so a R$ 5,90 ruler (PARCELAS 1) beside a course keeps the course's count
 *    (docs/decisions/0045-course-instalments-in-a-mixed-cart.md).
 * 4. "A single cart item" means one line in the whole cart (all students' bags together).
 * 5. A cart whose total is zero or less pays nothing: 1, whatever the items say.
 * 6. "Current year" and "current month" are read in the store's time zone (America/Recife),
 *    so a browser and a server in UTC agree on New Year's Eve.
 * 7. A school year written as a TOTVS period code (202600, the year plus 00) counts by its
 *    first four digits.
 * 8. Counts are whole numbers and never below 1: a missing, zero or fractional PARCELAS or
 *    maxInstallments is floored and raised to 1.
 */
import { todayInBrazil } from "./dates.ts";
import { centsToReais, formatBRL, reaisToCents, toReais, type MoneyInput } from "./money.ts";
import { installmentChoice } from "./price-view.ts";

/** The payment settings of a product (PaymentPlan in api/contract/catalogue.ts). */
export interface InstallmentPlan {
  maxInstallments: number;
  turnYear: boolean;
  /** Starting year of the school year the product is sold for (2026), or a period code (202600). */
  schoolYear: number;
}

/** What the per-item rule reads; a `CartItem` or a `Product` of api/contract fits. */
export interface InstallmentItem {
  /** S service (course or event), M manual product, P (or anything else) physical product. */
  TIPO: string;
  PARCELAS: number;
  paymentPlan: InstallmentPlan;
}

/** What the cart rule reads per line; a `CartItem` of api/contract/carts.ts fits. */
export interface InstallmentLine extends InstallmentItem {
  quantity: number;
}

export const INSTALLMENT_TEXTS = {
  choose: "Selecione o parcelamento",
  boleto: "À vista no Boleto Bancário",
  pix: "À vista no Pix",
} as const;

const MONTHS_PER_YEAR = 12;

/** Cart-total bands in centavos: below `below`, `count` instalments; 1000,00 or more gives 12. */
const TOTAL_BANDS: readonly { below: number; count: number }[] = [
  { below: 100_00, count: 1 },
  { below: 200_00, count: 2 },
  { below: 300_00, count: 3 },
  { below: 400_00, count: 4 },
  { below: 1000_00, count: 6 },
];
const TOP_BAND_COUNT = 12;

/** A whole instalment count of at least 1 (bad data never yields 0 or 2.5 instalments). */
function atLeastOne(count: number): number {
  return Number.isFinite(count) ? Math.max(1, Math.floor(count)) : 1;
}

function typeOf(item: Pick<InstallmentItem, "TIPO">): string {
  return String(item.TIPO ?? "")
    .trim()
    .toUpperCase();
}

/** Year and zero-based month of `now` in the store's time zone. */
function calendarOf(now: Date): { year: number; monthIndex: number } {
  const [year, month] = todayInBrazil(now).split("-").map(Number);
  return { year: year ?? 0, monthIndex: (month ?? 1) - 1 };
}

/** 2026 → 2026; a TOTVS period code 202600 → 2026. */
export function schoolStartYear(schoolYear: number): number {
  const whole = Math.trunc(Number(schoolYear));
  if (!Number.isFinite(whole) || whole <= 0) return 0;
  return whole > 9999 ? Number(String(whole).slice(0, 4)) : whole;
}

/** Months left in the current year, this one included: January 12, June 7, December 1. */
export function monthsRemaining(now: Date = new Date()): number {
  return MONTHS_PER_YEAR - calendarOf(now).monthIndex;
}

/** The most instalments one item allows (spec §9, per-item rule; see notes 1, 2 and 7). */
export function maxInstallmentsOf(item: InstallmentItem, now: Date = new Date()): number {
  const type = typeOf(item);
  if (type === "P" || type === "M") return atLeastOne(item.PARCELAS);

  const plan = item.paymentPlan;
  const configured = atLeastOne(plan.maxInstallments);
  const { year } = calendarOf(now);
  if (plan.turnYear || year < schoolStartYear(plan.schoolYear)) return configured;
  return Math.min(configured, monthsRemaining(now));
}

/** Instalments allowed by the cart total alone, in centavos (spec §9 bands). */
export function installmentsForTotalCents(totalCents: number): number {
  for (const band of TOTAL_BANDS) {
    if (totalCents < band.below) return band.count;
  }
  return TOP_BAND_COUNT;
}

/**
 * The most instalments the whole cart allows (spec §9). `lines` are the items of every bag;
 * `total` is the amount to pay in reais (after the coupon).
 */
export function cartInstallments(lines: readonly InstallmentLine[], total: MoneyInput, now: Date = new Date()): number {
  const totalCents = reaisToCents(toReais(total));
  if (totalCents <= 0) return 1;

  const [only] = lines;
  if (lines.length === 1 && only && only.quantity === 1 && typeOf(only) !== "S") {
    return atLeastOne(only.PARCELAS);
  }

  const courses = lines.filter((line) => typeOf(line) === "S");
  if (courses.length > 0) {
    return Math.min(...courses.map((course) => maxInstallmentsOf(course, now)));
  }

  return installmentsForTotalCents(totalCents);
}

/** A line and its price: what the advertised counts below read (a `CartItem` fits). */
export interface PricedInstallmentLine extends InstallmentLine {
  /** Selling price of one unit, in reais. */
  DESCONTO: number;
}

/**
 * What a line alone is paid in: the count /compra offers for a cart holding only this line,
 * at `now` (spec §9; decision 0021). A product card advertises this with quantity 1.
 */
export function lineInstallments(line: PricedInstallmentLine, now: Date = new Date()): number {
  const totalCents = reaisToCents(toReais(line.DESCONTO)) * Math.max(0, Math.trunc(line.quantity));
  return cartInstallments([line], centsToReais(totalCents), now);
}

/** What one product alone is paid in (a cart holding just one of it): its card and page say this. */
export function productInstallments(product: Omit<PricedInstallmentLine, "quantity">, now: Date = new Date()): number {
  return lineInstallments({ ...product, quantity: 1 }, now);
}

/**
 * The counts a cart's views advertise, computed once by the loader so the page, its hydration
 * and /compra's selector agree (decision 0021): `count` is what /compra offers for the whole
 * cart, `lines` what each line (by cartItemid) would get alone.
 */
export interface CartInstallments {
  count: number;
  lines: Record<string, number>;
}

export function cartInstallmentView(
  cart: {
    bags: readonly { cartItems: readonly (PricedInstallmentLine & { cartItemid: string })[] }[];
    total: MoneyInput;
  },
  now: Date = new Date(),
): CartInstallments {
  const items = cart.bags.flatMap((bag) => bag.cartItems);
  return {
    count: cartInstallments(items, cart.total, now),
    lines: Object.fromEntries(items.map((item) => [item.cartItemid, lineInstallments(item, now)])),
  };
}

/**
 * The payment summary line: "Parcelado em 3x de R$ 33,33 sem juros no Crédito" (spec §2's
 * "Parcelado em N x de R$ ... no Crédito", written as core/price-view.ts writes instalments,
 * decision 0040), "À vista no Crédito: R$ 100,00" for one, or "Selecione o Parcelamento" while no
 * count is chosen.
 */
export function creditInstallmentLabel(total: MoneyInput, count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count) || count < 1) {
    return INSTALLMENT_TEXTS.choose;
  }
  const n = atLeastOne(count);
  return n === 1 ? `À vista no Crédito: ${formatBRL(total)}` : `Parcelado em ${installmentChoice(total, n)} no Crédito`;
}

/** The choices of the instalment selector: 1 … max. */
export function installmentOptions(max: number): number[] {
  return Array.from({ length: atLeastOne(max) }, (_, index) => index + 1);
}
