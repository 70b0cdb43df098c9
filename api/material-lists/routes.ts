/**
 * The public calls of the school's material lists (issue 29; api/contract/material-lists.ts):
 * every published list of the store, and one list with its lines, for anyone. No rate limit, as
 * the other catalogue reads. Read fresh each time: a list changes when the gestor edits it and
 * its lines' prices and stock with the catalogue, and lists are not in the catalogue's version
 * (api/catalogue-version.ts), so no page or read cache may keep them; their replies are not
 * `cacheable` and go out `no-store` (api/app.ts).
 */
import { Hono } from "hono";
import { MATERIAL_LIST_MESSAGES, materialLists } from "../contract/material-lists.ts";
import type { ApiDeps } from "../deps.ts";
import { notFound } from "../errors.ts";
import { assertStoreExists } from "../stores/repository.ts";
import { at, validated } from "../validation.ts";
import { findPublishedList, listView } from "./list-view.ts";
import { publishedLists } from "./published-lists.ts";

export function materialListRoutes(deps: ApiDeps) {
  return new Hono()
    .on(...at(materialLists.listMaterialLists), validated(materialLists.listMaterialLists), async (c) => {
      const { storeId } = c.req.valid("param");
      await assertStoreExists(deps, storeId);
      return c.json({ materialLists: await publishedLists(deps, storeId) });
    })
    .on(...at(materialLists.getMaterialList), validated(materialLists.getMaterialList), async (c) => {
      const { storeId, periodCode, codgrade } = c.req.valid("param");
      const list = await findPublishedList(deps.db, storeId, periodCode, codgrade, deps.now());
      if (!list) throw notFound(MATERIAL_LIST_MESSAGES.notFound);
      return c.json({ materialList: await listView(deps.db, list) });
    });
}
