/** How a linked student and their responsible persons read on screen (spec §2 student card and data modal). */
import type { Responsible, Student } from "#api/contract/students.ts";
import { formatCpf } from "#app/lib/cpf.ts";
import { maskCep, maskPhone } from "#app/lib/masks.ts";

/** The unit the student attends: the current school year's, else the first affiliate's (none: the network's head office). */
export function studentUnitCode(student: Pick<Student, "schoolYears" | "Affiliates">): string | undefined {
  return student.schoolYears.find((year) => !year.deletedAt)?.CODCOLIGADA ?? student.Affiliates[0]?.CODCOLIGADA;
}

/** The data modal's heading for a responsible (spec §2): 9 guardian, 7 mother, anything else father. */
export function responsibleHeading(parentesco: number | string): string {
  const code = Number(parentesco);
  if (code === 9) return "Dados do Responsável";
  if (code === 7) return "Dados da Mãe";
  return "Dados do Pai";
}

type Address = Pick<Responsible, "rua" | "numero" | "bairro" | "cidade" | "estado" | "cep">;

/** "Rua, 12 - Bairro, Cidade - UF, CEP 99999-999", leaving out what is missing. */
export function formatAddress(address: Address): string | null {
  const street = [address.rua, address.numero].filter(Boolean).join(", ");
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
