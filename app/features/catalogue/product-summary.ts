import type { Product } from "#api/contract/catalogue.ts";
import { productInstallments } from "#app/lib/installments.ts";

/** What a product card needs: loaders send only this, keeping pages and their data small. */
export type ProductSummary = Pick<
  Product,
  "id" | "title" | "slug" | "image" | "PRECO" | "DESCONTO" | "TIPO" | "CODCOLIGADA"
> & {
  category: { slug: string };
  /** What the card advertises: the count /compra offers for this product alone today (spec §9). */
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
 * The cards of a listing. Loaders call this at the request's time: the count travels in the
 * loader data, so the hydrated page shows the same number even across midnight or a month's end.
 */
export function toProductSummaries(products: readonly Product[], now: Date = new Date()): ProductSummary[] {
  return products.map((product) => toProductSummary(product, now));
}
