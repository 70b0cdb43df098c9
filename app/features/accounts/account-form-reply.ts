import type { SubmissionResult } from "@conform-to/react";

/** What an account action answers when the form comes back: Conform's result and a red toast. */
export interface AccountFormReply {
  result: SubmissionResult<string[]>;
  toast: string | null;
  /** Where the form was opened from, so a page rendered after a post can go back there. */
  redirectTo?: string;
}
