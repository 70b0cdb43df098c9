/**
 * The gestor's Séries calls (api/contract/gestor/grades.ts; issue 27): admins only. The fixed
 * paths (copy, import, export) come before `/:gradeId`, which would take them for an id.
 */
import { Hono } from "hono";
import { GRADE_MESSAGES, gestorGrades } from "../../contract/gestor/grades.ts";
import type { ApiDeps } from "../../deps.ts";
import { notFound } from "../../errors.ts";
import { at, validated } from "../../validation.ts";
import { areaStoreId } from "../area-store.ts";
import { requireAdmin, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { exportGradesCsv, previewGradeImport, runGradeImport } from "./grades-csv.ts";
import { findGrade, gestorGrade, gradePeriods, periodGrades, productCounts } from "./repository.ts";
import { copyPeriod, createGrade, moveGrade, removeGrade, updateGrade } from "./service.ts";

export function gestorGradeRoutes(deps: ApiDeps) {
  const admins = requireAdmin(deps);
  const {
    list,
    copyPeriod: copy,
    previewImport,
    runImport,
    exportCsv,
    create,
    get,
    update,
    move,
    remove,
  } = gestorGrades;
  return new Hono<StaffEnv>()
    .on(...at(list), admins, validated(list), async (c) => {
      const storeId = await areaStoreId(deps);
      const { CODPERLET } = c.req.valid("query");
      const rows = await periodGrades(deps.db, storeId, CODPERLET);
      const counts = await productCounts(
        deps.db,
        rows.map((row) => row.id),
      );
      return c.json({
        CODPERLET,
        grades: rows.map((row) => gestorGrade(row, counts.get(row.id) ?? 0)),
        periods: await gradePeriods(deps.db, storeId),
      });
    })
    .on(...at(copy), admins, validated(copy), async (c) => {
      const copied = await copyPeriod(deps, staffActor(c), await areaStoreId(deps), c.req.valid("json"));
      return c.json({ copied });
    })
    .on(...at(previewImport), admins, validated(previewImport), async (c) =>
      c.json(await previewGradeImport(deps.db, await areaStoreId(deps), c.req.valid("json").csv)),
    )
    .on(...at(runImport), admins, validated(runImport), async (c) =>
      c.json(
        await runGradeImport(deps.db, await areaStoreId(deps), c.req.valid("json").csv, {
          actor: staffActor(c),
          now: deps.now(),
        }),
      ),
    )
    .on(...at(exportCsv), admins, validated(exportCsv), async (c) => {
      const { CODPERLET } = c.req.valid("query");
      const csv = await exportGradesCsv(deps.db, await areaStoreId(deps), CODPERLET);
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="series${CODPERLET ? `-${CODPERLET}` : ""}.csv"`,
      });
    })
    .on(...at(create), admins, validated(create), async (c) => {
      const id = await createGrade(deps, staffActor(c), await areaStoreId(deps), c.req.valid("json"));
      return c.json({ grade: { id } });
    })
    .on(...at(get), admins, validated(get), async (c) => {
      const { gradeId } = c.req.valid("param");
      const row = await findGrade(deps.db, await areaStoreId(deps), gradeId);
      if (!row) throw notFound(GRADE_MESSAGES.notFound);
      const counts = await productCounts(deps.db, [row.id]);
      return c.json({ grade: gestorGrade(row, counts.get(row.id) ?? 0) });
    })
    .on(...at(update), admins, validated(update), async (c) => {
      const { gradeId } = c.req.valid("param");
      await updateGrade(deps, staffActor(c), await areaStoreId(deps), gradeId, c.req.valid("json"));
      return c.json({ grade: { id: gradeId } });
    })
    .on(...at(move), admins, validated(move), async (c) => {
      const { gradeId } = c.req.valid("param");
      await moveGrade(deps, staffActor(c), await areaStoreId(deps), gradeId, c.req.valid("json").direction);
      return c.json({ grade: { id: gradeId } });
    })
    .on(...at(remove), admins, validated(remove), async (c) => {
      const { gradeId } = c.req.valid("param");
      await removeGrade(deps, staffActor(c), await areaStoreId(deps), gradeId);
      return c.json({ grade: { id: gradeId } });
    });
}
