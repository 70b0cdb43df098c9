/**
 * One enrolled student as the school's ERP sends it (issue 27, "The roster"): the student, this
 * period's enrolment and up to two responsibles. One schema for the CSV import
 * (api/gestor/roster/roster-csv.ts maps its columns onto it) and the ERP's sync call
 * (roster-sync.ts), so the two cannot disagree. The field rules are the store's own
 * (core/validation); where the ERP's data is looser than a parent's form (a short name, a house
 * number "S/N", a landline), the rule here says so.
 */
import { z } from "zod";
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
import { SHIFTS } from "./catalogue.ts";

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
  tooManyResponsibles: "Informe no máximo 2 responsáveis.",
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
  responsibles: z.array(rosterResponsibleFields).max(2, { message: M.tooManyResponsibles }),
});

export type RosterStudent = z.output<typeof rosterStudentFields>;
