import { Hono } from "hono";
import { z } from "zod";
import { catalogue, type CategoriesReply, type CategoryReply } from "../contract/catalogue.ts";
import { storeIdField } from "../contract/fields.ts";
import type { ApiDeps } from "../deps.ts";
import { assertStoreExists } from "../stores/repository.ts";
import { at, parseInput, storeIdOfPath, uuidParam } from "../validation.ts";
import { findCategoryById, listCategories } from "./repository.ts";

const byIdPath = z.object({ id: uuidParam("Identificador de categoria inválido."), storeId: storeIdField });

export function categoryRoutes(deps: ApiDeps) {
  return new Hono()
    .on(...at(catalogue.listCategories), async (c) => {
      const { storeId } = parseInput(storeIdOfPath, c.req.param());
      const { field, filter } = parseInput(catalogue.listCategories.query, c.req.query());
      await assertStoreExists(deps, storeId);
      const categories = await listCategories(deps, storeId, {
        visibleOnly: field === "visible",
        enabledOnly: filter === "enabled",
      });
      return c.json<CategoriesReply>({ categories });
    })
    .on(...at(catalogue.getCategoryById), async (c) => {
      const { id, storeId } = parseInput(byIdPath, c.req.param());
      return c.json<CategoryReply>({ category: await findCategoryById(deps, storeId, id) });
    });
}
