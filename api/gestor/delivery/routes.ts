/**
 * The unit's back room (api/contract/gestor/delivery.ts; issue 30): Separação, Prontos, the
 * picking lists, the Painel's counts and the pending pickups' CSV. Admins everywhere, a
 * secretary her units only (decision 0061): another unit's bags are not listed nor moved.
 */
import { Hono } from "hono";
import {
  DELIVERY_ROLES,
  gestorDelivery,
  PICKING_LIST_MAX,
  type BagClassFields,
} from "../../contract/gestor/delivery.ts";
import type { ApiDeps } from "../../deps.ts";
import { at, validated } from "../../validation.ts";
import { areaStoreId } from "../area-store.ts";
import { requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import type { StaffScope } from "../staff/staff-scope.ts";
import { moveBags } from "./bag-moves.ts";
import {
  classBagIds,
  deliverySummary,
  listDeliveryBags,
  pendingPickupsCsv,
  pickingListBags,
} from "./delivery-lists.ts";

export function gestorDeliveryRoutes(deps: ApiDeps) {
  const unitStaff = requireStaff(deps, { roles: DELIVERY_ROLES });
  /** The bags a call names: its own, or every bag of a whole class. */
  const bagsNamed = async (scope: StaffScope, named: { bagIds: string[] } | BagClassFields) =>
    "bagIds" in named ? named.bagIds : classBagIds(deps.db, await areaStoreId(deps), scope, named, deps.now());
  const { summary, bags, pickingList, separate, unseparate, ready, pendingCsv } = gestorDelivery;
  const app = new Hono<StaffEnv>()
    .on(...at(summary), unitStaff, async (c) =>
      c.json(await deliverySummary(deps.db, await areaStoreId(deps), c.get("scope"), deps.now())),
    )
    .on(...at(bags), unitStaff, validated(bags), async (c) => {
      const { page, ...filters } = c.req.valid("query");
      return c.json(
        await listDeliveryBags(deps.db, await areaStoreId(deps), c.get("scope"), filters, page, deps.now()),
      );
    })
    .on(...at(pickingList), unitStaff, validated(pickingList), async (c) => {
      const bagIds = await bagsNamed(c.get("scope"), c.req.valid("query"));
      const found = await pickingListBags(
        deps.db,
        await areaStoreId(deps),
        c.get("scope"),
        bagIds.slice(0, PICKING_LIST_MAX),
        deps.now(),
      );
      return c.json({ bags: found, total: bagIds.length });
    })
    .on(...at(pendingCsv), unitStaff, validated(pendingCsv), async (c) => {
      const { unitCode } = c.req.valid("query");
      const csv = await pendingPickupsCsv(deps.db, await areaStoreId(deps), c.get("scope"), unitCode, deps.now());
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="retiradas-pendentes.csv"',
      });
    });
  for (const [call, move] of [
    [separate, "separate"],
    [unseparate, "unseparate"],
    [ready, "ready"],
  ] as const)
    app.on(...at(call), unitStaff, validated(call), async (c) => {
      const body = c.req.valid("json");
      const bagIds = await bagsNamed(c.get("scope"), "ofClass" in body ? body.ofClass : body);
      return c.json(await moveBags(deps, staffActor(c), await areaStoreId(deps), c.get("scope"), move, bagIds));
    });
  return app;
}
