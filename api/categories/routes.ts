import { Hono } from "hono";
import { catalogue, type CategoriesReply, type CategoryReply } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { assertStoreExists } from "../stores/repository.ts";
import { at, validated } from "../validation.ts";
import { findCategoryById, listCategories } from "./repository.ts";

export function categoryRoutes(deps: ApiDeps) {
  return new Hono()
    .on(...at(catalogue.listCategories), validated(catalogue.listCategories), async (c) => {
      const { storeId } = c.req.valid("param");
      const { field, filter } = c.req.valid("query");
      await assertStoreExists(deps, storeId);
      const categories = await listCategories(deps, storeId, {
        visibleOnly: field === "visible",
        enabledOnly: filter === "enabled",
      });
      return c.json<CategoriesReply>({ categories });
    })
    .on(...at(catalogue.getCategoryById), validated(catalogue.getCategoryById), async (c) => {
      const { id, storeId } = c.req.valid("param");
      return c.json<CategoryReply>({ category: await findCategoryById(deps, storeId, id) });
    });
}
