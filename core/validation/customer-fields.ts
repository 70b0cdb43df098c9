/**
 * One schema per customer field (spec §5), shared by the browser forms and the store API.
 * Each field reports a single message, the first rule it breaks, so a form shows one
 * clear line per field and the API's first issue is the one a person would fix first.
 * Masked values (CPF, phone, CEP) are accepted with or without the mask and come out
 * as digits, the way they are stored.
 */
import { z } from "zod";
import { isValidCpf, onlyDigits } from "../cpf.ts";
import { isCalendarDate, todayInBrazil } from "../dates.ts";
import { isState } from "../ibge/states.ts";
import { CUSTOMER_MESSAGES } from "./customer-messages.ts";

export { CUSTOMER_MESSAGES } from "./customer-messages.ts";

const M = CUSTOMER_MESSAGES;

type Rule = readonly [test: (value: string) => boolean, message: string];

/** A required text whose first broken rule (in order) is its only message. */
function text(requiredMessage: string, rules: readonly Rule[] = []) {
  return z.string({ message: requiredMessage }).superRefine((value, ctx) => {
    const message = value.trim() === "" ? requiredMessage : rules.find(([test]) => !test(value))?.[1];
    if (message) ctx.addIssue({ code: "custom", message });
  });
}

const length = (value: string) => Array.from(value).length;
const between = (min: number, max: number) => (value: string) => length(value) >= min && length(value) <= max;

export const nameField = text(M.nameRequired, [
  [(v) => !/^[\s-]/.test(v), M.nameStart],
  [(v) => /^[\p{L}\p{M}\s]+$/u.test(v), M.nameCharacters],
  [(v) => between(10, 45)(v.trim()), M.nameLength],
]).transform((v) => v.trim().replace(/\s+/g, " "));

const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}$/;

export const emailField = text(M.emailRequired, [
  [(v) => between(5, 45)(v.trim()), M.emailLength],
  [(v) => EMAIL_PATTERN.test(v.trim()), M.emailPattern],
]).transform((v) => v.trim());

export const passwordField = (requiredMessage: string = M.passwordRequired) =>
  // Passwords are never trimmed: a space is a character the person chose.
  z.string({ message: requiredMessage }).superRefine((value, ctx) => {
    const message = value === "" ? requiredMessage : between(6, 20)(value) ? undefined : M.passwordLength;
    if (message) ctx.addIssue({ code: "custom", message });
  });

export const termsField = z
  .boolean({ message: M.termsNotAccepted })
  .refine((accepted) => accepted, { message: M.termsNotAccepted });

/** A CPF with its own "invalid" message. */
export const cpfFieldWith = (invalidMessage: string) =>
  text(M.cpfRequired, [
    [(v) => /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(v.trim()) && isValidCpf(v), invalidMessage],
  ]).transform(onlyDigits);

export const cpfField = cpfFieldWith(M.cpfInvalid);

export const cellPhoneField = text(M.phoneRequired, [
  [(v) => /^[\d\s().+-]+$/.test(v), M.phoneIncomplete],
  [(v) => onlyDigits(v).length >= 11, M.phoneIncomplete],
  [(v) => onlyDigits(v).length <= 11, M.phoneTooLong],
]).transform(onlyDigits);

/**
 * A phone of a landline (10 digits) or a cell phone (11), masked or not: a school unit's
 * number, which is often a landline, unlike a customer's cell phone above.
 */
export const phoneField = (requiredMessage: string) =>
  text(requiredMessage, [
    [(v) => /^[\d\s().+-]+$/.test(v), M.phoneIncomplete],
    [(v) => onlyDigits(v).length >= 10, M.phoneIncomplete],
    [(v) => onlyDigits(v).length <= 11, M.phoneTooLong],
  ]).transform(onlyDigits);

export const birthDateField = text(M.birthDateRequired, [
  [(v) => isCalendarDate(v.trim()) && v.trim() >= "1900-01-01", M.birthDateInvalid],
  // Read at validation time, never when the module loads: a server runs for days.
  [(v) => v.trim() <= todayInBrazil(), M.birthDateFuture],
]).transform((v) => v.trim());

export const zipcodeField = text(M.zipcodeRequired, [
  [(v) => /^\d{2}\.?\d{3}-?\d{3}$/.test(v.trim()), M.zipcodeLength],
]).transform(onlyDigits);

export const stateField = text(M.stateRequired, [[(v) => isState(v), M.stateRequired]]).transform((v) =>
  v.trim().toUpperCase(),
);

export const cityField = text(M.cityRequired, [[(v) => length(v.trim()) <= 80, M.cityRequired]]).transform((v) =>
  v.trim(),
);

export const neighborhoodField = text(M.neighborhoodRequired, [
  [(v) => length(v.trim()) <= 80, M.neighborhoodLength],
]).transform((v) => v.trim());

export const streetField = text(M.streetRequired, [[(v) => length(v.trim()) <= 120, M.streetLength]]).transform((v) =>
  v.trim(),
);

// Spec §7 sends houseNumber as a number on profile updates; forms send text.
export const houseNumberField = z
  .union([z.string(), z.number().int().nonnegative().transform(String)], { message: M.houseNumberRequired })
  .pipe(text(M.houseNumberRequired, [[(v) => /^\d{2,6}$/.test(v.trim()), M.houseNumberDigits]]))
  .transform((v) => v.trim());

/**
 * "Complemento" (apartment, block): optional, beyond spec §5's fields (issue 25, point 14).
 * Absent or blank is an empty text, what the customer row keeps when there is none.
 */
export const complementField = z
  .string({ message: M.complementLength })
  .optional()
  .transform((v) => (v ?? "").trim().replace(/\s+/g, " "))
  .refine((v) => length(v) <= 60, { message: M.complementLength });

/** The address of a customer (sign-up step 2, profile, registration and profile payloads). */
export const addressFields = {
  zipcode: zipcodeField,
  state: stateField,
  city: cityField,
  neighborhood: neighborhoodField,
  street: streetField,
  houseNumber: houseNumberField,
};

/** Object check: the confirmation must repeat `key`. Reported on passwordConfirmation. */
export function passwordsMatch<K extends string>(key: K) {
  return (value: Record<K | "passwordConfirmation", string>, ctx: z.RefinementCtx) => {
    if (value[key] !== value.passwordConfirmation) {
      ctx.addIssue({ code: "custom", message: M.passwordsDiffer, path: ["passwordConfirmation"] });
    }
  };
}

type Payload = { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] };

/**
 * Runs an object check only when the fields it reads passed their own rules, and the value
 * is an object at all (a body of null or [] fails on its own, and the check must not read it).
 */
export function whenValid(...keys: string[]) {
  return {
    when: (payload: Payload) =>
      typeof payload.value === "object" &&
      payload.value !== null &&
      !payload.issues.some((issue) => !issue.path?.length || keys.includes(String(issue.path[0]))),
  };
}

/** Runs an object check whenever the fields it reads are texts, even if another rule failed. */
export function whenTexts(...keys: string[]) {
  return {
    when: (payload: Payload) =>
      keys.every((key) => typeof (payload.value as Record<string, unknown> | undefined)?.[key] === "string"),
  };
}
