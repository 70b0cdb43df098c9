/**
 * The gestor's Listas de material calls (api/contract/gestor/material-lists.ts; issue 29):
 * admins only. The fixed paths (copy, import, export) come before `/:listId`, which would take
 * them for an id.
 */
import { Hono } from "hono";
import { gestorMaterialLists } from "../../contract/gestor/material-lists.ts";
import type { ApiDeps } from "../../deps.ts";
import { at, validated } from "../../validation.ts";
import { areaStoreId } from "../area-store.ts";
import { requireAdmin, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { exportListsCsv, previewListImport, runListImport } from "./list-csv.ts";
import { listPeriods } from "./repository.ts";
import { copyPeriodLists, copyPreviousList, previewCopyPeriod } from "./list-copies.ts";
import { addLine, moveLine, removeLine, updateLine } from "./list-lines.ts";
import { createList, gestorList, periodView, removeList, unpublishList, updateListSettings } from "./service.ts";

export function gestorMaterialListRoutes(deps: ApiDeps) {
  const admins = requireAdmin(deps);
  const calls = gestorMaterialLists;
  return new Hono<StaffEnv>()
    .on(...at(calls.list), admins, validated(calls.list), async (c) => {
      const storeId = await areaStoreId(deps);
      const view = await periodView(deps, storeId, c.req.valid("query").CODPERLET);
      return c.json({ ...view, periods: await listPeriods(deps.db, storeId) });
    })
    .on(...at(calls.copyPrevious), admins, validated(calls.copyPrevious), async (c) =>
      c.json(await copyPreviousList(deps, staffActor(c), await areaStoreId(deps), c.req.valid("json"))),
    )
    .on(...at(calls.previewCopyPeriod), admins, validated(calls.previewCopyPeriod), async (c) => {
      const { from, to } = c.req.valid("query");
      return c.json(await previewCopyPeriod(deps, await areaStoreId(deps), from, to));
    })
    .on(...at(calls.copyPeriod), admins, validated(calls.copyPeriod), async (c) =>
      c.json(await copyPeriodLists(deps, staffActor(c), await areaStoreId(deps), c.req.valid("json"))),
    )
    .on(...at(calls.previewImport), admins, validated(calls.previewImport), async (c) =>
      c.json(await previewListImport(deps.db, await areaStoreId(deps), c.req.valid("json").csv)),
    )
    .on(...at(calls.runImport), admins, validated(calls.runImport), async (c) =>
      c.json(
        await runListImport(deps.db, await areaStoreId(deps), c.req.valid("json").csv, {
          actor: staffActor(c),
          now: deps.now(),
        }),
      ),
    )
    .on(...at(calls.exportCsv), admins, validated(calls.exportCsv), async (c) => {
      const { CODPERLET } = c.req.valid("query");
      const csv = await exportListsCsv(deps.db, await areaStoreId(deps), CODPERLET);
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="listas-de-material-${CODPERLET}.csv"`,
      });
    })
    .on(...at(calls.create), admins, validated(calls.create), async (c) => {
      const id = await createList(deps, staffActor(c), await areaStoreId(deps), c.req.valid("json"));
      return c.json({ list: { id } });
    })
    .on(...at(calls.get), admins, validated(calls.get), async (c) =>
      c.json({ list: await gestorList(deps, await areaStoreId(deps), c.req.valid("param").listId) }),
    )
    .on(...at(calls.update), admins, validated(calls.update), async (c) => {
      const { listId } = c.req.valid("param");
      await updateListSettings(deps, staffActor(c), await areaStoreId(deps), listId, c.req.valid("json"));
      return c.json({ list: { id: listId } });
    })
    .on(...at(calls.unpublish), admins, validated(calls.unpublish), async (c) => {
      const { listId } = c.req.valid("param");
      await unpublishList(deps, staffActor(c), await areaStoreId(deps), listId);
      return c.json({ list: { id: listId } });
    })
    .on(...at(calls.remove), admins, validated(calls.remove), async (c) => {
      const { listId } = c.req.valid("param");
      await removeList(deps, staffActor(c), await areaStoreId(deps), listId);
      return c.json({ list: { id: listId } });
    })
    .on(...at(calls.addLine), admins, validated(calls.addLine), async (c) => {
      const { listId } = c.req.valid("param");
      const id = await addLine(deps, staffActor(c), await areaStoreId(deps), listId, c.req.valid("json"));
      return c.json({ line: { id } });
    })
    .on(...at(calls.updateLine), admins, validated(calls.updateLine), async (c) => {
      const { listId, lineId } = c.req.valid("param");
      await updateLine(deps, staffActor(c), await areaStoreId(deps), listId, lineId, c.req.valid("json"));
      return c.json({ line: { id: lineId } });
    })
    .on(...at(calls.moveLine), admins, validated(calls.moveLine), async (c) => {
      const { listId, lineId } = c.req.valid("param");
      const { direction } = c.req.valid("json");
      await moveLine(deps, staffActor(c), await areaStoreId(deps), listId, lineId, direction);
      return c.json({ line: { id: lineId } });
    })
    .on(...at(calls.removeLine), admins, validated(calls.removeLine), async (c) => {
      const { listId, lineId } = c.req.valid("param");
      await removeLine(deps, staffActor(c), await areaStoreId(deps), listId, lineId);
      return c.json({ line: { id: lineId } });
    });
}
