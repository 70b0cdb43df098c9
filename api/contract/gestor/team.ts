/**
 * Equipe and Auditoria (issue 15; docs/decisions/0028-gestor-area.md): admins only. The team's
 * people and what an admin does to them; the audit log, read-only.
 */
import { z } from "zod";
import { isCalendarDate } from "#core/dates.ts";
import { endpoint } from "../endpoint.ts";
import { pageField, pageOf } from "./paging.ts";
import { STAFF_ROLES, staffRoleField, staffUnitsField, withUnitsRule } from "./staff.ts";

export const teamMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  totpEnabled: z.boolean(),
  /** A secretary's units; empty for the network's roles. */
  unitCodes: z.array(z.string()),
  /** False once deactivated. */
  active: z.boolean(),
  /** False until the person sets a password through their link. */
  passwordSet: z.boolean(),
  createdAt: z.string(),
  /** From the audit log's logins; null when never. */
  lastLoginAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMember>;

const memberReply = z.object({ member: teamMember });
/** A one-time password link, shown once to the admin (it is also e-mailed). */
const linkReply = z.object({ member: teamMember, link: z.string() });
const staffIdParam = "/gestor/team/:staffId";

export const newStaffFields = {
  name: z
    .string({ message: "Informe o nome." })
    .trim()
    .min(2, { message: "Informe o nome." })
    .max(120, { message: "Nome longo demais." }),
  email: z
    .string({ message: "Informe o e-mail." })
    .trim()
    .toLowerCase()
    .max(254, { message: "E-mail inválido." })
    .email({ message: "E-mail inválido." }),
  role: staffRoleField,
  unitCodes: staffUnitsField,
};

/** An invitation: name, e-mail, role and, for a secretary, her units. */
export const newStaffSchema = withUnitsRule(z.object(newStaffFields));
/** A person's access: role and, for a secretary, her units. */
export const staffAccessSchema = withUnitsRule(z.object({ role: staffRoleField, unitCodes: staffUnitsField }));

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** The person's e-mail then, or "linha de comando". */
  actor: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryReply = z.infer<typeof auditEntry>;

const optionalText = (max: number) => z.string().trim().max(max).optional().catch(undefined);
/** "YYYY-MM-DD" or nothing; anything else is ignored, so an edited address never fails. */
const optionalDay = z.string().refine(isCalendarDate).optional().catch(undefined);

export const auditFilters = z.object({
  page: pageField,
  /** The person's e-mail, or "linha de comando". */
  actor: optionalText(254),
  /** An action ("staff.invite") or the start of one ("cart."). */
  action: optionalText(80),
  targetType: optionalText(40),
  targetId: optionalText(120),
  /** Days in the store's time zone, both included. */
  from: optionalDay,
  to: optionalDay,
});

export const gestorTeam = {
  /** Bearer (admin). Everybody, active first. */
  list: endpoint({
    method: "GET",
    path: "/gestor/team",
    reply: z.object({ members: z.array(teamMember) }),
  }),
  /** Bearer (admin). Creates the person and e-mails their one-time link (also answered once). */
  invite: endpoint({
    method: "POST",
    path: "/gestor/team/invite",
    body: newStaffSchema,
    reply: linkReply,
  }),
  /** Bearer (admin). One person. */
  get: endpoint({ method: "GET", path: staffIdParam, reply: memberReply }),
  /**
   * Bearer (admin). The role and a secretary's units. Never the own, never the last active
   * admin's. Ends their sessions when access shrinks (another role, a unit fewer).
   */
  changeRole: endpoint({
    method: "POST",
    path: `${staffIdParam}/role`,
    body: staffAccessSchema,
    reply: memberReply,
  }),
  /** Bearer (admin). Never oneself, never the last active admin. Ends their sessions at once. */
  deactivate: endpoint({ method: "POST", path: `${staffIdParam}/deactivate`, reply: memberReply }),
  reactivate: endpoint({ method: "POST", path: `${staffIdParam}/reactivate`, reply: memberReply }),
  /** Bearer (admin). Clears the authenticator and recovery codes and ends their sessions. */
  resetTotp: endpoint({ method: "POST", path: `${staffIdParam}/reset-totp`, reply: memberReply }),
  /** Bearer (admin). A password-reset link, e-mailed and answered once. */
  sendPasswordLink: endpoint({ method: "POST", path: `${staffIdParam}/password-link`, reply: linkReply }),
};

export const gestorAudit = {
  /** Bearer (admin). The log, newest first, filtered and paged; `actions` are those it holds. */
  list: endpoint({
    method: "GET",
    path: "/gestor/audit",
    query: auditFilters,
    reply: pageOf(auditEntry).extend({ actions: z.array(z.string()) }),
  }),
};
