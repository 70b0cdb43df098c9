/**
 * Spec §7 account and customer calls, and the ones beyond the spec
 * (docs/decisions/0004-account-calls-beyond-the-spec.md): logout, the reset link's check
 * and confirmation, get-customer. The field rules are core/validation/customer-fields.ts.
 */
import { z } from "zod";
import {
  CUSTOMER_MESSAGES as M,
  addressFields,
  birthDateField,
  cellPhoneField,
  complementField,
  cpfField,
  emailField,
  nameField,
  passwordField,
  passwordsMatch,
  whenTexts,
} from "#core/validation/customer-fields.ts";
import { endpoint } from "./endpoint.ts";
import { storeIdField } from "./fields.ts";

/** Spec §3 Customer. Masked values are stored and answered as digits (cpf, cellPhone, zipcode). */
export const customer = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  cellPhone: z.string(),
  cpf: z.string(),
  /** YYYY-MM-DD */
  birthDate: z.string(),
  zipcode: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  /** Beyond spec §3 (issue 25): "Apto 101"; empty when none, absent from a school's own API. */
  complement: z.string().optional(),
  neighborhood: z.string(),
  city: z.string(),
  /** State abbreviation (UF), e.g. "PE". */
  state: z.string(),
  avatar: z.string().nullable(),
});
export type Customer = z.infer<typeof customer>;

const authReply = z.object({ auth: z.object({ token: z.string(), customer }) });
const customerReply = z.object({ customer });
/** A reply that only carries a message for the person (password reset). */
const messageReply = z.object({ message: z.string() });
/** The reset link can still be used. */
const resetTokenReply = z.object({ valid: z.literal(true) });
export type AuthReply = z.infer<typeof authReply>;
export type CustomerReply = z.infer<typeof customerReply>;
export type MessageReply = z.infer<typeof messageReply>;
export type ResetTokenReply = z.infer<typeof resetTokenReply>;

/** An e-mail to look an account up by: one message for every problem. */
const lookupEmail = (message: string, min: number) =>
  z.string({ message }).trim().toLowerCase().min(min, { message }).max(254, { message });

const authBody = z.object({
  email: lookupEmail(M.loginIncomplete, 1),
  // Longer than any password the store accepts: refused before paying for a hash.
  password: z.string({ message: M.loginIncomplete }).min(1, { message: M.loginIncomplete }).max(128, {
    message: M.loginIncomplete,
  }),
  storeId: storeIdField,
});

const resetRequestBody = z.object({
  email: lookupEmail(M.emailIncomplete, 10),
  storeId: storeIdField,
});

/** Spec §3 registration payload; storeId first, as the API has always checked it first. */
const registrationBody = z.object({
  storeId: storeIdField,
  name: nameField,
  email: emailField,
  password: passwordField(),
  cpf: cpfField,
  cellPhone: cellPhoneField,
  birthDate: birthDateField,
  ...addressFields,
  complement: complementField,
});
export type RegistrationPayload = z.input<typeof registrationBody>;
/** The registration as the API stores it (storeId read apart). */
export type RegistrationData = Omit<z.output<typeof registrationBody>, "storeId">;

/** The "Minha Conta" profile: its form and the call share this schema. */
const profileBody = z.object({
  name: nameField,
  cellPhone: cellPhoneField,
  cpf: cpfField,
  birthDate: birthDateField,
  ...addressFields,
  complement: complementField,
});
export type CustomerUpdatePayload = z.input<typeof profileBody>;
export type ProfileData = z.output<typeof profileBody>;

const passwordChangeBody = z
  .object({
    currentPassword: z
      .string({ message: M.currentPasswordRequired })
      .min(1, { message: M.currentPasswordRequired })
      .max(128, { message: M.currentPasswordWrong }),
    newPassword: passwordField(),
    passwordConfirmation: passwordField(M.confirmationRequired),
  })
  .superRefine(passwordsMatch("newPassword"), whenTexts("newPassword", "passwordConfirmation"));
export type PasswordChangePayload = z.input<typeof passwordChangeBody>;
export type PasswordChangeData = z.output<typeof passwordChangeBody>;

const resetConfirmBody = z
  .object({ password: passwordField(), passwordConfirmation: passwordField(M.confirmationRequired) })
  .superRefine(passwordsMatch("password"), whenTexts("password", "passwordConfirmation"));

export const accounts = {
  authCustomer: endpoint({ method: "POST", path: "/accounts/auth-customer", body: authBody, reply: authReply }),
  /** Bearer. Revokes the token the request carries. */
  logoutCustomer: endpoint({ extension: true, method: "POST", path: "/accounts/logout-customer", reply: null }),
  createCustomer: endpoint({
    method: "POST",
    path: "/customers/create-customer",
    body: registrationBody,
    reply: customerReply,
    mayBeEmpty: true,
  }),
  /** Answers the same message whether or not the e-mail has an account. */
  resetPassword: endpoint({
    method: "POST",
    path: "/customers/reset-password",
    body: resetRequestBody,
    reply: messageReply,
    mayBeEmpty: true,
  }),
  checkResetToken: endpoint({
    extension: true,
    method: "GET",
    path: "/customers/reset-password/:token",
    reply: resetTokenReply,
  }),
  confirmResetPassword: endpoint({
    extension: true,
    method: "PUT",
    path: "/customers/reset-password/:token",
    body: resetConfirmBody,
    reply: messageReply,
  }),
  getCustomer: endpoint({
    extension: true,
    method: "GET",
    path: "/customers/get-customer/:customerId/store/:storeId",
    reply: customerReply,
  }),
  updateCustomer: endpoint({
    method: "PUT",
    path: "/customers/update-customer/:customerId/store/:storeId",
    body: profileBody,
    reply: customerReply,
    mayBeEmpty: true,
  }),
  /** Every session of the customer ends; the bundled API answers a fresh token for this one. */
  updateCustomerPassword: endpoint({
    method: "PUT",
    path: "/customers/update-customers-password/:customerId/store/:storeId",
    body: passwordChangeBody,
    reply: authReply,
    mayBeEmpty: true,
  }),
};
