/**
 * The checkout's step (spec §4 "Checkout step"): it starts at 1 (Autenticação), is 2
 * (Selecionar Aluno) once logged in while an item still waits for its student, and 3
 * (Pagamento) when every item has one. With nothing to buy the shopper goes home.
 */
export type CheckoutStep = 1 | 2 | 3;

export const CHECKOUT_STEPS = ["Autenticação", "Selecionar aluno", "Pagamento"] as const;

export function checkoutStep({
  loggedIn,
  itemsInCart,
  itemWaitingForStudent,
}: {
  loggedIn: boolean;
  itemsInCart: number;
  itemWaitingForStudent: boolean;
}): CheckoutStep | "home" {
  if (itemsInCart === 0) return "home";
  if (!loggedIn) return 1;
  return itemWaitingForStudent ? 2 : 3;
}
