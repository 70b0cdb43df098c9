/**
 * Convention 5 for the gestor area: every loader and action calls requireStaff (the layout's
 * check does not protect its children). It asks the store API who the session is, once per
 * request, and sends the person to log in, to give the second factor, or away with 403.
 */
import { redirect } from "react-router";
import { gestorAuth } from "#api/contract/gestor/auth.ts";
import {
  PART_ROLES,
  UNIT_ROLES,
  type GestorPart,
  type StaffMember,
  type StaffRole,
} from "#api/contract/gestor/staff.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { GESTOR_UNAVAILABLE, gestorApiFor, loginRedirectFor, type GestorCall } from "./gestor-api.server.ts";
import { GESTOR_PATHS } from "./gestor-paths.ts";
import { getStaffToken } from "./staff-session.server.ts";

export const ROLE_REFUSED_PAGE = "Seu perfil não permite acessar esta página.";
/** A secretary an admin has not given units yet (decision 0061): nothing of a unit to show. */
export const NO_UNITS_PAGE = "Seu perfil ainda não tem unidade. Peça a um administrador que indique as suas.";

export interface CurrentStaff {
  staff: StaffMember;
  /** Gestor calls with this person's session. */
  call: GestorCall;
  /** When the session ends at the latest (ISO). */
  expiresAt: string;
}

const checked = new WeakMap<Request, Promise<CurrentStaff & { secondFactor: "totp" | "enrol" | null }>>();

async function whoIs(request: Request) {
  const token = await getStaffToken(request);
  if (!token) throw redirect(loginRedirectFor(request));
  const call = gestorApiFor(request, token);
  try {
    const { staff, secondFactor, expiresAt } = await call(gestorAuth.me, {});
    return { staff, call, expiresAt, secondFactor };
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404)
      throw new Response(GESTOR_UNAVAILABLE, { status: 503, statusText: "Service Unavailable" });
    throw error;
  }
}

/** The session as it is, second factor owed or not (the login's own steps use this). */
export function currentStaffSession(request: Request) {
  let pending = checked.get(request);
  if (!pending) {
    pending = whoIs(request);
    checked.set(request, pending);
  }
  return pending;
}

/**
 * The logged-in staff member with a complete login: of one of `roles`, or of the roles that
 * open `part` (PART_ROLES), when given; no option is the person's own pages only. A part holds
 * unit records: a secretary without units is refused it (decision 0061).
 */
export async function requireStaff(
  request: Request,
  { roles, part }: { roles?: readonly StaffRole[]; part?: GestorPart } = {},
): Promise<CurrentStaff> {
  const { secondFactor, ...current } = await currentStaffSession(request);
  if (secondFactor === "totp") throw redirect(GESTOR_PATHS.secondFactor);
  if (secondFactor === "enrol") throw redirect(GESTOR_PATHS.enrol);
  const allowed = part ? PART_ROLES[part] : roles;
  if (allowed && !allowed.includes(current.staff.role))
    throw new Response(ROLE_REFUSED_PAGE, { status: 403, statusText: "Forbidden" });
  const unitRole = (UNIT_ROLES as readonly StaffRole[]).includes(current.staff.role);
  if (part && unitRole && current.staff.unitCodes.length === 0)
    throw new Response(NO_UNITS_PAGE, { status: 403, statusText: "Forbidden" });
  return current;
}

/** For the admin's pages: staff, the audit log, and what atendimento only reads. */
export const requireAdmin = (request: Request) => requireStaff(request, { roles: ["admin"] });
