import type { Product } from "#api/contract/catalogue.ts";
import { productInstallments } from "#core/installments.ts";
import { unitNameIn, type UnitNames } from "#app/lib/school-units.ts";
import { packProductCard, type CardFields, type PackedProductCard } from "./card-wire.ts";

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

function productCardFields(product: Product, units: UnitNames, now: Date): CardFields {
  return {
    categorySlug: product.category.slug,
    productSlug: product.slug,
    title: product.title,
    image: product.image,
    PRECO: product.PRECO,
    DESCONTO: product.DESCONTO,
    installments: productInstallments(product, now),
    // Courses, events and manual products (TIPO S, M) name their school unit; others omit it.
    unit: product.TIPO === "S" || product.TIPO === "M" ? unitNameIn(units, product.CODCOLIGADA) : undefined,
  };
}

/**
 * The cards of a listing, packed for the loader data (card-wire.ts), at the request's time (see
 * toProductSummaries), naming units as the store does now.
 */
export function toProductCards(
  products: readonly Product[],
  units: UnitNames,
  now: Date = new Date(),
): PackedProductCard[] {
  return products.map((product) => packProductCard(productCardFields(product, units, now)));
}
