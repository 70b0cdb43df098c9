import { productPath } from "#app/lib/product-path.ts";

/**
 * A product card as it travels in the loader data, and back: the one home of the fields'
 * order, which the server (product-summary.ts) and the browser (product-card.tsx) both read.
 *
 * The home sends 55–60 cards for hydration, and each object's field names and each link's
 * "/produto/…/" cost about 4 KB of its 50 KB HTML budget (issue 32, decision 0082); a tuple
 * does not repeat them, and the category's slug is the same string for a whole listing, which
 * React Router's encoding writes once. card-wire.test.ts checks that a card comes back as it left.
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

/** What a product card shows, and nothing else (docs/decisions/0037-page-weight.md). */
export interface ProductCardData {
  href: string;
  title: string;
  image: string;
  PRECO: number;
  DESCONTO: number;
  /** The count /compra offers for this product alone today (spec §9), as the loader computed it. */
  installments: number;
  /** The school unit of a course, an event or a manual product (TIPO S, M); absent for goods. */
  unit?: string;
}

/** What the server knows of a card: its data, with the two slugs its link is made of. */
export type CardFields = Omit<ProductCardData, "href"> & { categorySlug: string; productSlug: string };

export function packProductCard(card: CardFields): PackedProductCard {
  const fields: PackedFields = [
    card.categorySlug,
    card.productSlug,
    card.title,
    card.image,
    card.PRECO,
    card.DESCONTO,
    card.installments,
  ];
  return card.unit === undefined ? fields : [...fields, card.unit];
}

export function unpackProductCard(packed: PackedProductCard): ProductCardData {
  const [categorySlug, productSlug, title, image, PRECO, DESCONTO, installments, unit] = packed;
  const card: ProductCardData = {
    href: productPath(categorySlug, productSlug),
    title,
    image,
    PRECO,
    DESCONTO,
    installments,
  };
  if (unit !== undefined) card.unit = unit;
  return card;
}

/** The key of a packed card in a list: its product's path. */
export const packedCardKey = (packed: PackedProductCard) => `${packed[0]}/${packed[1]}`;
