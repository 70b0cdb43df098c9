import type { CepFailure } from "#app/features/address/address-fields.tsx";
import type { SubmissionResult } from "@conform-to/react";

/** Step 1 as typed; the passwords are never sent back (docs/decisions/0014-account-hardening.md). */
export interface AccessValues {
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  terms: string;
}

export type BasicsValues = Record<
  | "cpf"
  | "birthDate"
  | "cellPhone"
  | "zipcode"
  | "state"
  | "city"
  | "neighborhood"
  | "houseNumber"
  | "complement"
  | "street",
  string
>;

/**
 * What /registrar answers: the step to show, the values to show in it, and its errors. Steps 2
 * and 3 name the sign-up's draft (kept by the server in an encrypted cookie), never its content.
 */
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
      draft: string;
      values?: Partial<BasicsValues>;
      result?: SubmissionResult<string[]>;
      /** The lookup of the current CEP failed: state and city are lists (read-only otherwise, spec §5). */
      cepNotFound: CepFailure;
      cities: string[];
      focus?: "houseNumber";
      toast: string | null;
      /** The WhatsApp consent box (issue 31), when the store asks for it, and whether it was ticked. */
      whatsapp?: { ticked: boolean };
    }
  | {
      step: 3;
      nonce: string;
      draft: string;
      toast: string;
      /** The WhatsApp consent ticked could not be saved (issue 31): Minha Conta can do it. */
      notice?: string;
    }
);
