/** How the roster's list and student page name an enrolment and a responsible (issue 27). */
import { responsibleHeading } from "#app/features/students/students.ts";

/** The status of a student's enrolment in a period. */
export const enrolmentStatus = (enrolled: boolean) => (enrolled ? "Matriculado(a)" : "Não matriculado(a)");

/** "EF06 · 6º Ano", the code alone when Séries lacks it, "—" without one. */
export function gradeLabel({ codgrade, gradeName }: { codgrade: string | null; gradeName: string | null }): string {
  if (!codgrade) return "—";
  return gradeName ? `${codgrade} · ${gradeName}` : codgrade;
}

/** "Mãe", "Responsável legal" or "Pai": spec §3's code, read as the data modal reads it (responsibleHeading). */
export function relationshipLabel(parentesco: number): string {
  const heading = responsibleHeading(parentesco);
  if (heading === "Dados da mãe") return "Mãe";
  if (heading === "Dados do responsável") return "Responsável legal";
  return "Pai";
}
