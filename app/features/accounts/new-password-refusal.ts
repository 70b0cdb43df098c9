import type { Submission, SubmissionResult } from "@conform-to/react";
import { CUSTOMER_MESSAGES } from "#core/validation/customer-fields.ts";

/**
 * A form's answer to the store API's refusal of a new password. A weak password (the API's
 * rule, docs/decisions/0014-account-hardening.md) is shown on the new-password field, where the
 * person fixes it; any other refusal is the spec's red toast (§8). Passwords are never echoed.
 */
export function newPasswordRefusal(
  submission: Submission<unknown, string[]>,
  message: string,
  { field, hideFields }: { field: string; hideFields: string[] },
): { result: SubmissionResult<string[]>; toast: string | null } {
  if (message === CUSTOMER_MESSAGES.passwordWeak) {
    return { result: submission.reply({ hideFields, fieldErrors: { [field]: [message] } }), toast: null };
  }
  return { result: submission.reply({ hideFields }), toast: message };
}
