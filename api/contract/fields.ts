/** Request fields several calls share (bodies and, on the API's side, path parameters). */
import { z } from "zod";

const STORE_ID_INVALID = "Identificador de loja inválido.";

/** {storeId} (spec §7): a positive integer, sent as a number, read from a path as text. */
export const storeIdField = z.coerce
  .number<number>({ message: STORE_ID_INVALID })
  .int({ message: STORE_ID_INVALID })
  .positive({ message: STORE_ID_INVALID });

/**
 * customerId and storeId in the body of a call the API compares with the bearer's own
 * (403 otherwise, api/accounts/ownership.ts): typed here, checked there.
 */
export const ownCustomerId = z.custom<string>();
export const ownStoreId = z.custom<number>();

export const slugField = z
  .string()
  .trim()
  .min(1, { message: "Slug inválido." })
  .max(120, { message: "Slug inválido." })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "Slug inválido." });
