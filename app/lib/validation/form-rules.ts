/**
 * The browser's rules of the shopper's forms: loaded with import() when a form is first focused
 * (app/ui/lazy-rules.ts, docs/decisions/0039-form-pages-weight.md), never with the page. Each is
 * Conform's onValidate for the schema the form's action parses on the server. Imported only with
 * import(), and read as `module.formRules`: a module also imported statically would make the
 * bundler build its namespace object, which split its runtime into a file of its own on every page.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import {
  accountDeletionSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordChangeSchema,
  registrationAccessSchema,
  resetPasswordSchema,
} from "#app/features/accounts/account-schemas.ts";
import { raLinkSchema } from "#app/features/students/student-schemas.ts";
import { supportTicketSchema } from "./support-fields.ts";

function zodRules<S extends z.ZodType>(schema: S) {
  return ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema });
}

export const formRules = {
  login: zodRules(loginSchema),
  forgotPassword: zodRules(forgotPasswordSchema),
  resetPassword: zodRules(resetPasswordSchema),
  registrationAccess: zodRules(registrationAccessSchema),
  passwordChange: zodRules(passwordChangeSchema),
  accountDeletion: zodRules(accountDeletionSchema),
  raLink: zodRules(raLinkSchema),
  supportTicket: zodRules(supportTicketSchema),
};
