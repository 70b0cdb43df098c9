/**
 * The link wizard's schemas (spec §5 "Student creation", §3 "New student form"), for the
 * browser and the action. The student form names the rules of
 * core/validation/student-fields.ts in Portuguese; the responsible form is the
 * responsible payload of api/contract/students.ts without its ids. The
 * city-belongs-to-state check is server-only: wrap with withCityOfStateFields
 * (city-of-state.ts) on the server.
 */
import { z } from "zod";
import { NEW_STUDENT_DEFAULTS, responsibleFields, type NewStudentData } from "#api/contract/students.ts";
import { CUSTOMER_MESSAGES, cpfFieldWith } from "#core/validation/customer-fields.ts";
import {
  consentCheckboxField,
  portugueseAddressFields,
  raField,
  studentFields as student,
} from "#core/validation/student-fields.ts";

/** The wizard's "Estudante" form (spec §3 "New student form", key estudante). */
export const newStudentFormSchema = z.object({
  nome: student.name,
  email: student.email,
  cpf: student.cpf,
  data_nascimento: student.birthDate,
  estado_natal: student.birthState,
  cidade_natal: student.birthCity,
  ...portugueseAddressFields,
  telefone: student.phone,
});

export type NewStudentForm = z.infer<typeof newStudentFormSchema>;

/**
 * The same form in the checkout (spec §5): there a CPF failure is the red toast "CPF inválido",
 * so the field says it in the same words (spec §5's "CPF Inválida" of the link modal's wizard
 * reads the same since decision 0042).
 */
export const checkoutNewStudentFormSchema = newStudentFormSchema.extend({
  cpf: cpfFieldWith(CUSTOMER_MESSAGES.cpfInvalid),
});

/**
 * The wizard's form, already validated, as the API's payload fields, with the fixed values
 * spec §3 and §9 give every new student (nacionalidade 10, estadocivil S, sexo X, pais Brasil
 * and the complemento placeholder).
 */
export function newStudentPayloadFromForm(form: NewStudentForm): NewStudentData & typeof NEW_STUDENT_DEFAULTS {
  return {
    ...NEW_STUDENT_DEFAULTS,
    nome: form.nome,
    dtnascimento: form.data_nascimento,
    estadonatal: form.estado_natal,
    naturalidade: form.cidade_natal,
    cpf: form.cpf,
    cep: form.cep,
    rua: form.rua,
    numero: form.numero,
    bairro: form.bairro,
    estado: form.estado,
    cidade: form.cidade,
    email: form.email,
    telefone1: form.telefone,
  };
}

/** The wizard's "Responsavel" step: POST /responsibles/create-responsible's fields. */
export const responsibleSchema = z.object(responsibleFields);

/**
 * The "Responsavel" form: its save creates the student, so it carries the adult's consent
 * to keep the child's data (LGPD art. 14, docs/decisions/0013), never ticked beforehand.
 */
export const responsibleStepSchema = responsibleSchema.extend({ consentimento: consentCheckboxField });

/**
 * "Adicionar" by RA (spec §5: the RA is required), with the student's birth date as proof
 * and the adult's consent (docs/decisions/0013).
 */
export const raLinkSchema = z.object({
  ra: raField,
  dtnascimento: student.birthDate,
  consentimento: consentCheckboxField,
});
