import type { SubmissionResult } from "@conform-to/react";

export const CONTACT_FORM_ID = "fale-conosco";

/** What the form starts with for a logged-in customer (nothing for a visitor). */
export interface ContactPrefill {
  name?: string;
  email?: string;
  phone?: string;
}

/** The action's answer when the form is shown again: Conform's result (what was typed, the errors). */
export interface ContactReply {
  result: SubmissionResult<string[]>;
}
