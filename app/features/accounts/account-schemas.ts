/**
 * The customer forms' schemas (spec §5), used by the browser (conform's onValidate) and by
 * the route actions, built on the calls' schemas (api/contract/accounts.ts): a form that
 * sends a call's body as it is uses that schema; the sign-up steps split the registration
 * and add the form-only fields.
 */
import { z } from "zod";
import { accounts } from "#api/contract/accounts.ts";
import { privacy } from "#api/contract/privacy.ts";
import {
  CUSTOMER_MESSAGES as M,
  passwordField,
  passwordsMatch,
  termsField,
  whenTexts,
} from "#core/validation/customer-fields.ts";

export { CUSTOMER_MESSAGES } from "#core/validation/customer-fields.ts";

/** The login call's body; the client adds the storeId. */
export const loginSchema = accounts.authCustomer.body.omit({ storeId: true });

export const forgotPasswordSchema = accounts.resetPassword.body.omit({ storeId: true });

const registration = accounts.createCustomer.body;

/** Sign-up step 1, "Dados de Acesso": the registration's access fields, plus confirmation and terms. */
export const registrationAccessSchema = z
  .object({
    ...registration.pick({ name: true, email: true, password: true }).shape,
    passwordConfirmation: passwordField(M.confirmationRequired),
    terms: termsField,
  })
  .superRefine(passwordsMatch("password"), whenTexts("password", "passwordConfirmation"));

/** Sign-up step 2, "Informacoes Basicas": the rest of the registration (the server adds withCityOfState). */
export const registrationBasicsSchema = registration.omit({ storeId: true, name: true, email: true, password: true });

/** "Minha Conta" profile form: PUT /customers/update-customer's body. */
export const profileSchema = accounts.updateCustomer.body;

export const passwordChangeSchema = accounts.updateCustomerPassword.body;

export const resetPasswordSchema = accounts.confirmResetPassword.body;

/** "Excluir minha conta": the password that confirms it (the deletion call's body). */
export const accountDeletionSchema = privacy.deleteCustomer.body;
