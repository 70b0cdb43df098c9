/**
 * The gestor's Estoque calls (api/contract/gestor/stock.ts; issue 28): every role reads, a
 * secretary her units only (another unit's item is not found, decision 0061); admins and
 * secretaries change counts. The fixed paths come before the item's.
 */
import { Hono } from "hono";
import { gestorStock, STOCK_CHANGE_ROLES, STOCK_MESSAGES, STOCK_READ_ROLES } from "../../contract/gestor/stock.ts";
import { gestorWaitingList } from "../../contract/gestor/waiting-list.ts";
import type { ApiDeps } from "../../deps.ts";
import { notFound } from "../../errors.ts";
import { at, validated } from "../../validation.ts";
import { areaStoreId } from "../area-store.ts";
import { requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { adjustStock } from "./adjust-stock.ts";
import { exportStockCsv, previewStockImport, runStockImport } from "./stock-csv.ts";
import { findStockItem, listStockItems, stockMovements, stockSummary } from "./stock-items.ts";
import { listWaitingEntries, moveWaitingEntry, removeWaitingEntry } from "./waiting-list.ts";

export function gestorStockRoutes(deps: ApiDeps) {
  const readers = requireStaff(deps, { roles: STOCK_READ_ROLES });
  const changers = requireStaff(deps, { roles: STOCK_CHANGE_ROLES });
  const { list, summary, adjust, exportCsv, previewImport, runImport, item } = gestorStock;
  const waiting = gestorWaitingList;
  return new Hono<StaffEnv>()
    .on(...at(list), readers, validated(list), async (c) => {
      const { page, ...filters } = c.req.valid("query");
      return c.json(await listStockItems(deps.db, await areaStoreId(deps), filters, page, c.get("scope")));
    })
    .on(...at(summary), readers, async (c) =>
      c.json(await stockSummary(deps.db, await areaStoreId(deps), c.get("scope"))),
    )
    .on(...at(adjust), changers, validated(adjust), async (c) => {
      const result = await adjustStock(
        deps,
        staffActor(c),
        await areaStoreId(deps),
        c.get("scope"),
        c.req.valid("json"),
      );
      return c.json({ item: result });
    })
    .on(...at(exportCsv), readers, validated(exportCsv), async (c) => {
      const csv = await exportStockCsv(deps.db, await areaStoreId(deps), c.req.valid("query"), c.get("scope"));
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="estoque.csv"',
      });
    })
    .on(...at(previewImport), changers, validated(previewImport), async (c) =>
      c.json(await previewStockImport(deps.db, await areaStoreId(deps), c.req.valid("json").csv, c.get("scope"))),
    )
    .on(...at(runImport), changers, validated(runImport), async (c) =>
      c.json(
        await runStockImport(deps.db, await areaStoreId(deps), c.req.valid("json").csv, {
          actor: staffActor(c),
          now: deps.now(),
          scope: c.get("scope"),
        }),
      ),
    )
    .on(...at(item), readers, validated(item), async (c) => {
      const { unitCode, itemTOTVSId } = c.req.valid("param");
      const storeId = await areaStoreId(deps);
      const found = await findStockItem(deps.db, storeId, unitCode, itemTOTVSId, c.get("scope"));
      if (!found) throw notFound(STOCK_MESSAGES.notFound);
      const movements = await stockMovements(deps.db, storeId, unitCode, itemTOTVSId, c.req.valid("query").page);
      return c.json({ item: found, movements });
    })
    .on(...at(waiting.list), readers, validated(waiting.list), async (c) => {
      const { unitCode, itemTOTVSId } = c.req.valid("param");
      const entries = await listWaitingEntries(deps.db, await areaStoreId(deps), unitCode, itemTOTVSId, c.get("scope"));
      return c.json({ entries });
    })
    .on(...at(waiting.move), changers, validated(waiting.move), async (c) => {
      const entries = await moveWaitingEntry(
        deps.db,
        staffActor(c),
        await areaStoreId(deps),
        c.get("scope"),
        c.req.valid("json"),
        deps.now(),
      );
      return c.json({ entries });
    })
    .on(...at(waiting.remove), changers, validated(waiting.remove), async (c) => {
      const removed = await removeWaitingEntry(
        deps.db,
        staffActor(c),
        await areaStoreId(deps),
        c.get("scope"),
        c.req.valid("json"),
        deps.now(),
        deps.whatsapp,
      );
      return c.json({ removed });
    });
}
