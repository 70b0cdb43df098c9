import type { SecondFactorStep, StaffMember, StaffRole } from "../../contract/gestor/staff.ts";
import type { StaffRow } from "./staff-sessions.ts";

/** What a reply may say of a person: never the password hash or the TOTP secret. */
export function toStaffMember(staff: StaffRow, unitCodes: readonly string[]): StaffMember {
  return {
    id: staff.id,
    name: staff.name,
    email: staff.email,
    role: staff.role as StaffRole,
    totpEnabled: staff.totp_enabled_at !== null,
    unitCodes: [...unitCodes],
  };
}

/**
 * What a new session owes (issue 15: 2FA required for admins, ASVS level 2): the code of an
 * enrolled authenticator; for an admin without one, the enrolment itself; nothing otherwise.
 */
export function secondFactorStepOf(staff: StaffRow): SecondFactorStep {
  if (staff.totp_enabled_at !== null) return "totp";
  return staff.role === "admin" ? "enrol" : null;
}
