/**
 * Equipe (issue 15; docs/decisions/0028-gestor-area.md): what an admin does to the team's
 * people. Each change runs in one transaction with its audit row (before and after) and, where
 * access shrinks, the end of the person's sessions. An admin never changes their own role or
 * access here, and the last active admin can never be demoted or deactivated.
 */
import { SqliteAdapter, type Kysely, type Updateable } from "kysely";
import type { Database, StaffTable } from "#db/schema.ts";
import type { StaffRole } from "../../contract/gestor/staff.ts";
import type { TeamMember } from "../../contract/gestor/team.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, notFound } from "../../errors.ts";
import { enqueueMail } from "../../mail/mail-outbox.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { GestorError } from "../gestor-error.ts";
import { ROLE_REFUSED } from "../staff/require-staff.ts";
import { createPasswordLink, passwordLinkPath, type PasswordLinkPurpose } from "../staff/password-links.ts";
import { insertStaff, type NewStaff } from "../staff/staff-accounts.ts";
import { staffPasswordLinkEmail } from "../staff/staff-emails.ts";
import { toStaffMember } from "../staff/staff-member.ts";
import { unitCodesOf } from "../staff/staff-scope.ts";
import { checkedUnits, describeAccess, writeStaffUnits } from "../staff/staff-units.ts";
import { revokeAllStaffSessions, type StaffRow } from "../staff/staff-sessions.ts";

export const MEMBER_NOT_FOUND = "Pessoa da equipe não encontrada.";
export const LAST_ADMIN = "É preciso manter pelo menos um administrador ativo.";
export const NOT_ON_ONESELF = "Você não pode fazer isto com a sua própria conta; peça a outro administrador.";
export const SAME_ROLE = "A pessoa já tem este perfil.";
export const SAME_ACCESS = "A pessoa já tem este perfil e estas unidades.";
export const ALREADY_INACTIVE = "Esta pessoa já está desativada.";
export const ALREADY_ACTIVE = "Esta pessoa já está ativa.";
export const NO_AUTHENTICATOR = "Esta pessoa não tem autenticador para redefinir.";

/** Someone of the team as an admin sees them, with their last login from the audit log. */
async function loadMembers(db: Kysely<Database>, staffId?: string) {
  return db
    .selectFrom("staff")
    .selectAll("staff")
    .select((eb) =>
      eb
        .selectFrom("audit_log")
        .select((sub) => sub.fn.max("audit_log.at").as("at"))
        .where("audit_log.action", "=", "staff.login")
        .whereRef("audit_log.staff_id", "=", "staff.id")
        .as("last_login_at"),
    )
    .$if(staffId !== undefined, (qb) => qb.where("staff.id", "=", staffId!))
    .execute();
}

function toTeamMember(row: StaffRow & { last_login_at: string | null }, unitCodes: readonly string[]): TeamMember {
  return {
    ...toStaffMember(row, unitCodes),
    active: row.deactivated_at === null,
    passwordSet: row.password_hash !== null,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
  };
}

/** Everybody: the active first, then by name. */
export async function listTeam(db: Kysely<Database>): Promise<TeamMember[]> {
  const rows = await loadMembers(db);
  const units = await unitCodesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows
    .map((row) => toTeamMember(row, units.get(row.id) ?? []))
    .sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name, "pt-BR"));
}

export async function teamMember(db: Kysely<Database>, staffId: string): Promise<TeamMember> {
  const [row] = await loadMembers(db, staffId);
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return toTeamMember(row, (await unitCodesOf(db, [row.id])).get(row.id) ?? []);
}

/** What the audit keeps of a person: never the password hash, the TOTP secret or codes. */
const snapshot = (row: StaffRow, unitCodes: readonly string[]) => ({
  name: row.name,
  email: row.email,
  role: row.role,
  unitCodes,
  active: row.deactivated_at === null,
  totpEnabled: row.totp_enabled_at !== null,
});

/**
 * The person's row, locked on PostgreSQL until the transaction ends (with the active admins'
 * rows when `withAdmins`), so two admins' concurrent changes cannot both pass the last-admin
 * check. SQLite runs one writing transaction at a time already.
 */
