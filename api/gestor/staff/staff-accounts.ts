/**
 * Creating staff accounts: the first admin by the command-line tool, the rest by an admin's
 * invitation in the area (docs/decisions/0028-gestor-area.md). A new person has no password
 * until they open their one-time link.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no api/errors.ts.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { STAFF_ROLES, type StaffRole } from "../../contract/gestor/staff.ts";
import { checkedUnits, describeAccess, writeStaffUnits } from "./staff-units.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { GestorError } from "../gestor-error.ts";
import { createPasswordLink } from "./password-links.ts";

export const STAFF_EMAIL_TAKEN = "Já existe uma pessoa da equipe com este e-mail.";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  /** A secretary's units (decision 0061); none for the network's roles. */
  unitCodes?: readonly string[];
}

/** Checks what a caller outside Zod (the command line) typed; answers the normalised person. */
export function checkNewStaff(input: { email?: string; name?: string; role?: string; units?: string }): NewStaff {
  const email = (input.email ?? "").trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw new GestorError("E-mail inválido.");
  if (!STAFF_ROLES.includes(input.role as StaffRole))
    throw new GestorError(`Perfil inválido: use ${STAFF_ROLES.join(", ")}.`);
  const name = (input.name ?? "").trim() || email.split("@")[0]!;
  const unitCodes = (input.units ?? "")
    .split(",")
    .map((code) => code.trim())
    .filter(Boolean);
  return { email, name: name.slice(0, 120), role: input.role as StaffRole, unitCodes };
}

/** Creates the person and their invitation link; answers the link's token (shown once). */
export function createStaff(
  db: Kysely<Database>,
  person: NewStaff,
  actor: AuditActor,
  now: Date,
): Promise<{ staffId: string; token: string }> {
  return db.transaction().execute((trx) => insertStaff(trx, person, actor, now));
}

/** createStaff inside the caller's transaction (an invitation queues its e-mail in the same one). */
export async function insertStaff(
  trx: Kysely<Database>,
  person: NewStaff,
  actor: AuditActor,
  now: Date,
): Promise<{ staffId: string; token: string }> {
  const taken = await trx.selectFrom("staff").select("id").where("email", "=", person.email).executeTakeFirst();
  if (taken) throw new GestorError(STAFF_EMAIL_TAKEN);
  const unitCodes = await checkedUnits(trx, person.role, person.unitCodes ?? []);
  const staffId = crypto.randomUUID();
  await trx
    .insertInto("staff")
    .values({
      id: staffId,
      email: person.email,
      name: person.name,
      role: person.role,
      password_hash: null,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      created_at: now.toISOString(),
      deactivated_at: null,
    })
    .execute();
  await writeStaffUnits(trx, staffId, unitCodes);
  const token = await createPasswordLink(trx, staffId, "convite", now);
  await recordAudit(
    trx,
    actor,
    {
      action: "staff.invite",
      targetType: "staff",
      targetId: staffId,
      summary: `Convidou ${person.email} (${describeAccess(person.role, unitCodes)})`,
      after: { ...person, unitCodes },
    },
    now,
  );
  return { staffId, token };
}
