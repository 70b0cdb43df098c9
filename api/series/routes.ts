import { Hono } from "hono";
import { z } from "zod";
import type { SeriesReply } from "../contract/catalogue.ts";
import type { ApiDeps } from "../deps.ts";
import { assertStoreExists } from "../stores/store-repository.ts";
import { parseInput, storeIdParam } from "../validation.ts";

const query = z.object({
  CODPERLET: z
    .string({ message: "Informe o período letivo (CODPERLET)." })
    .regex(/^\d{4}00$/, { message: "Período letivo inválido: use o ano seguido de 00, como 202600." }),
});

export function seriesRoutes(deps: ApiDeps) {
  return new Hono().get("/list-serie-totvs-by-store-id/:storeId", async (c) => {
    const { storeId } = parseInput(z.object({ storeId: storeIdParam }), c.req.param());
    const { CODPERLET } = parseInput(query, c.req.query());
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
