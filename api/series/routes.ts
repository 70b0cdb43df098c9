import { Hono } from "hono";
import { catalogue, type SeriesReply } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { assertStoreExists } from "../stores/repository.ts";
import { at, validated } from "../validation.ts";

export function seriesRoutes(deps: ApiDeps) {
  return new Hono().on(...at(catalogue.listSeries), validated(catalogue.listSeries), async (c) => {
    const { storeId } = c.req.valid("param");
    const { CODPERLET } = c.req.valid("query");
    await assertStoreExists(deps, storeId);
    const rows = await deps.db
      .selectFrom("series")
      .select(["id", "course", "grade_name", "codgrade", "period_code"])
      .where("store_id", "=", storeId)
      .where("period_code", "=", CODPERLET)
      .orderBy("position")
      .execute();
    return c.json<SeriesReply>({
      series: rows.map((row) => ({
        id: row.id,
        CURSO: row.course,
        HABILITACAO: row.grade_name,
        codgrade: row.codgrade,
        CODPERLET: row.period_code,
      })),
    });
  });
}
