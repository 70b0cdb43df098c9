import { Hono } from "hono";
import { gestorUnits } from "../../contract/gestor/units.ts";
import type { ApiDeps } from "../../deps.ts";
import { at, validated } from "../../validation.ts";
import { requireAdmin, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { createUnit, getGestorUnit, listGestorUnits, moveUnit, updateGestorUnit } from "./service.ts";

/** Unidades: admins only (issue 27), reading and writing. */
export function gestorUnitRoutes(deps: ApiDeps) {
  const admin = requireAdmin(deps);
  const { list, get, create, update, move } = gestorUnits;
  return new Hono<StaffEnv>()
    .on(...at(list), admin, validated(list), async (c) =>
      c.json({ units: await listGestorUnits(deps, c.req.valid("query").storeId) }),
    )
    .on(...at(get), admin, validated(get), async (c) =>
      c.json({ unit: await getGestorUnit(deps, c.req.valid("query").storeId, c.req.valid("param").code) }),
    )
    .on(...at(create), admin, validated(create), async (c) => {
      const { storeId, ...fields } = c.req.valid("json");
      return c.json({ unit: await createUnit(deps, staffActor(c), storeId, fields) });
    })
    .on(...at(update), admin, validated(update), async (c) => {
      const { storeId, ...fields } = c.req.valid("json");
      const { code } = c.req.valid("param");
      return c.json({ unit: await updateGestorUnit(deps, staffActor(c), storeId, code, fields) });
    })
    .on(...at(move), admin, validated(move), async (c) => {
      const { storeId, direction, place } = c.req.valid("json");
      const { code } = c.req.valid("param");
      return c.json({ units: await moveUnit(deps, staffActor(c), storeId, code, { direction, seenAt: place }) });
    });
}
