/**
 * What the staff type to find a family's records (issue 25 §16): the header's search and
 * Pedidos' "Busca" read it with one rule, so the same text finds the same sales in both.
 */
import { z } from "zod";

export const SEARCH_TOO_LONG = "Busca longa demais.";
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;
/** Fewer letters than a name's start or an identifier's part would find everyone. */
export const SEARCH_TOO_SHORT = `Digite pelo menos ${SEARCH_MIN_LENGTH} caracteres para buscar.`;

/** A name, an e-mail, a CPF (with or without its mask), an RA or an order's number, or part of one. */
export const searchText = z
  .string({ message: SEARCH_TOO_SHORT })
  .trim()
  .min(SEARCH_MIN_LENGTH, { message: SEARCH_TOO_SHORT })
  .max(SEARCH_MAX_LENGTH, { message: SEARCH_TOO_LONG });
