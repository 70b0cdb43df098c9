import { Hono } from "hono";
import { z } from "zod";
import type { CategoriesReply, CategoryReply } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { assertStoreExists } from "../stores/store-repository.ts";
import { parseInput, storeIdParam, uuidParam } from "../validation.ts";
import { findCategoryById, listCategories } from "./category-repository.ts";

const listQuery = z.object({
  field: z.enum(["visible", "all"], { message: "Parâmetro field inválido: use visible." }).optional(),
  filter: z.enum(["enabled", "all"], { message: "Parâmetro filter inválido: use enabled." }).optional(),
});

export function categoryRoutes(deps: ApiDeps) {
  return new Hono()
    .get("/list-category-by-store-id/:storeId", async (c) => {
      const { storeId } = parseInput(z.object({ storeId: storeIdParam }), c.req.param());
      const { field, filter } = parseInput(listQuery, c.req.query());
      await assertStoreExists(deps, storeId);
      const categories = await listCategories(deps, storeId, {
        visibleOnly: field === "visible",
        enabledOnly: filter === "enabled",
      });
      return c.json<CategoriesReply>({ categories });
    })
    .get("/list-category-by-id-and-store-id/:id/store/:storeId", async (c) => {
      const { id, storeId } = parseInput(
        z.object({ id: uuidParam("Identificador de categoria inválido."), storeId: storeIdParam }),
        c.req.param(),
      );
      return c.json<CategoryReply>({ category: await findCategoryById(deps, storeId, id) });
    });
}
