import type { Product } from "#api/contract/catalogue.ts";

/** What a product card needs: loaders send only this, keeping pages and their data small. */
export type ProductSummary = Pick<
  Product,
  "id" | "title" | "slug" | "image" | "PRECO" | "DESCONTO" | "PARCELAS" | "TIPO" | "CODCOLIGADA"
> & {
  category: { slug: string };
};

export function toProductSummary(product: Product): ProductSummary {
  return {
    id: product.id,
    title: product.title,
    slug: product.slug,
    image: product.image,
    PRECO: product.PRECO,
    DESCONTO: product.DESCONTO,
    PARCELAS: product.PARCELAS,
    TIPO: product.TIPO,
    CODCOLIGADA: product.CODCOLIGADA,
    category: { slug: product.category.slug },
  };
}
