import { Hono } from "hono";
import { gestorAudit } from "../../contract/gestor/team.ts";
import type { ApiDeps } from "../../deps.ts";
import { at, parseInput } from "../../validation.ts";
import { requireAdmin, type StaffEnv } from "../staff/require-staff.ts";
import { listAudit } from "./audit-query.ts";

/** Auditoria: admins only, read-only (there is no call that changes the log). */
export function auditRoutes(deps: ApiDeps) {
  return new Hono<StaffEnv>().on(...at(gestorAudit.list), requireAdmin(deps), async (c) => {
    const filters = parseInput(gestorAudit.list.query, c.req.query());
    return c.json(await listAudit(deps.db, filters));
  });
}
