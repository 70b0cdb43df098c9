/**
 * Refuses passwords that are common or easy to guess (docs/decisions/0014-account-hardening.md):
 * zxcvbn-ts with its common and Brazilian Portuguese dictionaries, and the person's own name and
 * e-mail as words to avoid. The spec's 6-20 characters (§5) are the contract's rule; this is the
 * store API's, server-side only, so the browser never downloads the dictionaries.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as brazilian from "@zxcvbn-ts/language-pt-br";
import { CUSTOMER_MESSAGES } from "#core/validation/customer-fields.ts";
import { badRequest } from "../errors.ts";

export const WEAK_PASSWORD = CUSTOMER_MESSAGES.passwordWeak;

/**
 * zxcvbn's score 2 means "somewhat guessable": at least 10^6 guesses. Scores 0 and 1 are the
 * lists' top passwords (123456, senha123), keyboard rows, repeats, dates and the person's name.
 */
const MIN_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries take a quarter of a second to load. */
function strength(): ZxcvbnFactory {
  // Levenshtein matching is left off: it costs ~300 ms per check, a cheap way to tie up the server.
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...brazilian.dictionary },
    graphs: common.adjacencyGraphs,
    translations: brazilian.translations,
  });
  return estimator;
}

/** The person's own words: the e-mail, its name part split at dots and digits, the name's words. */
function personalWords(person: { email?: string; name?: string }): string[] {
  const email = (person.email ?? "").toLowerCase();
  const local = email.split("@")[0] ?? "";
  const words = [email, local, ...local.split(/[^a-z]+/), ...(person.name ?? "").toLowerCase().split(/\s+/)];
  return [...new Set(words.filter((word) => word.length >= 3))];
}

export function isWeakPassword(password: string, person: { email?: string; name?: string } = {}): boolean {
  return strength().check(password, personalWords(person)).score < MIN_SCORE;
}

/** 400 with the store's message when the password is weak for this person. */
export function assertStrongPassword(password: string, person: { email?: string; name?: string }): void {
  if (isWeakPassword(password, person)) throw badRequest(WEAK_PASSWORD);
}
