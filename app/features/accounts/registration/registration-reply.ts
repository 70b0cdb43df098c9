import type { SubmissionResult } from "@conform-to/react";

/** Step 1 values, carried in hidden fields through step 2 so the account is created at once. */
export interface AccessValues {
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  terms: string;
}

export type BasicsValues = Record<
  "cpf" | "birthDate" | "cellPhone" | "zipcode" | "state" | "city" | "neighborhood" | "houseNumber" | "street",
  string
>;

/** What /registrar answers: the step to show, the values to show in it, and its errors. */
export type RegistrationReply = { redirectTo?: string } & (
  | {
      step: 1;
      nonce: string;
      values?: Partial<AccessValues>;
      result?: SubmissionResult<string[]>;
      toast: string | null;
    }
  | {
      step: 2;
      nonce: string;
      access: AccessValues;
      values?: Partial<BasicsValues>;
      result?: SubmissionResult<string[]>;
      /** The CEP lookup filled state and city: they are shown read-only. */
      cepFound: boolean;
      cities: string[];
      focus?: "houseNumber";
      toast: string | null;
    }
  | { step: 3; nonce: string; credentials: { email: string; password: string }; toast: string }
);
