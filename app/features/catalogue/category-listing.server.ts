import type { Product } from "#api/contract/catalogue.ts";
import { notFoundResponse } from "#app/.server/not-found.server.ts";
import { callUnavailable, type StoreApiClient } from "#app/.server/store-api/index.server.ts";
import { clampPage, pageCount, pageOf } from "#app/lib/pagination.ts";

type CatalogueApi = Pick<
  StoreApiClient,
  "supports" | "listProductsByCategorySlug" | "listProductPageByCategorySlug" | "getProductBySlug"
>;

/** The highest page the paged call accepts (api/contract/catalogue.ts). */
const LAST_PAGE_ASKED = 100_000;

/**
 * A category's page of products and its page count. The store API pages it when it offers
 * list-product-page-by-category-slug (docs/decisions/0038: thousands of products no longer
 * travel, and are checked, whole to show nine); otherwise spec §7's whole list is sliced here.
 * `page` is the requested one kept within 1..count; when it differs from the request the
 * caller redirects, and `products` is not shown.
 */
export async function categoryListing(api: CatalogueApi, slug: string, pageParam: string | null, pageSize: number) {
  if (api.supports("listProductPageByCategorySlug")) {
    try {
      const requested = Math.min(clampPage(pageParam, LAST_PAGE_ASKED), LAST_PAGE_ASKED);
      const { category, products, total } = await api.listProductPageByCategorySlug(slug, requested, pageSize);
      const count = pageCount(total, pageSize);
      return { category, total, products, count, page: clampPage(pageParam, count) };
    } catch (error) {
      // Absent from this API after all, or an unknown category: §7's call says which.
      if (!callUnavailable(error)) throw error;
    }
  }
  const { category, products } = await api.listProductsByCategorySlug(slug);
  const count = pageCount(products.length, pageSize);
  const page = clampPage(pageParam, count);
  return { category, total: products.length, products: pageOf(products, page, pageSize), count, page };
}

/**
 * The product page's product: asked by slug when the store API can (0038), else found in its
 * category's whole list (spec §7 has no product-by-slug call). Not found: the 404 page.
 */
export async function categoryProduct(api: CatalogueApi, categorySlug: string, productSlug: string): Promise<Product> {
  if (api.supports("getProductBySlug")) {
    try {
      const product = await api.getProductBySlug(categorySlug, productSlug);
      if (!product) throw notFoundResponse();
      return product;
    } catch (error) {
      if (!callUnavailable(error)) throw error;
    }
  }
  const { products } = await api.listProductsByCategorySlug(categorySlug);
  const product = products.find((candidate) => candidate.slug === productSlug);
  if (!product) throw notFoundResponse();
  return product;
}
