import type { Cart } from "#api/contract/carts.ts";

/** cartCount (spec §3): the units in the cart; the header's count, the checkout's and the payment's. */
export function cartCount(cart: Pick<Cart, "bags"> | null): number {
  return cart?.bags.reduce((sum, bag) => sum + bag.cartItems.reduce((n, item) => n + item.quantity, 0), 0) ?? 0;
}
