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