async function lockRows(trx: Kysely<Database>, staffId: string, withAdmins: boolean) {
  const postgres = !(trx.getExecutor().adapter instanceof SqliteAdapter);
  const admins = withAdmins
    ? await trx
        .selectFrom("staff")
        .select("id")
        .where("role", "=", "admin")
        .where("deactivated_at", "is", null)
        .orderBy("id")
        .$if(postgres, (qb) => qb.forUpdate())
        .execute()
    : [];
  const person = await trx
    .selectFrom("staff")
    .selectAll()
    .where("id", "=", staffId)
    .$if(postgres, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!person) throw notFound(MEMBER_NOT_FOUND);
  return { person, activeAdmins: admins.map((admin) => admin.id) };
}

interface Change {
  action: string;
  summary: string;
  set: Updateable<StaffTable>;
  /** A secretary's units after the change, when it changes them. */
  unitCodes?: readonly string[];
  /** Access shrinks: every session of the person ends at once. */
  endSessions: boolean;
}

/** Who acts: an admin in the area, or the command-line tool (which has no account of its own). */
type Admin = AuditActor;
const isSelf = (admin: Admin, person: StaffRow) => admin.kind === "staff" && admin.staffId === person.id;

/** One change to a person, its rule checked on the locked rows, audited with before and after. */
async function changeMember(
  deps: ApiDeps,
  admin: Admin,
  staffId: string,
  plan: (
    person: StaffRow,
    activeAdmins: string[],
    unitCodes: readonly string[],
    trx: Kysely<Database>,
  ) => Change | Promise<Change>,
): Promise<TeamMember> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const { person, activeAdmins } = await lockRows(trx, staffId, true);
    // The guard read the admin's role before this transaction; another admin may have changed it since.
    if (admin.kind === "staff" && !activeAdmins.includes(admin.staffId)) throw new ApiError(403, ROLE_REFUSED);
    const unitsBefore = (await unitCodesOf(trx, [staffId])).get(staffId) ?? [];
    const change = await plan(person, activeAdmins, unitsBefore, trx);
    await trx.updateTable("staff").set(change.set).where("id", "=", staffId).execute();
    if (change.unitCodes) await writeStaffUnits(trx, staffId, change.unitCodes);
    if (change.set.totp_secret === null)
      await trx.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
    if (change.endSessions) await revokeAllStaffSessions(trx, staffId, now);
    const after = await trx.selectFrom("staff").selectAll().where("id", "=", staffId).executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      admin,
      {
        action: change.action,
        targetType: "staff",
        targetId: staffId,
        summary: change.summary,
        before: snapshot(person, unitsBefore),
        after: snapshot(after, change.unitCodes ?? unitsBefore),
      },
      now,
    );
  });
  return teamMember(deps.db, staffId);
}

const refuse = (message: string) => new ApiError(409, message);

/** Whether taking `person`'s admin access away would leave no active admin. */
const isLastAdmin = (person: StaffRow, activeAdmins: string[]) =>
  activeAdmins.includes(person.id) && activeAdmins.length <= 1;

/** The role and, for a secretary, her units (decision 0061). */
export function changeRole(
  deps: ApiDeps,
  admin: Admin,
  staffId: string,
  { role, unitCodes }: { role: StaffRole; unitCodes: readonly string[] },
) {
  return changeMember(deps, admin, staffId, async (person, activeAdmins, unitsBefore, trx) => {
    if (isSelf(admin, person)) throw refuse(NOT_ON_ONESELF);
    let units: string[];
    try {
      // In the change's transaction: SQLite's one connection is busy with it.
      units = await checkedUnits(trx, role, unitCodes);
    } catch (error) {
      if (error instanceof GestorError) throw new ApiError(400, error.message);
      throw error;
    }
    const sameUnits = units.length === unitsBefore.length && units.every((code) => unitsBefore.includes(code));
    if (person.role === role && sameUnits) throw refuse(units.length > 0 ? SAME_ACCESS : SAME_ROLE);
    if (role !== "admin" && isLastAdmin(person, activeAdmins)) throw refuse(LAST_ADMIN);
    const from = describeAccess(person.role as StaffRole, unitsBefore);
    return {
      action: "staff.change-role",
      summary: `Mudou o perfil de ${person.email} de ${from} para ${describeAccess(role, units)}`,
      set: { role },
      unitCodes: units,
      // A session opened under the old role, or with a unit now taken away, ends; an admin's
      // next login asks for the authenticator. A unit added is only more access.
      endSessions: person.role !== role || unitsBefore.some((code) => !units.includes(code)),
    };
  });
}

