/**
 * Student and responsible rules (spec §5 "Student creation", §3 payloads): one home for
 * each rule, used by the link wizard (browser and action) and by the store API. The
 * city-belongs-to-state check is server-only: wrap these schemas with
 * withCityOfStateFields (city-of-state.ts) on the server.
 */
import { z } from "zod";
import {
  CUSTOMER_MESSAGES,
  birthDateField,
  cellPhoneField,
  cityField,
  cpfField,
  cpfFieldWith,
  emailField,
  houseNumberField,
  nameField,
  neighborhoodField,
  stateField,
  streetField,
  zipcodeField,
} from "#app/lib/validation/customer-fields.ts";
import { onlyDigits } from "#app/lib/cpf.ts";

export const STUDENT_MESSAGES = {
  /** The wizard's own wording for the student's CPF (spec §5). */
  cpfInvalid: "CPF Inválida",
  phoneIncomplete: CUSTOMER_MESSAGES.phoneIncomplete,
  birthStateRequired: "Selecione o estado natal.",
  birthCityRequired: "Selecione a cidade natal.",
  relationshipRequired: "Selecione o parentesco.",
  raRequired: "Informe o RA do estudante.",
  raInvalid: "RA inválido. Confira o número com a secretaria da escola.",
} as const;

const M = STUDENT_MESSAGES;

/** The fixed values every new student gets (spec §3 and §9). */
export const NEW_STUDENT_DEFAULTS = {
  nacionalidade: "10",
  estadocivil: "S",
  sexo: "X",
  pais: "Brasil",
  complemento: "Não informado",
} as const;

/** Relationship codes (parentesco) the wizard offers; the data modal reads 9 guardian, 7 mother, else father. */
export const RELATIONSHIPS = [
  { code: 7, label: "Mãe" },
  { code: 1, label: "Pai" },
  { code: 9, label: "Responsável legal" },
] as const;

const blankToUndefined = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** The student's e-mail is optional; when given it follows the sign-up rules. */
const optionalEmailField = z.preprocess(blankToUndefined, emailField.optional());

/** The student's phone is optional; when given, (99) 9999-9999 or (99) 99999-9999. */
const optionalPhoneField = z.preprocess(
  blankToUndefined,
  z
    .string({ message: M.phoneIncomplete })
    .refine((v) => /^[\d\s().+-]+$/.test(v) && [10, 11].includes(onlyDigits(v).length), { message: M.phoneIncomplete })
    .transform(onlyDigits)
    .optional(),
);

const birthStateField = z.preprocess(blankToUndefined, z.string({ message: M.birthStateRequired })).pipe(stateField);
const birthCityField = z.preprocess(blankToUndefined, z.string({ message: M.birthCityRequired })).pipe(cityField);

/** The student rules, by meaning; the form and the API payload only name them differently. */
const student = {
  name: nameField,
  email: optionalEmailField,
  cpf: cpfFieldWith(M.cpfInvalid),
  birthDate: birthDateField,
  birthState: birthStateField,
  birthCity: birthCityField,
  zipcode: zipcodeField,
  state: stateField,
  city: cityField,
  neighborhood: neighborhoodField,
  street: streetField,
  houseNumber: houseNumberField,
  phone: optionalPhoneField,
};

/** The wizard's "Estudante" form (spec §3 "New student form", key estudante). */
export const newStudentFormSchema = z.object({
  nome: student.name,
  email: student.email,
  cpf: student.cpf,
  data_nascimento: student.birthDate,
  estado_natal: student.birthState,
  cidade_natal: student.birthCity,
  cep: student.zipcode,
  estado: student.state,
  cidade: student.city,
  bairro: student.neighborhood,
  rua: student.street,
  numero: student.houseNumber,
  telefone: student.phone,
});

/**
 * POST /students/create-empty-student (spec §3 "New student payload"), storeId and
 * customerId aside. The fixed fields (nacionalidade, estadocivil, sexo, pais,
 * complemento) are not read: the API always stores NEW_STUDENT_DEFAULTS.
 */
export const newStudentPayloadSchema = z.object({
  nome: student.name,
  dtnascimento: student.birthDate,
  estadonatal: student.birthState,
  naturalidade: student.birthCity,
  cpf: student.cpf,
  cep: student.zipcode,
  rua: student.street,
  numero: student.houseNumber,
  bairro: student.neighborhood,
  estado: student.state,
  cidade: student.city,
  email: student.email,
  telefone1: student.phone,
});

export type NewStudentForm = z.infer<typeof newStudentFormSchema>;
export type NewStudentData = z.infer<typeof newStudentPayloadSchema>;

/** The wizard's form, already validated, as the API's payload fields. */
export function newStudentPayloadFromForm(form: NewStudentForm): NewStudentData {
  return {
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

const relationshipField = z
  .union([z.number(), z.string()], { message: M.relationshipRequired })
  .transform((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v))
  .pipe(
    z
      .number({ message: M.relationshipRequired })
      .int({ message: M.relationshipRequired })
      .min(1, { message: M.relationshipRequired })
      .max(99, { message: M.relationshipRequired }),
  );

/**
 * The responsible person (wizard step "Responsavel", POST /responsibles/create-responsible):
 * e-mail and phone required, phone with 11 digits ("Telefone Incompleto"), CPF "CPF Inválido".
 */
export const responsibleSchema = z.object({
  nome: nameField,
  cpf: cpfField,
  email: emailField,
  telefone1: cellPhoneField,
  parentesco: relationshipField,
  cep: zipcodeField,
  estado: stateField,
  cidade: cityField,
  bairro: neighborhoodField,
  rua: streetField,
  numero: houseNumberField,
});

export type ResponsibleData = z.infer<typeof responsibleSchema>;

/** The RA typed in "Lista de Alunos" (spec §5: required and non-empty). */
export const raField = z
  .string({ message: M.raRequired })
  .trim()
  .min(1, { message: M.raRequired })
  .max(20, { message: M.raInvalid })
  .regex(/^[A-Za-z0-9.-]+$/, { message: M.raInvalid });
