import type { Product } from "#api/contract/catalogue.ts";
import { productInstallments } from "#core/installments.ts";
import { productPath } from "#app/lib/product-path.ts";
import { unitNameIn, type UnitNames } from "#app/lib/school-units.ts";

/** A product of the quick purchase's list: what its item shows and sends. */
export type ProductSummary = Pick<
  Product,
  "id" | "title" | "slug" | "image" | "PRECO" | "DESCONTO" | "TIPO" | "CODCOLIGADA"
> & {
  category: { slug: string };
  /** What the item advertises: the count /compra offers for this product alone today (spec §9). */
  installments: number;
};

function toProductSummary(product: Product, now: Date): ProductSummary {
  return {
    id: product.id,
    title: product.title,
    slug: product.slug,
    image: product.image,
    PRECO: product.PRECO,
    DESCONTO: product.DESCONTO,
    installments: productInstallments(product, now),
    TIPO: product.TIPO,
    CODCOLIGADA: product.CODCOLIGADA,
    category: { slug: product.category.slug },
  };
}

/**
 * The quick purchase's items. The loader calls this at the request's time: the count travels in
 * the loader data, so the hydrated page shows the same number even across midnight or a month's end.
 */
export function toProductSummaries(products: readonly Product[], now: Date = new Date()): ProductSummary[] {
  return products.map((product) => toProductSummary(product, now));
}

/**
 * What a product card shows, and nothing else: the home sends 60 of them in its loader data for
 * hydration (docs/decisions/0037-page-weight.md). `href` is also the card's key.
 */
export interface ProductCardData {
  href: string;
  title: string;
  image: string;
  PRECO: number;
  DESCONTO: number;
  /** The count /compra offers for this product alone today (spec §9), as in ProductSummary. */
  installments: number;
  /** Courses, events and manual products (TIPO S, M) name their school unit; others omit it. */
  unit?: string;
}

function toProductCard(product: Product, units: UnitNames, now: Date): ProductCardData {
  const card: ProductCardData = {
    href: productPath(product.category.slug, product.slug),
    title: product.title,
    image: product.image,
    PRECO: product.PRECO,
    DESCONTO: product.DESCONTO,
    installments: productInstallments(product, now),
  };
  if (product.TIPO === "S" || product.TIPO === "M") card.unit = unitNameIn(units, product.CODCOLIGADA);
  return card;
}

/** The cards of a listing, at the request's time (see toProductSummaries), naming units as the store does now. */
export function toProductCards(
  products: readonly Product[],
  units: UnitNames,
  now: Date = new Date(),
): ProductCardData[] {
  return products.map((product) => toProductCard(product, units, now));
}
