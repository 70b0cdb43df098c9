import { Hono } from "hono";
import { z } from "zod";
import type { CategoryProductsReply, HomeProductsReply, ProductsReply } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { findShoppableCategoryBySlug } from "../categories/category-repository.ts";
import { assertStoreExists } from "../stores/store-repository.ts";
import { parseInput, readJsonBody, slugParam, storeIdParam } from "../validation.ts";
import {
  listNewestProductsOfCategory,
  listProductsByCategory,
  listProductsBySeries,
  searchProductsByTitle,
} from "./product-repository.ts";

const HOME_LIMIT_MAX = 15;
const SEARCH_LIMIT = 60;

const seriesIdList = z
  .array(z.coerce.number().int().positive(), { message: "seriesTOTVSID deve ser uma lista de séries." })
  .max(100, { message: "Selecione no máximo 100 séries." });

const categorySlugBody = z.object({
  seriesTOTVSID: z.union([seriesIdList, z.null()]).optional(),
});

const seriesBody = z.object({
  seriesTOTVSID: seriesIdList.min(1, { message: "Informe ao menos uma série." }),
});

const homeBody = z.object({
  categories: z
    .array(
      z.object({
        slug: slugParam,
        limit: z.coerce
          .number()
          .int({ message: "O limite deve ser um número inteiro." })
          .min(1, { message: "O limite deve ser de 1 a 15 produtos." })
          .max(HOME_LIMIT_MAX, { message: "O limite deve ser de 1 a 15 produtos." })
          .default(HOME_LIMIT_MAX),
      }),
      { message: "Informe as categorias da home." },
    )
    .min(1, { message: "Informe as categorias da home." })
    .max(20, { message: "Informe no máximo 20 categorias." }),
});

const searchQuery = z.object({
  title: z
    .string({ message: "Informe o termo de busca." })
    .trim()
    .min(1, { message: "Informe o termo de busca." })
    .max(100, { message: "O termo de busca deve ter no máximo 100 caracteres." }),
});

export function productRoutes(deps: ApiDeps) {
  return new Hono()
    .post("/list-product-by-category-slug/:slug/store/:storeId/visible/enabled", async (c) => {
      const { slug, storeId } = parseInput(z.object({ slug: slugParam, storeId: storeIdParam }), c.req.param());
      const { seriesTOTVSID } = parseInput(categorySlugBody, await readJsonBody(c));
      const category = await findShoppableCategoryBySlug(deps, storeId, slug);
      const products = await listProductsByCategory(deps, storeId, category.id, seriesTOTVSID ?? []);
      return c.json<CategoryProductsReply>({ category, products });
    })
    .post("/list-product-by-serie-totvs-id/:storeId/visible/enabled", async (c) => {
      const { storeId } = parseInput(z.object({ storeId: storeIdParam }), c.req.param());
      const { seriesTOTVSID } = parseInput(seriesBody, await readJsonBody(c));
      await assertStoreExists(deps, storeId);
      return c.json<ProductsReply>({ products: await listProductsBySeries(deps, storeId, seriesTOTVSID) });
    })
    .post("/list-products-in-home/store/:storeId/visible/enabled", async (c) => {
      const { storeId } = parseInput(z.object({ storeId: storeIdParam }), c.req.param());
      const { categories } = parseInput(homeBody, await readJsonBody(c));
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
    .get("/search-products-by-title/store/:storeId/visible/enabled", async (c) => {
      const { storeId } = parseInput(z.object({ storeId: storeIdParam }), c.req.param());
      const { title } = parseInput(searchQuery, c.req.query());
      await assertStoreExists(deps, storeId);
      return c.json<ProductsReply>({ products: await searchProductsByTitle(deps, storeId, title, SEARCH_LIMIT) });
    });
}
