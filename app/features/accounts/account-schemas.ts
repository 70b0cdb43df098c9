/**
 * The customer forms' schemas (spec §5): one home for each rule, used by the browser
 * (conform's onValidate), by the route actions and by the store API.
 */
import { z } from "zod";
import {
  CUSTOMER_MESSAGES as M,
  birthDateField,
  cellPhoneField,
  cityField,
  cpfField,
  emailField,
  houseNumberField,
  nameField,
  neighborhoodField,
  passwordField,
  passwordsMatch,
  stateField,
  streetField,
  termsField,
  whenTexts,

  zipcodeField,
} from "#app/lib/validation/customer-fields.ts";

export { CUSTOMER_MESSAGES } from "#app/lib/validation/customer-fields.ts";

export const loginSchema = z.object({
  email: z
    .string({ message: M.loginIncomplete })
    .trim()
    .toLowerCase()
    .min(1, { message: M.loginIncomplete })
    .max(254, { message: M.loginIncomplete }),
  // Longer than any password the store accepts: refused before paying for a hash.
  password: z.string({ message: M.loginIncomplete }).min(1, { message: M.loginIncomplete }).max(128, {
    message: M.loginIncomplete,
  }),
});

export const forgotPasswordSchema = z.object({
  email: z
    .string({ message: M.emailIncomplete })
    .trim()
    .toLowerCase()
    .min(10, { message: M.emailIncomplete })
    .max(254, { message: M.emailIncomplete }),
});

/** Sign-up step 1, "Dados de Acesso". */
export const registrationAccessSchema = z
  .object({
    name: nameField,
    email: emailField,
    password: passwordField(),
    passwordConfirmation: passwordField(M.confirmationRequired),
    terms: termsField,
  })
  .superRefine(passwordsMatch("password"), whenTexts("password", "passwordConfirmation"));

const addressFields = {
  zipcode: zipcodeField,
  state: stateField,
  city: cityField,
  neighborhood: neighborhoodField,
  street: streetField,
  houseNumber: houseNumberField,
};

/** Sign-up step 2, "Informacoes Basicas" (the server adds withCityOfState). */
export const registrationBasicsSchema = z.object({ cpf: cpfField, cellPhone: cellPhoneField, birthDate: birthDateField, ...addressFields })


/** The registration payload of spec §3 as the API validates it (storeId aside). */
export const registrationSchema = z
  .object({
    name: nameField,
    email: emailField,
    password: passwordField(),
    cpf: cpfField,
    cellPhone: cellPhoneField,
    birthDate: birthDateField,
    ...addressFields,
  })


/** "Minha Conta" profile form and PUT /customers/update-customer. */
export const profileSchema = z
  .object({
    name: nameField,
    cellPhone: cellPhoneField,
    cpf: cpfField,
    birthDate: birthDateField,
    ...addressFields,
  })


export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ message: M.currentPasswordRequired })
      .min(1, { message: M.currentPasswordRequired })
      .max(128, { message: M.currentPasswordWrong }),
    newPassword: passwordField(),
    passwordConfirmation: passwordField(M.confirmationRequired),
  })
  .superRefine(passwordsMatch("newPassword"), whenTexts("newPassword", "passwordConfirmation"));

export const resetPasswordSchema = z
  .object({ password: passwordField(), passwordConfirmation: passwordField(M.confirmationRequired) })
  .superRefine(passwordsMatch("password"), whenTexts("password", "passwordConfirmation"));

export type LoginData = z.infer<typeof loginSchema>;
export type ForgotPasswordData = z.infer<typeof forgotPasswordSchema>;
export type RegistrationAccessData = z.infer<typeof registrationAccessSchema>;
export type RegistrationBasicsData = z.infer<typeof registrationBasicsSchema>;
export type RegistrationData = z.infer<typeof registrationSchema>;
export type ProfileData = z.infer<typeof profileSchema>;
export type PasswordChangeData = z.infer<typeof passwordChangeSchema>;
export type ResetPasswordData = z.infer<typeof resetPasswordSchema>;
