/** How a linked student and their responsible persons read on screen (spec §2 student card and data modal). */
import type { Responsible, Student } from "#api/contract/students.ts";
import { formatCpf } from "#core/cpf.ts";
import { maskCep, maskPhone } from "#core/masks.ts";

const liveSchoolYear = (student: Pick<Student, "schoolYears">) => student.schoolYears.find((year) => !year.deletedAt);

/** The unit the student attends: the current school year's, else the first affiliate's (none: the network's head office). */
export function studentUnitCode(student: Pick<Student, "schoolYears" | "Affiliates">): string | undefined {
  return liveSchoolYear(student)?.CODCOLIGADA ?? student.Affiliates[0]?.CODCOLIGADA;
}

/**
 * The card's and data modal's "school period" (spec §2): the school year of the student's live
 * enrolment, from its CODPERLET (the year followed by 00, spec §9), e.g. "2025". Null for a
 * student not enrolled yet. The shift (turno) is not the period.
 */
export function schoolPeriod(student: Pick<Student, "schoolYears">): string | null {
  const code = liveSchoolYear(student)?.CODPERLET.trim();
  if (!code) return null;
  return /^\d{4}00$/.test(code) ? code.slice(0, 4) : code;
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
