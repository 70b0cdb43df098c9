import { Hono } from "hono";
import { gestorIntegrationKeys } from "../../contract/gestor/integration-keys.ts";
import type { ApiDeps } from "../../deps.ts";
import { at, validated } from "../../validation.ts";
import { requireAdmin, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { createKey, listKeys, revokeKey } from "./service.ts";

/** Integrações: admins only (decision 0060). */
export function integrationKeyRoutes(deps: ApiDeps) {
  const { list, create, revoke } = gestorIntegrationKeys;
  return new Hono<StaffEnv>()
    .on(...at(list), requireAdmin(deps), validated(list), async (c) =>
      c.json({ keys: await listKeys(deps.db, c.req.valid("query").storeId) }),
    )
    .on(...at(create), requireAdmin(deps), validated(create), async (c) =>
      c.json(await createKey(deps, staffActor(c), c.req.valid("json"))),
    )
    .on(...at(revoke), requireAdmin(deps), validated(revoke), async (c) =>
      c.json({ key: await revokeKey(deps, staffActor(c), c.req.valid("param").keyId) }),
    );
}
