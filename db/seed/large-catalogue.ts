/**
 * A catalogue of any size for measuring (SEED_CATALOGUE_SIZE, docs/decisions/0038): the demo's
 * products, then variants of its paid products in enabled categories, cycling through them so
 * each category grows in the demo's proportions. Deterministic: the same size gives the same
 * titles, slugs, prices and grades on every run and dialect.
 */
import { slugify } from "#core/text.ts";
import { CATEGORIES, PRODUCTS, type ProductSeed, type ProductType } from "./catalogue-data.ts";

/** The demo catalogue's size: what SEED_CATALOGUE_SIZE defaults to. */
export const DEMO_CATALOGUE_SIZE = PRODUCTS.length;

/** A variant's word: a course has classes, a book editions, a physical product models. */
const VARIANT_WORD: Record<ProductType, string> = { S: "Turma", M: "Edição", P: "Modelo" };

const enabledSlugs = new Set(CATEGORIES.filter((c) => c.status === "enabled").map((c) => c.slug));
const variantBases = PRODUCTS.filter((p) => p.priceCents > 0 && enabledSlugs.has(p.categorySlug));

/** The demo products followed by `size - 96` variants (none when size is the demo's). */
export function catalogueOfSize(size: number): readonly ProductSeed[] {
  const extra = Math.max(0, size - PRODUCTS.length);
  const variants: ProductSeed[] = [];
  for (let i = 0; i < extra; i++) {
    const base = variantBases[i % variantBases.length]!;
    // Numbered from 2: the demo product is the first of its kind.
    const number = Math.floor(i / variantBases.length) + 2;
    const title = `${base.title} - ${VARIANT_WORD[base.type]} ${number}`;
    // Prices within ±10% of the base's, in whole centavos, by a fixed scatter.
    const factor = 90 + ((i * 7) % 21);
    const priceCents = Math.round((base.priceCents * factor) / 100);
    const salePriceCents = Math.round((base.salePriceCents * factor) / 100);
    variants.push({
      ...base,
      title,
      slug: slugify(title),
      priceCents,
      salePriceCents,
    });
  }
  return [...PRODUCTS, ...variants];
}
