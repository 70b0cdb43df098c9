/**
 * A secretary's units (issue 27; docs/decisions/0061-staff-of-one-unit.md): at least one, each a
 * unit of the network (Unidades); the network's roles keep none. One rule for the invitation,
 * the change of access in Equipe and the command line.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no api/errors.ts.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { STAFF_ROLE_LABELS, UNIT_ROLES, UNITS_REQUIRED, type StaffRole } from "../../contract/gestor/staff.ts";
import { GestorError } from "../gestor-error.ts";

export const UNKNOWN_UNITS = "Escolha unidades da lista.";

const takesUnits = (role: string) => (UNIT_ROLES as readonly string[]).includes(role);

/** The units the person keeps under `role`, checked; a GestorError says what is wrong. */
export async function checkedUnits(db: Kysely<Database>, role: StaffRole, unitCodes: readonly string[]) {
  if (!takesUnits(role)) return [];
  const codes = [...new Set(unitCodes)].sort((a, b) => Number(a) - Number(b));
  if (codes.length === 0) throw new GestorError(UNITS_REQUIRED);
  const known = await db.selectFrom("school_units").select("code").distinct().where("code", "in", codes).execute();
  if (known.length !== codes.length) throw new GestorError(UNKNOWN_UNITS);
  return codes;
}

/** Replaces the person's units. */
export async function writeStaffUnits(trx: Kysely<Database>, staffId: string, unitCodes: readonly string[]) {
  await trx.deleteFrom("staff_units").where("staff_id", "=", staffId).execute();
  if (unitCodes.length > 0)
    await trx
      .insertInto("staff_units")
      .values(unitCodes.map((unit_code) => ({ staff_id: staffId, unit_code })))
      .execute();
}

/** "Secretaria (unidades 1, 3)", "Administrador": a role as the log and the messages say it. */
export function describeAccess(role: StaffRole, unitCodes: readonly string[]): string {
  const label = STAFF_ROLE_LABELS[role];
  if (!takesUnits(role)) return label;
  return `${label} (${unitCodes.length === 1 ? "unidade" : "unidades"} ${unitCodes.join(", ")})`;
}
