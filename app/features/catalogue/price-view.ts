import type { Product } from "#api/contract/catalogue.ts";
import { discountPercent } from "#app/lib/discount.ts";

/** The price facts every product view shows (panel, cards, link modal). */
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
}

type PricedProduct = Pick<Product, "PRECO" | "DESCONTO" | "PARCELAS">;

export function priceView(product: PricedProduct): PriceView {
  const installments = Math.max(1, Math.trunc(product.PARCELAS || 1));
  const per = (value: number) => Math.round((value / installments) * 100) / 100;
  return {
    free: product.DESCONTO <= 0,
    installments,
    originalInstallment: per(product.PRECO),
    installment: per(product.DESCONTO),
    total: product.DESCONTO,
    originalTotal: product.PRECO,
    discountPercent: discountPercent(product.PRECO, product.DESCONTO),
  };
}
