/** How a linked student and their responsible persons read on screen (spec §2 student card and data modal). */
import type { Responsible, Student } from "#api/contract/students.ts";
import { formatCpf } from "#core/cpf.ts";
import { currentPeriodCode } from "#core/dates.ts";
import { maskCep, maskPhone } from "#core/masks.ts";
import { currentGrade as gradeOfPeriod, currentSchoolYear, gradeLine, periodYear } from "#core/school-years.ts";

/** The student's enrolment now (core/school-years.ts): the current period's, else the newest live one. */
const schoolYearNow = (student: Pick<Student, "schoolYears">, now = new Date()) =>
  currentSchoolYear(student.schoolYears, currentPeriodCode(now));

/** The unit the student attends: the enrolment's of now, else the first affiliate's (none: the network's head office). */
export function studentUnitCode(
  student: Pick<Student, "schoolYears" | "Affiliates">,
  now = new Date(),
): string | undefined {
  return schoolYearNow(student, now)?.CODCOLIGADA ?? student.Affiliates[0]?.CODCOLIGADA;
}

/**
 * The card's and data modal's "school period" (spec §2): the school year of the student's live
 * enrolment of now, from its CODPERLET (the year followed by 00, spec §9), e.g. "2025". Null for a
 * student not enrolled (yet, or any more: the grade line says so). The shift (turno) is not the period.
 */
export function schoolPeriod(student: Pick<Student, "schoolYears">, now = new Date()): string | null {
  const year = schoolYearNow(student, now);
  return year && !year.deletedAt ? periodYear(year.CODPERLET) || null : null;
}

/** "6º Ano · Ensino Fundamental II · Turma B · Manhã" of the enrolment of now, or "Não matriculado(a) em 2026" (issue 27). */
export function studentGradeLine(student: Pick<Student, "schoolYears">, now = new Date()): string | null {
  return gradeLine(schoolYearNow(student, now));
}

/**
 * The grade (period and codgrade) the student is enrolled in now (core/school-years.ts
 * currentGrade); null when not enrolled this period.
 */
export function currentGrade(student: Pick<Student, "schoolYears">, now = new Date()) {
  return gradeOfPeriod(student.schoolYears, currentPeriodCode(now));
}

/** The grades the students are enrolled in now (currentGrade), for /compra-rapida's first choice. */
export function currentGrades(students: readonly Pick<Student, "schoolYears">[], now = new Date()) {
  return students.flatMap((student) => currentGrade(student, now) ?? []);
}

/** The data modal's heading for a responsible (spec §2): 9 guardian, 7 mother, anything else father. */
export function responsibleHeading(parentesco: number | string): string {
  const code = Number(parentesco);
  if (code === 9) return "Dados do responsável";
  if (code === 7) return "Dados da mãe";
  return "Dados do pai";
}

type Address = Pick<Responsible, "rua" | "numero" | "bairro" | "cidade" | "estado" | "cep"> & {
  complemento?: string | null;
};

/** "Rua, 12, Apto 101 - Bairro, Cidade - UF, CEP 99999-999", leaving out what is missing. */
export function formatAddress(address: Address): string | null {
  const street = [address.rua, address.numero, address.complemento].filter(Boolean).join(", ");
  const place = [address.cidade, address.estado].filter(Boolean).join(" - ");
  const parts = [[street, address.bairro].filter(Boolean).join(" - "), place].filter(Boolean);
  if (address.cep) parts.push(`CEP ${maskCep(address.cep)}`);
  return parts.length ? parts.join(", ") : null;
}

/** "Recife - PE" from naturalidade and estadonatal. */
export function formatBirthPlace(student: Pick<Student, "naturalidade" | "estadonatal">): string | null {
  return [student.naturalidade, student.estadonatal].filter(Boolean).join(" - ") || null;
}

/** A CPF as replies carry it: masked (`***.982.247-**`, docs/decisions/0013) stays as it is, digits get the mask. */
export const formatStoredCpf = (cpf: string | null) => (cpf ? (cpf.includes("*") ? cpf : formatCpf(cpf)) : null);
export const formatStoredPhone = (phone: string | null) => (phone ? maskPhone(phone) : null);
