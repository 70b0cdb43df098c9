/** Request fields several calls share (bodies and, on the API's side, path parameters). */
import { z } from "zod";
import { PAYMENT_METHOD_CODES } from "#core/payment-methods.ts";

const STORE_ID_INVALID = "Identificador de loja inválido.";

/**
 * The largest value of an `integer` column in PostgreSQL: a larger id is none of ours, and
 * PostgreSQL fails a query that compares one instead of finding nothing.
 */
export const MAX_INTEGER_ID = 2_147_483_647;

/** A numeric id: a positive integer, sent as a number, read from a path as text. */
export const integerId = (message: string) =>
  z.coerce.number<number>({ message }).int({ message }).positive({ message }).max(MAX_INTEGER_ID, { message });

/** {storeId} (spec §7). */
export const storeIdField = integerId(STORE_ID_INVALID);

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

/** The path's {storeId}, for calls whose other path parameters are plain text. */
export const storeIdOfPath = z.object({ storeId: storeIdField });

/** An id that is a uuid (a category, a product, a cart…), read from a path. */
export const uuidParam = (message: string) => z.string().uuid({ message });

/** A payment method's code (spec §9), apart from core/payment-methods.ts, which the browser reads. */
export const paymentMethodCode = z.enum([
  PAYMENT_METHOD_CODES.boleto,
  PAYMENT_METHOD_CODES.credit,
  PAYMENT_METHOD_CODES.free,
  PAYMENT_METHOD_CODES.pix,
]);
