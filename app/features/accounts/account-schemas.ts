/**
 * The customer forms' schemas (spec §5), used by the browser (conform's onValidate) and by
 * the route actions. A form that sends a store API call as it is uses that call's schema
 * (api/contract/accounts.ts); the sign-up steps add form-only fields to the shared field
 * rules (app/lib/validation/customer-fields.ts).
 */
import { z } from "zod";
import { accounts } from "#api/contract/accounts.ts";
import {
  CUSTOMER_MESSAGES as M,
  addressFields,
  birthDateField,
  cellPhoneField,
  cpfField,
  emailField,
  nameField,
  passwordField,
  passwordsMatch,
  termsField,
  whenTexts,
} from "#app/lib/validation/customer-fields.ts";

export { CUSTOMER_MESSAGES } from "#app/lib/validation/customer-fields.ts";

/** The login call's body; the client adds the storeId. */
export const loginSchema = accounts.authCustomer.body.omit({ storeId: true });

export const forgotPasswordSchema = accounts.resetPassword.body.omit({ storeId: true });

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

/** Sign-up step 2, "Informacoes Basicas" (the server adds withCityOfState). */
export const registrationBasicsSchema = z.object({ cpf: cpfField, cellPhone: cellPhoneField, birthDate: birthDateField, ...addressFields });

/** "Minha Conta" profile form: PUT /customers/update-customer's body. */
export const profileSchema = accounts.updateCustomer.body;

export const passwordChangeSchema = accounts.updateCustomerPassword.body;

export const resetPasswordSchema = accounts.confirmResetPassword.body;

export type LoginData = z.infer<typeof loginSchema>;
export type ForgotPasswordData = z.infer<typeof forgotPasswordSchema>;
export type RegistrationAccessData = z.infer<typeof registrationAccessSchema>;
export type RegistrationBasicsData = z.infer<typeof registrationBasicsSchema>;
export type ProfileData = z.infer<typeof profileSchema>;
export type PasswordChangeData = z.infer<typeof passwordChangeSchema>;
export type ResetPasswordData = z.infer<typeof resetPasswordSchema>;
