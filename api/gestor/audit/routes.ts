import { Hono } from "hono";
import { gestorAudit } from "../../contract/gestor/team.ts";
import type { ApiDeps } from "../../deps.ts";
import { at, validated } from "../../validation.ts";
import { requireAdmin, type StaffEnv } from "../staff/require-staff.ts";
import { listAudit } from "./audit-query.ts";

/** Auditoria: admins only, read-only (there is no call that changes the log). */
export function auditRoutes(deps: ApiDeps) {
  const { list } = gestorAudit;
  return new Hono<StaffEnv>().on(...at(list), requireAdmin(deps), validated(list), async (c) => {
    return c.json(await listAudit(deps.db, c.req.valid("query")));
  });
}
