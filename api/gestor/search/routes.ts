/** The header's search (docs/decisions/0041-gestor-search.md): every staff member, each seeing the parts their role opens. */
import { Hono } from "hono";
import { gestorSearch } from "../../contract/gestor/search.ts";
import { PART_ROLES, type StaffRole } from "../../contract/gestor/staff.ts";
import type { ApiDeps } from "../../deps.ts";
import { at, validated } from "../../validation.ts";
import { requireStaff, type StaffEnv } from "../staff/require-staff.ts";
import { searchRecords } from "./service.ts";

export function gestorSearchRoutes(deps: ApiDeps) {
  const { search } = gestorSearch;
  const staff = requireStaff(deps, { roles: PART_ROLES.search });
  return new Hono<StaffEnv>().on(...at(search), staff, validated(search), async (c) => {
    const { q } = c.req.valid("query");
    // requireStaff let the session in: its role is one of STAFF_ROLES.
    const role = c.get("staff").role as StaffRole;
    return c.json(await searchRecords(deps.db, q, { role, scope: c.get("scope") }));
  });
}
