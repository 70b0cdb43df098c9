/** How the roster's list and student page name an enrolment (issue 27). */

/** The status of a student's enrolment in a period. */
export const enrolmentStatus = (enrolled: boolean) => (enrolled ? "Matriculado(a)" : "Não matriculado(a)");

/** "EF06 · 6º Ano", the code alone when Séries lacks it, "—" without one. */
export function gradeLabel({ codgrade, gradeName }: { codgrade: string | null; gradeName: string | null }): string {
  if (!codgrade) return "—";
  return gradeName ? `${codgrade} · ${gradeName}` : codgrade;
}
