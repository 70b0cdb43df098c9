// What the new-student wizard shows without its rules, apart from student-schemas.ts so its
// pages do not load Zod with it (docs/decisions/0039-form-pages-weight.md).
import { CUSTOMER_MESSAGES } from "#core/validation/customer-messages.ts";

/** Relationship codes (parentesco) the wizard offers; the data modal reads 9 guardian, 7 mother, else father. */
export const RELATIONSHIPS = [
  { code: 7, label: "Mãe" },
  { code: 1, label: "Pai" },
  { code: 9, label: "Responsável legal" },
] as const;

/** The CPF failure of the checkout's new-student form: a red toast, with focus back on the field. */
export const CHECKOUT_CPF_TOAST = CUSTOMER_MESSAGES.cpfInvalid;