export function deactivateMember(deps: ApiDeps, admin: Admin, staffId: string) {
  return changeMember(deps, admin, staffId, (person, activeAdmins) => {
    if (isSelf(admin, person)) throw refuse(NOT_ON_ONESELF);
    if (person.deactivated_at) throw refuse(ALREADY_INACTIVE);
    if (isLastAdmin(person, activeAdmins)) throw refuse(LAST_ADMIN);
    return {
      action: "staff.deactivate",
      summary: `Desativou ${person.email}`,
      set: { deactivated_at: deps.now().toISOString() },
      endSessions: true,
    };
  });
}

export function reactivateMember(deps: ApiDeps, admin: Admin, staffId: string) {
  return changeMember(deps, admin, staffId, (person) => {
    if (!person.deactivated_at) throw refuse(ALREADY_ACTIVE);
    return {
      action: "staff.reactivate",
      summary: `Reativou ${person.email}`,
      set: { deactivated_at: null },
      endSessions: false,
    };
  });
}

/** The person enrols a new authenticator at their next login (an admin must; others may). */
export function resetMemberTotp(deps: ApiDeps, admin: Admin, staffId: string) {
  return changeMember(deps, admin, staffId, (person) => {
    if (isSelf(admin, person)) throw refuse(NOT_ON_ONESELF);
    if (!person.totp_secret) throw refuse(NO_AUTHENTICATOR);
    return {
      action: "staff.reset-totp",
      summary: `Redefiniu a verificação em duas etapas de ${person.email}`,
      set: { totp_secret: null, totp_enabled_at: null, totp_last_step: null },
      endSessions: true,
    };
  });
}

/** The link's address, and its e-mail queued in the same transaction. */
async function mailPasswordLink(
  trx: Kysely<Database>,
  deps: ApiDeps,
  person: { staffId: string; email: string; name: string },
  purpose: PasswordLinkPurpose,
  token: string,
): Promise<string> {
  const link = `${deps.publicUrl}${passwordLinkPath(token)}`;
  await enqueueMail(
    trx,
    deps,
    "staff-password-link",
    staffPasswordLinkEmail({ to: person.email, name: person.name, link, purpose }),
  );
  return link;
}

/** Creates the person, e-mails their one-time link and answers it (shown once, for when mail is down). */
export async function inviteMember(deps: ApiDeps, admin: Admin, person: NewStaff) {
  const now = deps.now();
  let created: { staffId: string; link: string };
  try {
    created = await deps.db.transaction().execute(async (trx) => {
      const { staffId, token } = await insertStaff(trx, person, admin, now);
      return { staffId, link: await mailPasswordLink(trx, deps, { staffId, ...person }, "convite", token) };
    });
  } catch (error) {
    if (error instanceof GestorError) throw refuse(error.message);
    throw error;
  }
  return { member: await teamMember(deps.db, created.staffId), link: created.link };
}

/** A password-reset link for an active person, e-mailed and answered once. */
export async function sendPasswordLink(deps: ApiDeps, admin: Admin, staffId: string) {
  const now = deps.now();
  const link = await deps.db.transaction().execute(async (trx) => {
    const { person } = await lockRows(trx, staffId, false);
    if (person.deactivated_at) throw refuse(ALREADY_INACTIVE);
    const token = await createPasswordLink(trx, staffId, "redefinicao", now);
    const sent = await mailPasswordLink(trx, deps, { staffId, ...person }, "redefinicao", token);
    await recordAudit(
      trx,
      admin,
      {
        action: "staff.password-link",
        targetType: "staff",
        targetId: staffId,
        summary: `Enviou um link de redefinição de senha para ${person.email}`,
        after: { purpose: "redefinicao" },
      },
      now,
    );
    return sent;
  });
  return { member: await teamMember(deps.db, staffId), link };
}
