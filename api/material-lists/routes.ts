/**
 * The public calls of the school's material lists (issue 29; api/contract/material-lists.ts):
 * every published list of the store, and one list with its lines, for anyone. No rate limit, as
 * the other catalogue reads. Read fresh each time: a list changes when the gestor edits it and
 * its lines' prices and stock with the catalogue, and lists are not in the catalogue's version
 * (api/catalogue-version.ts), so no page or read cache may keep them; their replies are not
 * `cacheable` and go out `no-store` (api/app.ts).
 */
import { Hono } from "hono";
import { todayInBrazil } from "#core/dates.ts";
import { MATERIAL_LIST_MESSAGES, materialLists, type MaterialListSummary } from "../contract/material-lists.ts";
import type { ApiDeps } from "../deps.ts";
import { notFound } from "../errors.ts";
import { assertStoreExists } from "../stores/repository.ts";
import { at, validated } from "../validation.ts";
import { findPublishedList, listView } from "./list-view.ts";

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

/**
 * The store's published lists (publish date reached: list-view.ts isPublished, in SQL), by period
 * and then in the order of the store's grades (series.position); a list whose grade is gone
 * shows its code, after the others of its period.
 */
async function publishedLists({ db, now }: ApiDeps, storeId: number): Promise<MaterialListSummary[]> {
  const rows = await db
    .selectFrom("material_lists as l")
    .leftJoin("series as s", (join) =>
      join
        .onRef("s.store_id", "=", "l.store_id")
        .onRef("s.period_code", "=", "l.period_code")
        .onRef("s.codgrade", "=", "l.codgrade"),
    )
    .select((eb) => [
      "l.id",
      "l.period_code",
      "l.codgrade",
      "l.discount_percentage",
      "s.grade_name",
      "s.course",
      eb
        .selectFrom("material_list_lines as line")
        .select((count) => count.fn.countAll<number | string>().as("count"))
        .whereRef("line.list_id", "=", "l.id")
        .as("line_count"),
    ])
    .where("l.store_id", "=", storeId)
    .where("l.publish_from", "<=", todayInBrazil(now()))
    .orderBy("l.period_code")
    .orderBy((eb) => eb.case().when("s.position", "is", null).then(1).else(0).end())
    .orderBy("s.position")
    .orderBy("l.codgrade")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    periodCode: row.period_code,
    codgrade: row.codgrade,
    gradeName: row.grade_name ?? row.codgrade,
    course: row.course ?? "",
    discountPercentage: row.discount_percentage,
    lineCount: Number(row.line_count ?? 0),
  }));
}
