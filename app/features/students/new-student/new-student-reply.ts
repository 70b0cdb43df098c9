import type { CepFailure } from "#app/features/address/address-fields.tsx";
import type { SubmissionResult } from "@conform-to/react";

/** Both steps' address group, under the wizard's Portuguese names. */
const ADDRESS_KEYS = ["cep", "estado", "cidade", "bairro", "rua", "numero"] as const;

/** The "Estudante" step's fields (spec §3 "New student form"), as typed. */
export const STUDENT_KEYS = [
  "nome",
  "email",
  "cpf",
  "data_nascimento",
  "estado_natal",
  "cidade_natal",
  ...ADDRESS_KEYS,
  "telefone",
] as const;

/** The "Responsavel" step's fields (spec §3 "Responsible payload"), as typed. */
export const RESPONSIBLE_KEYS = [
  "nome",
  "cpf",
  "email",
  "telefone1",
  "parentesco",
  ...ADDRESS_KEYS,
  "consentimento",
] as const;

export type StudentValues = Record<(typeof STUDENT_KEYS)[number], string>;
export type ResponsibleValues = Record<(typeof RESPONSIBLE_KEYS)[number], string>;

/** Step 2 carries step 1 in hidden fields under this prefix (the two forms share field names). */
export const STUDENT_PREFIX = "estudante.";

/** The step-2 hidden field naming the student already created when the responsible failed. */
export const CREATED_STUDENT_FIELD = "createdStudentId";

/** Every intent the wizard posts to the product page's action. */
export const NEW_STUDENT_INTENTS = [
  "student-next",
  "student-cep",
  "student-cities",
  "responsible-save",
  "responsible-cep",
  "responsible-cities",
  "back",
] as const;
export type NewStudentIntent = (typeof NEW_STUDENT_INTENTS)[number];

/**
 * What the product page's action answers while the wizard goes on: the step to show,
 * what was typed, its errors and the city lists. A new nonce remounts the step's form
 * with these values, so the same form works as plain posts and as a fetcher.
 */
export type NewStudentReply =
  | {
      wizard: "new-student";
      step: 1;
      nonce: string;
      values: Partial<StudentValues>;
      result?: SubmissionResult<string[]>;
      /** Cities of values.estado_natal and of values.estado (IBGE). */
      birthCities: string[];
      cities: string[];
      /** The lookup of the current CEP failed: estado and cidade are lists (read-only otherwise). */
      cepNotFound: CepFailure;
      /** The field to focus when the form shows again: the number after a lookup, the CPF after the checkout's CPF toast. */
      focus?: "numero" | "cpf";
      toast: string | null;
    }
  | {
      wizard: "new-student";
      step: 2;
      nonce: string;
      student: StudentValues;
      /** The lookup of step 1's CEP failed (carried back on Voltar). */
      studentCepNotFound: CepFailure;
      /** Set when the student exists and only the responsible is missing (a retry creates no second student). */
      createdStudentId: string | null;
      values: Partial<ResponsibleValues>;
      result?: SubmissionResult<string[]>;
      cities: string[];
      cepNotFound: CepFailure;
      focus?: "numero";
      toast: string | null;
    };
