import type { CepFailure } from "#app/features/address/address-fields.tsx";
import type { SubmissionResult } from "@conform-to/react";

export type ProfileValues = Record<
  | "name"
  | "cellPhone"
  | "cpf"
  | "birthDate"
  | "zipcode"
  | "state"
  | "city"
  | "neighborhood"
  | "street"
  | "houseNumber"
  | "complement",
  string
>;

/**
 * What the /conta action answers when a form comes back instead of redirecting.
 * Its forms post to the same action, so each reply names its form; a new nonce
 * remounts the form with the values the server sent (CEP lookup, city list).
 */
export type AccountPageReply =
  | {
      form: "profile";
      nonce: string;
      values: ProfileValues;
      /** The cities of values.state (IBGE), for the city select. */
      cities: string[];
      /** The lookup of the current CEP failed: state and city are lists (read-only otherwise, spec §5). */
      cepNotFound: CepFailure;
      result?: SubmissionResult<string[]>;
      focus?: "houseNumber";
      toast: string | null;
    }
  | { form: "password"; nonce: string; result: SubmissionResult<string[]>; toast: string | null }
  | { form: "delete-account"; nonce: string; result: SubmissionResult<string[]> }
  | { form: "pickup-person"; nonce: string; result: SubmissionResult<string[]> };

export type ProfileReply = Extract<AccountPageReply, { form: "profile" }>;
export type PasswordReply = Extract<AccountPageReply, { form: "password" }>;
export type AccountDeletionReply = Extract<AccountPageReply, { form: "delete-account" }>;
export type PickupPersonReply = Extract<AccountPageReply, { form: "pickup-person" }>;
