/**
 * The browser's rules of the shopper's forms: loaded with import() when a form is first focused
 * (app/ui/lazy-rules.ts, docs/decisions/0039-form-pages-weight.md), never with the page. Each is
 * Conform's onValidate for the schema the form's action parses on the server. Imported only with
 * import(), and read as `module.formRules`: a module also imported statically would make the
 * bundler build its namespace object, which split its runtime into a file of its own on every page.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import {
  accountDeletionSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordChangeSchema,
  profileSchema,
  registrationAccessSchema,
  registrationBasicsSchema,
  resetPasswordSchema,
} from "#app/features/accounts/account-schemas.ts";
import {
  checkoutNewStudentFormSchema,
  newStudentFormSchema,
  raLinkSchema,
  responsibleStepSchema,
} from "#app/features/students/student-schemas.ts";
import { supportTicketSchema } from "#core/validation/support-fields.ts";
import { pickupPersonFields } from "#api/contract/pickup-people.ts";
import { customerNotifySchema, visitorNotifySchema } from "#app/features/stock/notify-me-schema.ts";

function zodRules<S extends z.ZodType>(schema: S) {
  return ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema });
}

const NO_RULES = z.object({});

/**
 * A form with several intents (convention 2) validates in the browser only for the one
 * that saves: the CEP lookup, the city list or "Voltar" go to the server as typed.
 */
function intentRules<S extends z.ZodType>(savingIntent: string, schema: S) {
  return ({ formData }: { formData: FormData }) =>
    // Typed as the saving schema: the form's fields take their types from it.
    parseWithZod(formData, { schema: formData.get("intent") === savingIntent ? schema : (NO_RULES as unknown as S) });
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
  pickupPerson: zodRules(pickupPersonFields),
  notifyMeCustomer: zodRules(customerNotifySchema),
  notifyMeVisitor: zodRules(visitorNotifySchema),
  registrationBasics: intentRules("basics", registrationBasicsSchema),
  profile: intentRules("profile", profileSchema),
  newStudent: intentRules("student-next", newStudentFormSchema),
  checkoutNewStudent: intentRules("student-next", checkoutNewStudentFormSchema),
  responsibleStep: intentRules("responsible-save", responsibleStepSchema),
};
