/**
 * One enrolled student as the school's ERP sends it (issue 27, "The roster"): the student, this
 * period's enrolment and up to two responsibles. One schema for the CSV import (roster-csv.ts
 * maps its columns onto it) and the ERP's sync call, so the two cannot disagree. The field rules
 * are the store's own (core/validation); where the ERP's data is looser than a parent's form
 * (a short name, a house number "S/N", a landline), the rule here says so.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { SHIFTS } from "../../contract/gestor/catalogue.ts";
import { stripAccents } from "#core/text.ts";
import {
  birthDateField,
  cpfField,
  CUSTOMER_MESSAGES,
  emailField,
  stateField,
  zipcodeField,
} from "#core/validation/customer-fields.ts";
import { phoneWithAreaCodeField, raField, relationshipField } from "#core/validation/student-fields.ts";

export const ROSTER_MESSAGES = {
  nameRequired: "Informe o nome.",
  nameLength: "Nome muito longo: use até 100 caracteres.",
  textLength: (max: number) => `Texto muito longo: use até ${max} caracteres.`,
  periodInvalid: "Informe o período letivo como ano seguido de 00, por exemplo 202600.",
  unitInvalid: "Informe o código da unidade (CODCOLIGADA), só números.",
  unitUnknown: "Unidade não cadastrada em Unidades.",
  gradeRequired: "Informe o código da série (CODGRADE).",
  gradeUnknown: (period: string) => `Série não cadastrada em Séries para o período ${period}.`,
  shiftInvalid: "Use Manhã, Tarde, Integral ou Noite.",
  phoneRequired: "Informe o telefone.",
  duplicateRa: (line: number) => `O RA já aparece na linha ${line} do arquivo.`,
} as const;

const M = ROSTER_MESSAGES;

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * A cell the ERP may leave empty: null when blank, else the rule's value. Left out (the sync's
 * JSON) is blank too, and the OpenAPI document shows the field as not required.
 */
function optional<T extends z.ZodType>(rule: T) {
  return z.preprocess((value) => (blank(value) ? null : value), rule.nullable()).default(null);
}

const freeText = (max: number) =>
  z
    .string()
    .transform((value) => value.trim().replace(/\s+/g, " "))
    .refine((value) => Array.from(value).length <= max, { message: M.textLength(max) });

const nameText = z
  .string({ message: M.nameRequired })
  .transform((value) => value.trim().replace(/\s+/g, " "))
  .refine((value) => value !== "", { message: M.nameRequired })
  .refine((value) => Array.from(value).length <= 100, { message: M.nameLength });

/** dd/mm/aaaa (as the ERP's spreadsheet shows it) or ISO aaaa-mm-dd, stored as ISO. */
const birthDate = z
  .string({ message: CUSTOMER_MESSAGES.birthDateRequired })
  .transform((value) => {
    const brazilian = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
    return brazilian ? `${brazilian[3]}-${brazilian[2]}-${brazilian[1]}` : value.trim();
  })
  .pipe(birthDateField);

/** The ERP writes e-mails as typed at enrolment; the store keeps them in lower case. */
const email = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(emailField);

/** A responsible's phone: required; a landline too (the ERP keeps a parent's home phone). */
const responsiblePhone = z
  .string({ message: M.phoneRequired })
  .refine((value) => !blank(value), { message: M.phoneRequired, abort: true })
  .pipe(phoneWithAreaCodeField);

/** TURNO, with or without accents, in any case: stored as the store shows it (students.turno). */
type Shift = (typeof SHIFTS)[number];
const plain = (text: string) => stripAccents(text).toLowerCase();
const shift = z
  .string()
  .transform((value) => SHIFTS.find((name) => plain(name) === plain(value.trim())))
  .refine((value) => value !== undefined, { message: M.shiftInvalid })
  .transform((value) => value as Shift);

const rosterEnrolmentFields = z.object({
  CODCOLIGADA: z
    .string({ message: M.unitInvalid })
    .trim()
    .regex(/^\d{1,4}$/, { message: M.unitInvalid })
    // "01" and "1" are the same unit.
    .transform((value) => String(Number(value))),
  CODPERLET: z
    .string({ message: M.periodInvalid })
    .trim()
    .regex(/^\d{4}00$/, { message: M.periodInvalid }),
  codgrade: z
    .string({ message: M.gradeRequired })
    .trim()
    .min(1, { message: M.gradeRequired })
    .max(20, { message: M.textLength(20) }),
  turma: optional(freeText(10)),
  turno: optional(shift),
});

const rosterResponsibleFields = z.object({
  nome: nameText,
  cpf: cpfField,
  email,
  telefone1: responsiblePhone,
  /** Spec §3: 7 mother, 9 guardian, anything else father. */
  parentesco: relationshipField,
});

export const rosterStudentFields = z.object({
  RA: raField,
  nome: nameText,
  dtnascimento: birthDate,
  cpf: optional(cpfField),
  email: optional(email),
  telefone1: optional(phoneWithAreaCodeField),
  cep: optional(zipcodeField),
  rua: optional(freeText(120)),
  numero: optional(freeText(10)),
  complemento: optional(freeText(60)),
  bairro: optional(freeText(80)),
  cidade: optional(freeText(80)),
  estado: optional(stateField),
  enrolment: rosterEnrolmentFields,
  responsibles: z.array(rosterResponsibleFields).max(2),
});

