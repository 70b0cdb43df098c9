/**
 * How the store writes a price, the one rule every view uses (issue 25, point 2; docs/decisions/
 * 0040-prices-as-brazilian-stores-write-them.md): product cards, the product page, the link
 * modal, the quick purchase, the cart, /compra, /conclusao and the e-mails.
 *
 * - The amount paid first: "R$ 159,90".
 * - With a discount, the list price before it: "de R$ 199,90 por R$ 159,90", and a badge in whole
 *   percent: "-15%" (the spec's "(14,98% desconto)" read as a typo to parents).
 * - Then, where the card allows more than one instalment: "ou 2x de R$ 79,95 sem juros".
 *
 * The instalment COUNT is not decided here: callers pass what core/installments.ts allows
 * (decision 0021); this module only writes it. It imports nothing of installments.ts, which
 * would bring its calendar into the cards' chunk (decision 0037's page budget).
 */
import { discountPercent, showsDiscountOnCartLine, showsDiscountOnPricePanel } from "./discount.ts";
import { centsToReais, formatBRL, reaisToCents, toReais, type MoneyInput } from "./money.ts";

/** A price as it is written: each part is a finished text, or null when the price has none. */
export interface PriceView {
  free: boolean;
  /** "R$ 159,90": what is paid, shown first and largest. */
  price: string;
  /** "R$ 199,90": the list price, only with a discount; written "de R$ 199,90 por R$ 159,90". */
  was: string | null;
  /** "-15%", only with a discount. */
  badge: string | null;
  /** "ou 2x de R$ 79,95 sem juros", only when more than one instalment is offered. */
  installments: string | null;
}

/** What a price reads of a product or a cart line (PRECO and DESCONTO of api/contract, in reais). */
type PricedProduct = { PRECO: number; DESCONTO: number };

export interface PriceViewOptions {
  /**
   * "panel" (cards, product page, link modal) shows a discount from 1 %, "cart" (a cart line)
   * from anything above 0 (spec §9).
   */
  discountFrom?: "panel" | "cart";
  /** A cart line's quantity: its price is the line's (quantity × unit), as the cart total adds it. */
  quantity?: number;
}

/**
 * `count` is the instalment count the view advertises: the loader computes it with the spec §9
 * rule of core/installments.ts (productInstallments, or the cart's count), so the page never
 * promises more than /compra offers (decision 0021). A cart line passes 1: its cart's total
 * carries the instalments.
 */
export function priceView(product: PricedProduct, count: number, options: PriceViewOptions = {}): PriceView {
  const quantity = Math.max(1, Math.trunc(options.quantity ?? 1));
  // In centavos, so 3 × 15,21 is 45,63 and not 45,629999….
  const total = centsToReais(reaisToCents(toReais(product.DESCONTO)) * quantity);
  const listTotal = centsToReais(reaisToCents(toReais(product.PRECO)) * quantity);
  const percent = discountPercent(product.PRECO, product.DESCONTO);
  const discounted =
    options.discountFrom === "cart" ? showsDiscountOnCartLine(percent) : showsDiscountOnPricePanel(percent);
  return {
    free: total <= 0,
    price: formatBRL(total),
    was: discounted ? formatBRL(listTotal) : null,
    badge: discounted ? discountBadge(percent) : null,
    installments: installmentsText(total, count),
  };
}

/** A whole count of at least 1, as installments.ts reads counts: bad data never splits by 0 or 2,5. */
function wholeCount(count: number): number {
  return Number.isFinite(count) ? Math.max(1, Math.floor(count)) : 1;
}

/**
 * A discount as a badge, in whole percent: 14.98 → "-15%", 7.5 → "-8%". A discount that rounds to
 * 0 (a cart line's 0,4 %) still reads "-1%": the line shows one because there is one.
 */
export function discountBadge(percent: number): string {
  return `-${Math.max(1, Math.round(percent))}%`;
}

/**
 * One instalment: total ÷ count rounded to the centavo, half away from zero
 * (100,00 in 3 → 33,33; 200,00 in 3 → 66,67). It is the amount shown; the instalments
 * may then add up to a centavo or two more or less than the total, as in the spec's
 * "total divided by count, 2 decimals". A count below 1 is read as 1.
 */
export function installmentValue(total: MoneyInput, count: number): number {
  const cents = reaisToCents(toReais(total));
  const perInstalment = Math.round(Math.abs(cents) / wholeCount(count)) * Math.sign(cents);
  return perInstalment / 100 + 0;
}

/**
 * One instalment choice: "2x de R$ 79,95 sem juros", "1x de R$ 159,90 (à vista)". "Sem juros":
 * a card payment charges the order's total whatever the count (the finish sends the total as the
 * amount), so the instalments add up to the price shown.
 */
export function installmentChoice(total: MoneyInput, count: number): string {
  const n = wholeCount(count);
  const each = formatBRL(installmentValue(total, n));
  return n === 1 ? `1x de ${each} (à vista)` : `${n}x de ${each} sem juros`;
}

/** "ou 2x de R$ 79,95 sem juros" after a price, or null for one instalment or nothing to pay. */
export function installmentsText(total: MoneyInput, count: number): string | null {
  return toReais(total) > 0 && wholeCount(count) > 1 ? `ou ${installmentChoice(total, count)}` : null;
}
