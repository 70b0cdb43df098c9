import type { Product } from "#api/contract/catalogue.ts";
import { discountPercent, showsDiscountOnPricePanel } from "./discount.ts";

/** The price facts every product view shows (panel, cards, link modal, cart line). */
export interface PriceView {
  free: boolean;
  installments: number;
  /** PRECO per instalment. */
  originalInstallment: number;
  /** DESCONTO per instalment. */
  installment: number;
  total: number;
  originalTotal: number;
  discountPercent: number;
  /** Spec §9: the price panel shows the discount from 1 % up. */
  showsDiscount: boolean;
}

type PricedProduct = Pick<Product, "PRECO" | "DESCONTO">;

/**
 * `count` is the instalment count the view advertises: the loader computes it with the spec §9
 * rule of app/lib/installments.ts (productInstallments, or the cart's count for a cart line), so
 * the page never promises more than /compra offers (decision 0021).
 */
export function priceView(product: PricedProduct, count: number): PriceView {
  const installments = Math.max(1, Math.trunc(count || 1));
  const per = (value: number) => Math.round((value / installments) * 100) / 100;
  const percent = discountPercent(product.PRECO, product.DESCONTO);
  return {
    free: product.DESCONTO <= 0,
    installments,
    originalInstallment: per(product.PRECO),
    installment: per(product.DESCONTO),
    total: product.DESCONTO,
    originalTotal: product.PRECO,
    discountPercent: percent,
    showsDiscount: showsDiscountOnPricePanel(percent),
  };
}
