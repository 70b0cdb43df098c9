import { STAFF_ROLE_LABELS, type StaffRole } from "#api/contract/gestor/staff.ts";
import { brazilDateTime } from "#core/dates.ts";

/** "24/11/2026 09:15" in the store's time zone. */
export function whenLabel(iso: string): string {
  const { date, time } = brazilDateTime(iso);
  return `${date} ${time}`;
}

/** A person's situation in Equipe. */
export function situationLabel(member: { active: boolean; passwordSet: boolean }): string {
  if (!member.active) return "Desativada";
  return member.passwordSet ? "Ativa" : "Convite pendente";
}

/** "Secretaria (unidades 1, 3)": a role with a secretary's units (decision 0061). */
export function accessLabel(member: { role: StaffRole; unitCodes: readonly string[] }): string {
  const label = STAFF_ROLE_LABELS[member.role];
  if (member.unitCodes.length === 0) return label;
  return `${label} (${member.unitCodes.length === 1 ? "unidade" : "unidades"} ${member.unitCodes.join(", ")})`;
}
