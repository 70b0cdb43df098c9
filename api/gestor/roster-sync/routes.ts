/**
 * The ERP's sync calls (api/contract/gestor/roster-sync.ts; decision 0060): an integration key
 * of the call's scope or an admin's session. A key writes to its own store only.
 */
import { Hono } from "hono";
import { gestorRosterSync } from "../../contract/gestor/roster-sync.ts";
import type { ApiDeps } from "../../deps.ts";
import { at, validated } from "../../validation.ts";
import { areaStoreId } from "../area-store.ts";
import { syncGrade } from "../grades/service.ts";
import { assertKeyStore, requireStaffOrKey, type SyncEnv } from "../integration-keys/require-staff-or-key.ts";
import { everyFieldNamed } from "./field-errors.ts";
import { syncEnrolment, syncStudent } from "./service.ts";

const ADMINS = { roles: ["admin"] } as const;

export function rosterSyncRoutes(deps: ApiDeps) {
  const { putStudent, putEnrolment, putGrade } = gestorRosterSync;

  /** The key's store (the one named must be it), or the admin's: the one named, or the deployment's. */
  async function storeOf(keyStoreId: number | null, named: number | undefined): Promise<number> {
    if (keyStoreId !== null) {
      assertKeyStore(keyStoreId, named ?? keyStoreId);
      return keyStoreId;
    }
    return named ?? (await areaStoreId(deps));
  }

  return new Hono<SyncEnv>()
    .on(
      ...at(putStudent),
      requireStaffOrKey(deps, putStudent, ADMINS),
      validated(putStudent, everyFieldNamed),
      async (c) => {
        const storeId = await storeOf(c.get("keyStoreId"), c.req.valid("query").storeId);
        const row = { ...c.req.valid("json"), RA: c.req.valid("param").ra };
        return c.json(await syncStudent(deps, c.get("actor"), storeId, row));
      },
    )
    .on(...at(putEnrolment), requireStaffOrKey(deps, putEnrolment, ADMINS), validated(putEnrolment), async (c) => {
      const storeId = await storeOf(c.get("keyStoreId"), c.req.valid("query").storeId);
      const { ra, codperlet } = c.req.valid("param");
      return c.json(
        await syncEnrolment(deps, c.get("actor"), storeId, { ra, codperlet, enrolled: c.req.valid("json").enrolled }),
      );
    })
    .on(...at(putGrade), requireStaffOrKey(deps, putGrade, ADMINS), validated(putGrade), async (c) => {
      const storeId = await storeOf(c.get("keyStoreId"), c.req.valid("query").storeId);
      const { codperlet: CODPERLET, codgrade } = c.req.valid("param");
      const { id, result } = await syncGrade(deps, c.get("actor"), storeId, {
        CODPERLET,
        codgrade,
        ...c.req.valid("json"),
      });
      return c.json({ grade: { id, CODPERLET, codgrade }, result });
    });
}
