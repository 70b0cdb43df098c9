/**
 * The guard of the calls the school's ERP makes (issue 27; decision 0060): an integration key
 * whose scopes include the call's, or a staff session of one of `roles`. A key opens nothing
 * else: every other gestor call keeps `requireStaff`, to which a key is no session (401).
 */
import type { MiddlewareHandler } from "hono";
import { INTEGRATION_KEY_PREFIX, type IntegrationScope } from "../../contract/gestor/integration-keys.ts";
import type { Endpoint } from "../../contract/endpoint.ts";
import type { StaffRole } from "../../contract/gestor/staff.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, errorBody } from "../../errors.ts";
import {
  callerAddress,
  hitRateLimit,
  TOO_MANY_REQUESTS,
  tryAgainLater,
  waitBeforeNextHit,
  type RateLimit,
} from "../../rate-limit.ts";
import type { AuditActor } from "../audit/audit-log.ts";
import { requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { findLiveKey, keyActor, recordKeyUse, scopesOf } from "./service.ts";

export const KEY_REFUSED = "Chave de integração inválida ou revogada.";
export const SCOPE_REFUSED = "Esta chave de integração não pode fazer esta chamada.";
export const OTHER_STORE = "Esta chave de integração é de outra loja.";

/** 20 calls a second per key: a nightly job sends 20,000 students in about 17 minutes. */
export const KEY_CALLS: RateLimit = { name: "integration-key", limit: 1200, windowMs: 60_000 };
/** Wrong keys per address: guessing a 256-bit secret is hopeless; this keeps a
 * misconfigured job or a scanner from filling the log and the database with attempts. */
export const KEY_FAILURES: RateLimit = { name: "integration-key-failure", limit: 20, windowMs: 15 * 60_000 };

/** What the handlers after the guard read: who acts (for the log) and, for a key, its store. */
export type SyncEnv = {
  Variables: StaffEnv["Variables"] & {
    actor: AuditActor;
    /** The key's store: a key writes only there. Null for a staff session. */
    keyStoreId: number | null;
  };
};

const KEY = new RegExp(`^Bearer (${INTEGRATION_KEY_PREFIX}[A-Za-z0-9_-]{43})$`);

export function requireStaffOrKey(
  deps: ApiDeps,
  declared: Endpoint & { integrationKey: IntegrationScope },
  { roles }: { roles: readonly StaffRole[] },
): MiddlewareHandler<SyncEnv> {
  const scope = declared.integrationKey;
  const staffGuard = requireStaff(deps, { roles });
  return async (c, next) => {
    const authorization = c.req.header("authorization")?.trim() ?? "";
    if (!authorization.startsWith(`Bearer ${INTEGRATION_KEY_PREFIX}`)) {
      return staffGuard(c as never, async () => {
        c.set("actor", staffActor(c as never));
        c.set("keyStoreId", null);
        await next();
      });
    }
    const address = callerAddress(c);
    // Only failures count: a right key never waits for someone else's wrong ones at its address
    // beyond this check, and concurrent calls of a busy job are not held back.
    const wait = await waitBeforeNextHit(deps, KEY_FAILURES, address);
    if (wait > 0) throw tryAgainLater(wait);
    const secret = KEY.exec(authorization)?.[1];
    const key = secret ? await findLiveKey(deps.db, secret) : undefined;
    if (!key) {
      await hitRateLimit(deps, KEY_FAILURES, address);
      c.header("WWW-Authenticate", 'Bearer realm="loja-escolar-integracao"');
      return c.json(errorBody(KEY_REFUSED), 401);
    }
    if (!scopesOf(key).includes(scope)) throw new ApiError(403, SCOPE_REFUSED);
    if (!(await hitRateLimit(deps, KEY_CALLS, key.id))) {
      c.header("Retry-After", String(KEY_CALLS.windowMs / 1000));
      return c.json(errorBody(TOO_MANY_REQUESTS), 429);
    }
    await recordKeyUse(deps.db, key.id, deps.now(), address);
    c.set("actor", keyActor(key, address));
    c.set("keyStoreId", key.store_id);
    await next();
  };
}

/** A key writes only to its own store; a staff session, to the one the call names. */
export function assertKeyStore(keyStoreId: number | null, storeId: number): void {
  if (keyStoreId !== null && keyStoreId !== storeId) throw new ApiError(403, OTHER_STORE);
}
