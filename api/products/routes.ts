import { Hono } from "hono";
import {
  catalogue,
  type CategoryProductPageReply,
  type CategoryProductsReply,
  type ProductBySlugReply,
  type HomeProductsReply,
  type ProductsReply,
} from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { findShoppableCategoryBySlug } from "../categories/repository.ts";
import { assertStoreExists } from "../stores/repository.ts";
import { at, validated } from "../validation.ts";
import {
  findShoppableProductBySlug,
  listNewestProductsOfCategory,
  listProductPageOfCategory,
  listProductsByCategory,
  listProductsBySeries,
  searchProductsByTitle,
} from "./repository.ts";

const SEARCH_LIMIT = 60;

export function productRoutes(deps: ApiDeps) {
  const {
    listProductsByCategorySlug,
    listProductPageByCategorySlug: pageBySlug,
    getProductBySlug,
    listProductsBySeries: bySeries,
    listHomeProducts,
    searchProducts,
  } = catalogue;
  return new Hono()
    .on(...at(listProductsByCategorySlug), validated(listProductsByCategorySlug), async (c) => {
      const { slug, storeId } = c.req.valid("param");
      const { seriesTOTVSID } = c.req.valid("json");
      const category = await findShoppableCategoryBySlug(deps, storeId, slug);
      const products = await listProductsByCategory(deps, storeId, category.id, seriesTOTVSID ?? []);
      return c.json<CategoryProductsReply>({ category, products });
    })
    .on(...at(pageBySlug), validated(pageBySlug), async (c) => {
      const { slug, storeId } = c.req.valid("param");
      const { page, pageSize } = c.req.valid("json");
      const category = await findShoppableCategoryBySlug(deps, storeId, slug);
      const { products, total } = await listProductPageOfCategory(deps, storeId, category.id, page, pageSize);
      return c.json<CategoryProductPageReply>({ category, products, total });
    })
    .on(...at(getProductBySlug), validated(getProductBySlug), async (c) => {
      const { slug, categorySlug, storeId } = c.req.valid("param");
      const category = await findShoppableCategoryBySlug(deps, storeId, categorySlug);
      const product = await findShoppableProductBySlug(deps, storeId, category.id, slug);
      return c.json<ProductBySlugReply>({ product });
    })
    .on(...at(bySeries), validated(bySeries), async (c) => {
      const { storeId } = c.req.valid("param");
      const { seriesTOTVSID } = c.req.valid("json");
      await assertStoreExists(deps, storeId);
      return c.json<ProductsReply>({ products: await listProductsBySeries(deps, storeId, seriesTOTVSID) });
    })
    .on(...at(listHomeProducts), validated(listHomeProducts), async (c) => {
      const { storeId } = c.req.valid("param");
      const { categories } = c.req.valid("json");
      await assertStoreExists(deps, storeId);
      const sections = [];
      for (const { slug, limit } of categories) {
        // A home category switched off by the store is left out rather than failing the page.
        const category = await findShoppableCategoryBySlug(deps, storeId, slug).catch(() => null);
        if (!category) continue;
        const products = await listNewestProductsOfCategory(deps, storeId, category.id, limit);
        sections.push({ id: category.id, title: category.title, slug: category.slug, products });
      }
      return c.json<HomeProductsReply>({ categories: sections });
    })
    .on(...at(searchProducts), validated(searchProducts), async (c) => {
      const { storeId } = c.req.valid("param");
      const { title } = c.req.valid("query");
      await assertStoreExists(deps, storeId);
      return c.json<ProductsReply>({ products: await searchProductsByTitle(deps, storeId, title, SEARCH_LIMIT) });
    });
}
