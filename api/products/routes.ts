import { Hono } from "hono";
import { z } from "zod";
import {
  catalogue,
  type CategoryProductPageReply,
  type CategoryProductsReply,
  type ProductBySlugReply,
  type HomeProductsReply,
  type ProductsReply,
} from "../contract/catalogue.ts";
import { slugField, storeIdField } from "../contract/fields.ts";
import type { ApiDeps } from "../deps.ts";
import { findShoppableCategoryBySlug } from "../categories/repository.ts";
import { assertStoreExists } from "../stores/repository.ts";
import { at, parseInput, readJsonBody, storeIdOfPath } from "../validation.ts";
import {
  findShoppableProductBySlug,
  listNewestProductsOfCategory,
  listProductPageOfCategory,
  listProductsByCategory,
  listProductsBySeries,
  searchProductsByTitle,
} from "./repository.ts";

const SEARCH_LIMIT = 60;

const slugPath = z.object({ slug: slugField, storeId: storeIdField });
const productSlugPath = z.object({ slug: slugField, categorySlug: slugField, storeId: storeIdField });

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
    .on(...at(listProductsByCategorySlug), async (c) => {
      const { slug, storeId } = parseInput(slugPath, c.req.param());
      const { seriesTOTVSID } = parseInput(listProductsByCategorySlug.body, await readJsonBody(c));
      const category = await findShoppableCategoryBySlug(deps, storeId, slug);
      const products = await listProductsByCategory(deps, storeId, category.id, seriesTOTVSID ?? []);
      return c.json<CategoryProductsReply>({ category, products });
    })
    .on(...at(pageBySlug), async (c) => {
      const { slug, storeId } = parseInput(slugPath, c.req.param());
      const { page, pageSize } = parseInput(pageBySlug.body, await readJsonBody(c));
      const category = await findShoppableCategoryBySlug(deps, storeId, slug);
      const { products, total } = await listProductPageOfCategory(deps, storeId, category.id, page, pageSize);
      return c.json<CategoryProductPageReply>({ category, products, total });
    })
    .on(...at(getProductBySlug), async (c) => {
      const { slug, categorySlug, storeId } = parseInput(productSlugPath, c.req.param());
      const category = await findShoppableCategoryBySlug(deps, storeId, categorySlug);
      const product = await findShoppableProductBySlug(deps, storeId, category.id, slug);
      return c.json<ProductBySlugReply>({ product });
    })
    .on(...at(bySeries), async (c) => {
      const { storeId } = parseInput(storeIdOfPath, c.req.param());
      const { seriesTOTVSID } = parseInput(bySeries.body, await readJsonBody(c));
      await assertStoreExists(deps, storeId);
      return c.json<ProductsReply>({ products: await listProductsBySeries(deps, storeId, seriesTOTVSID) });
    })
    .on(...at(listHomeProducts), async (c) => {
      const { storeId } = parseInput(storeIdOfPath, c.req.param());
      const { categories } = parseInput(listHomeProducts.body, await readJsonBody(c));
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
    .on(...at(searchProducts), async (c) => {
      const { storeId } = parseInput(storeIdOfPath, c.req.param());
      const { title } = parseInput(searchProducts.query, c.req.query());
      await assertStoreExists(deps, storeId);
      return c.json<ProductsReply>({ products: await searchProductsByTitle(deps, storeId, title, SEARCH_LIMIT) });
    });
}
