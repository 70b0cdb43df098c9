import { CART_MESSAGES } from "#core/cart-rules.ts";

/**
 * What happened to one ticked item when "Adicionar ao carrinho" sent it:
 * - added: it is now in the student's bag;
 * - already: the bag already held it, nothing sent;
 * - refused: the store API refused it by a cart rule of spec §5 (its message);
 * - unavailable: no longer sold for these grades, or the store API says it cannot be sold;
 * - failed: not tried, the store could not be reached or the cart changed meanwhile.
 */
export type ItemOutcome =
  | { itemTOTVS: number; result: "added" | "already" | "unavailable" }
  | { itemTOTVS: number; result: "refused" | "failed"; message: string };

export const OUTCOME_TEXTS = {
  added: "Adicionado ao carrinho",
  already: "Já está no carrinho deste estudante",
  unavailable: "Indisponível no momento",
} as const;

const RULE_MESSAGES: readonly string[] = [CART_MESSAGES.secondService, CART_MESSAGES.secondManual];

/**
 * A refusal of the add-item call for one item: the one-course and one-manual rules (spec §5)
 * are that item's refusal, with the API's message; any other refusal of the request itself
 * (400, 404, 422) means the item cannot be sold. Returns null when the refusal is not about the
 * item (the session, the cart, the store) and the remaining items should not be tried.
 */
export function refusalOutcome(itemTOTVS: number, status: number, message: string): ItemOutcome | null {
  if (status === 400 && RULE_MESSAGES.includes(message)) return { itemTOTVS, result: "refused", message };
  if (status === 400 || status === 422) return { itemTOTVS, result: "unavailable" };
  return null;
}

/** The text a result line shows. */
export function outcomeText(outcome: ItemOutcome): string {
  return outcome.result === "refused" || outcome.result === "failed" ? outcome.message : OUTCOME_TEXTS[outcome.result];
}
