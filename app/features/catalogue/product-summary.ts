import type { Product } from "#api/contract/catalogue.ts";
import { productInstallments } from "#core/installments.ts";
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
 * A card as it travels in the loader data: the home sends 55–60 of them for hydration, and the
 * field names of each object and the "/produto/…/" of each link cost about 4 KB of its 50 KB HTML
 * budget (issue 32, decision 0082). The category's slug is the same string for a whole listing,
 * which React Router's encoding writes once. Loaders send this; product-card.tsx reads it back
 * (in the browser's catalogue chunk: this module stays on the server).
 */
type PackedFields = [
  categorySlug: string,
  productSlug: string,
  title: string,
  image: string,
  PRECO: number,
  DESCONTO: number,
  installments: number,
];
export type PackedProductCard = PackedFields | [...PackedFields, unit: string];

function packProductCard(product: Product, units: UnitNames, now: Date): PackedProductCard {
  const fields: PackedFields = [
    product.category.slug,
    product.slug,
    product.title,
    product.image,
    product.PRECO,
    product.DESCONTO,
    productInstallments(product, now),
  ];
  // Courses, events and manual products (TIPO S, M) name their school unit; others omit it.
  return product.TIPO === "S" || product.TIPO === "M" ? [...fields, unitNameIn(units, product.CODCOLIGADA)] : fields;
}

/**
 * The cards of a listing, packed for the loader data, at the request's time (see
 * toProductSummaries), naming units as the store does now.
 */
export function toProductCards(
  products: readonly Product[],
  units: UnitNames,
  now: Date = new Date(),
): PackedProductCard[] {
  return products.map((product) => packProductCard(product, units, now));
}
