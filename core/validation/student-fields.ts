/**
 * Student and responsible field rules (spec §5 "Student creation", "RA field"), shared by
 * the link wizard's forms and the store API's payloads (api/contract/students.ts), which
 * only name the fields differently. The city-belongs-to-state check is server-only:
 * core/validation/city-of-state.ts.
 */
import { z } from "zod";
import { onlyDigits } from "../cpf.ts";
import { STUDENT_CONSENT_VERSION } from "../student-consent.ts";
import {
  CUSTOMER_MESSAGES,
  addressFields,
  birthDateField,
  cityField,
  cpfFieldWith,
  emailField,
  nameField,
  stateField,
} from "./customer-fields.ts";

export const STUDENT_MESSAGES = {
  /** Spec §5's wizard wording, "CPF Inválida", in correct Portuguese: the customer's message (0042). */
  cpfInvalid: CUSTOMER_MESSAGES.cpfInvalid,
  phoneIncomplete: CUSTOMER_MESSAGES.phoneIncomplete,
  birthStateRequired: "Selecione o estado natal.",
  birthCityRequired: "Selecione a cidade natal.",
  relationshipRequired: "Selecione o parentesco.",
  raRequired: "Informe o RA do estudante.",
  raInvalid: "RA inválido. Confira o número com a secretaria da escola.",
  consentRequired: "Para continuar, marque a autorização para a loja guardar os dados do estudante.",
} as const;

const M = STUDENT_MESSAGES;

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/** A blank optional field is no field: the typed input stays a text. */
const blankToUndefined = (value: string | null | undefined) => (isBlank(value) ? undefined : value);

/** A phone with its area code, mobile or landline: (99) 9999-9999 or (99) 99999-9999. */
export const phoneWithAreaCodeField = z
  .string({ message: M.phoneIncomplete })
  .refine((v) => /^[\d\s().+-]+$/.test(v) && [10, 11].includes(onlyDigits(v).length), { message: M.phoneIncomplete })
  .transform(onlyDigits);

/** The student's phone: optional. */
const optionalPhoneField = z.preprocess(blankToUndefined, phoneWithAreaCodeField.optional());

/** A required choice from a list: a blank one reads as not chosen. */
const requiredChoice = (message: string) =>
  z.preprocess((value: string) => (isBlank(value) ? undefined : value), z.string({ message }));

/** The student's rules, by meaning. */
export const studentFields = {
  name: nameField,
  /** Optional; when given it follows the sign-up rules. */
  email: z.preprocess(blankToUndefined, emailField.optional()),
  cpf: cpfFieldWith(M.cpfInvalid),
  birthDate: birthDateField,
  birthState: requiredChoice(M.birthStateRequired).pipe(stateField),
  birthCity: requiredChoice(M.birthCityRequired).pipe(cityField),
  ...addressFields,
  phone: optionalPhoneField,
};

/** The address under the Portuguese names of the wizard and the responsible payload. */
export const portugueseAddressFields = {
  cep: studentFields.zipcode,
  estado: studentFields.state,
  cidade: studentFields.city,
  bairro: studentFields.neighborhood,
  rua: studentFields.street,
  numero: studentFields.houseNumber,
};

/** parentesco: a code from 1 to 99 (the data modal reads 9 guardian, 7 mother, else father). */
export const relationshipField = z
  .union([z.number(), z.string()], { message: M.relationshipRequired })
  .transform((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v))
  .pipe(
    z
      .number({ message: M.relationshipRequired })
      .int({ message: M.relationshipRequired })
      .min(1, { message: M.relationshipRequired })
      .max(99, { message: M.relationshipRequired }),
  );

/** The RA typed in "Lista de Alunos" (spec §5: required and non-empty). */
export const raField = z
  .string({ message: M.raRequired })
  .trim()
  .min(1, { message: M.raRequired })
  .max(20, { message: M.raInvalid })
  .regex(/^[A-Za-z0-9.-]+$/, { message: M.raInvalid });

/** The consent checkbox of the forms: not ticked means no. */
export const consentCheckboxField = z
  .boolean({ message: M.consentRequired })
  .refine((accepted) => accepted, { message: M.consentRequired });

/** The consent as the store API receives it: the version of the text the person accepted. */
export const consentVersionField = z.literal(STUDENT_CONSENT_VERSION, { message: M.consentRequired });