export type RosterStudent = z.output<typeof rosterStudentFields>;

/**
 * The row's fingerprint: SHA-256 of its checked values in a fixed order (trimmed, CPF digits,
 * ISO date, the shift as stored). Kept in students.roster_hash: the same row again is "no change".
 */
export function rosterRowHash(row: RosterStudent): string {
  const canonical = [
    row.RA,
    row.nome,
    row.dtnascimento,
    row.cpf,
    row.email,
    row.telefone1,
    row.cep,
    row.rua,
    row.numero,
    row.complemento,
    row.bairro,
    row.cidade,
    row.estado,
    [
      row.enrolment.CODPERLET,
      row.enrolment.CODCOLIGADA,
      row.enrolment.codgrade,
      row.enrolment.turma,
      row.enrolment.turno,
    ],
    row.responsibles.map((r) => [r.nome, r.cpf, r.email, r.telefone1, r.parentesco]),
  ];
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** A problem with one row (or the file, line 1), named by the file's column. */
export interface RosterError {
  line: number;
  /** The CSV column, "" for the whole row or file. */
  column: string;
  message: string;
}

const COLUMN_LABELS: Record<string, string> = {
  RA: "RA",
  NOME: "nome",
  DTNASCIMENTO: "data de nascimento",
  CPF: "CPF",
  EMAIL: "e-mail",
  TELEFONE: "telefone",
  CEP: "CEP",
  RUA: "rua",
  NUMERO: "número",
  COMPLEMENTO: "complemento",
  BAIRRO: "bairro",
  CIDADE: "cidade",
  ESTADO: "estado",
  CODCOLIGADA: "unidade",
  CODPERLET: "período letivo",
  CODGRADE: "série",
  TURMA: "turma",
  TURNO: "turno",
};
const RESPONSIBLE_LABELS: Record<string, string> = {
  NOME: "nome",
  CPF: "CPF",
  EMAIL: "e-mail",
  TELEFONE: "telefone",
  PARENTESCO: "parentesco",
};

/** The column as a secretary reads it: "CPF do responsável 1", "data de nascimento". */
function columnLabel(column: string): string {
  const responsible = /^RESP([12])_(\w+)$/.exec(column);
  if (responsible) return `${RESPONSIBLE_LABELS[responsible[2]!] ?? responsible[2]} do responsável ${responsible[1]}`;
  return COLUMN_LABELS[column] ?? column;
}

/** "Linha 12, CPF do responsável 1: CPF inválido." */
export function rosterErrorText(error: RosterError): string {
  const message = /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
  return error.column === ""
    ? `Linha ${error.line}: ${message}`
    : `Linha ${error.line}, ${columnLabel(error.column)}: ${message}`;
}

const STUDENT_COLUMNS: Record<string, string> = {
  RA: "RA",
  nome: "NOME",
  dtnascimento: "DTNASCIMENTO",
  cpf: "CPF",
  email: "EMAIL",
  telefone1: "TELEFONE",
  cep: "CEP",
  rua: "RUA",
  numero: "NUMERO",
  complemento: "COMPLEMENTO",
  bairro: "BAIRRO",
  cidade: "CIDADE",
  estado: "ESTADO",
};
const ENROLMENT_COLUMNS: Record<string, string> = {
  CODCOLIGADA: "CODCOLIGADA",
  CODPERLET: "CODPERLET",
  codgrade: "CODGRADE",
  turma: "TURMA",
  turno: "TURNO",
};
const RESPONSIBLE_COLUMNS: Record<string, string> = {
  nome: "NOME",
  cpf: "CPF",
  email: "EMAIL",
  telefone1: "TELEFONE",
  parentesco: "PARENTESCO",
};

/**
 * The CSV column of a schema path. `slots` names the file's responsible slot of each entry of
 * `responsibles` (a row may fill RESP2 and leave RESP1 empty).
 */
function columnOfPath(path: readonly PropertyKey[], slots: readonly number[] = [1, 2]): string {
  const [head, second, third] = path.map(String);
  if (head === "enrolment") return ENROLMENT_COLUMNS[second ?? ""] ?? "";
  if (head === "responsibles") {
    const slot = slots[Number(second)] ?? Number(second) + 1;
    return third && RESPONSIBLE_COLUMNS[third] ? `RESP${slot}_${RESPONSIBLE_COLUMNS[third]}` : "";
  }
  return STUDENT_COLUMNS[head ?? ""] ?? "";
}

/** Checks one row: its values, or its errors (one per column, the first rule each breaks). */
export function checkRosterRow(
  input: unknown,
  line: number,
  slots?: readonly number[],
): { row: RosterStudent; errors?: undefined } | { row?: undefined; errors: RosterError[] } {
  const result = rosterStudentFields.safeParse(input);
  if (result.success) return { row: result.data };
  const errors: RosterError[] = [];
  for (const issue of result.error.issues) {
    const column = columnOfPath(issue.path, slots);
    if (errors.some((error) => error.column === column)) continue;
    errors.push({ line, column, message: issue.message });
  }
  return { errors };
}
