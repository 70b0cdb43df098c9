/**
 * A student's enrolments (spec §3 `schoolYears`, one per school period) and the grade they are in
 * (issue 27 "The student's grade is known"). One home for "which enrolment is the student's now"
 * and for how it reads, used by the storefront and the gestor's API alike.
 */

/** An enrolment as spec §7 replies carry it; the grade fields are optional (a school API may lack them). */
export interface SchoolYearLike {
  CODPERLET: string;
  deletedAt: string | null;
  codgrade?: string | null;
  CURSO?: string | null;
  HABILITACAO?: string | null;
  TURMA?: string | null;
  TURNO?: string | null;
}

/** A grade of spec §7's series call: CURSO is the level, HABILITACAO the grade's own name ("6º Ano"). */
interface GradeNames {
  codgrade: string;
  CODPERLET: string;
  CURSO: string;
  HABILITACAO: string;
}

/**
 * The student's enrolment now: the one of the current period (`periodCode`, core/dates.ts
 * `currentPeriodCode`), even when the school marked it not enrolled (deletedAt); else the newest
 * live one (a new period whose roster has not arrived yet); else none.
 */
export function currentSchoolYear<Year extends SchoolYearLike>(
  years: readonly Year[],
  periodCode: string,
): Year | undefined {
  const current = years.find((year) => year.CODPERLET.trim() === periodCode);
  if (current) return current;
  return years
    .filter((year) => !year.deletedAt)
    .reduce<Year | undefined>(
      (newest, year) => (!newest || year.CODPERLET > newest.CODPERLET ? year : newest),
      undefined,
    );
}

/**
 * The grade (period and codgrade) the student is enrolled in now: the live enrolment of the
 * current period (`periodCode`, core/dates.ts `currentPeriodCode`); null otherwise. Unlike
 * currentSchoolYear there is no fallback: last year's grade is not this year's (decision 0063).
 * The one rule for what a student buys now (/compra-rapida's first grades, the material list).
 */
export function currentGrade(
  years: readonly SchoolYearLike[],
  periodCode: string,
): { CODPERLET: string; codgrade: string } | null {
  const year = years.find((candidate) => candidate.CODPERLET.trim() === periodCode);
  return year && !year.deletedAt && year.codgrade ? { CODPERLET: periodCode, codgrade: year.codgrade } : null;
}

/** The school year of a period code (the year followed by 00, spec §9), e.g. "2026"; other codes as they are. */
export function periodYear(periodCode: string): string {
  const code = periodCode.trim();
  return /^\d{4}00$/.test(code) ? code.slice(0, 4) : code;
}

/**
 * "6º Ano · Ensino Fundamental II · Turma B · Manhã": grade, level, class and shift of the
 * enrolment, leaving out what is missing; "Não matriculado(a) em 2026" for an enrolment the school
 * ended; null when the enrolment says nothing of the grade.
 */
export function gradeLine(year: SchoolYearLike | undefined): string | null {
  if (!year) return null;
  if (year.deletedAt) return `Não matriculado(a) em ${periodYear(year.CODPERLET)}`;
  const parts = [year.HABILITACAO, year.CURSO, year.TURMA ? `Turma ${year.TURMA}` : null, year.TURNO];
  return parts.filter((part) => part?.trim()).join(" · ") || null;
}

/**
 * The enrolments with the grade's names taken from the series list where the reply gave only the
 * codgrade (a school's own API, docs/decisions/0026): matched by period and codgrade.
 */
export function namedSchoolYears<Year extends SchoolYearLike>(
  years: readonly Year[],
  series: readonly GradeNames[],
): Year[] {
  return years.map((year) => {
    if (!year.codgrade || (year.HABILITACAO && year.CURSO)) return year;
    const grade = series.find((serie) => serie.codgrade === year.codgrade && serie.CODPERLET === year.CODPERLET);
    return grade
      ? { ...year, CURSO: year.CURSO || grade.CURSO, HABILITACAO: year.HABILITACAO || grade.HABILITACAO }
      : year;
  });
}

/** Whether some enrolment has a codgrade but not the grade's names (the series list can give them). */
export const lacksGradeNames = (years: readonly SchoolYearLike[]) =>
  years.some((year) => Boolean(year.codgrade) && !(year.HABILITACAO && year.CURSO));
