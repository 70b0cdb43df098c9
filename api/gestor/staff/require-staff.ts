import type { Context, MiddlewareHandler } from "hono";
import type { StaffRole } from "../../contract/gestor/staff.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, errorBody } from "../../errors.ts";
import { callerAddress } from "../../rate-limit.ts";
import type { AuditActor } from "../audit/audit-log.ts";
import { findLiveStaffSession, type StaffRow } from "./staff-sessions.ts";
import { scopeOf, type StaffScope } from "./staff-scope.ts";

export const STAFF_SESSION_EXPIRED = "Sua sessão expirou. Entre novamente.";
export const SECOND_FACTOR_OWED = "Confirme o código do autenticador para continuar.";
export const ROLE_REFUSED = "Seu perfil não permite esta ação.";

/** Hono variables the staff guard sets for the handlers after it. */
export type StaffEnv = {
  Variables: {
    staff: StaffRow;
    staffSessionId: string;
    staffSessionExpiresAt: string;
    /** False only where requireStaff was told to admit a session that still owes its second factor. */
    secondFactorPassed: boolean;
    /** The units the person works for (decision 0061): every query of a unit's records reads it. */
    scope: StaffScope;
  };
};

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

function unauthorized(c: Context) {
  c.header("WWW-Authenticate", 'Bearer realm="loja-escolar-gestor"');
  return c.json(errorBody(STAFF_SESSION_EXPIRED), 401);
}

/**
 * Every /gestor call but login and the password links: a live staff session (a customer's
 * token is no staff session, so it gets 401), with its second factor given, and one of `roles`
 * when given (403 otherwise). `pendingSecondFactor` admits a session still owing the factor:
 * only the calls that give or enrol it.
 */
export function requireStaff(
  deps: ApiDeps,
  { roles, pendingSecondFactor = false }: { roles?: readonly StaffRole[]; pendingSecondFactor?: boolean } = {},
): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    const token = BEARER.exec(c.req.header("authorization")?.trim() ?? "")?.[1];
    const session = token ? await findLiveStaffSession(deps.db, token, deps.now()) : undefined;
    if (!session) return unauthorized(c);
    if (!session.mfaPassed && !pendingSecondFactor) throw new ApiError(401, SECOND_FACTOR_OWED);
    if (roles && !roles.includes(session.staff.role as StaffRole)) throw new ApiError(403, ROLE_REFUSED);
    c.set("staff", session.staff);
    c.set("staffSessionId", session.sessionId);
    c.set("staffSessionExpiresAt", session.expiresAt);
    c.set("secondFactorPassed", session.mfaPassed);
    c.set("scope", await scopeOf(deps.db, session.staff));
    await next();
  };
}

/** Only admins (issue 15: staff, the audit log, the catalogue's and coupons' changes). */
export const requireAdmin = (deps: ApiDeps) => requireStaff(deps, { roles: ["admin"] });

/** The staff member of this request, for the audit log. */
export function staffActor(c: Context<StaffEnv>): AuditActor {
  const staff = c.get("staff");
  return { kind: "staff", staffId: staff.id, email: staff.email, address: callerAddress(c) };
}
