import type { Cart, CartBagPayload } from "#api/contract.ts";

/**
 * The cart as the storefront changes it: every change sends the whole cart (spec §4),
 * so each helper takes the bags as sent to the server and returns new ones.
 */
export function cartPayloadOf(cart: Pick<Cart, "bags">): CartBagPayload[] {
  return cart.bags.map((bag) => ({
    studentId: bag.studentId,
    cartItems: bag.cartItems.map(({ itemTOTVSId, quantity }) => ({ itemTOTVSId, quantity })),
  }));
}

/** Adds one unit of an item to a student's bag (a second add increments, spec §4). */
export function withItemAdded(bags: CartBagPayload[], studentId: string, itemTOTVSId: number): CartBagPayload[] {
  const bag = bags.find((candidate) => candidate.studentId === studentId);
  if (!bag) return [...bags, { studentId, cartItems: [{ itemTOTVSId, quantity: 1 }] }];
  return bags.map((candidate) =>
    candidate !== bag
      ? candidate
      : {
          studentId,
          cartItems: bag.cartItems.some((item) => item.itemTOTVSId === itemTOTVSId)
            ? bag.cartItems.map((item) =>
                item.itemTOTVSId === itemTOTVSId ? { itemTOTVSId, quantity: item.quantity + 1 } : item,
              )
            : [...bag.cartItems, { itemTOTVSId, quantity: 1 }],
        },
  );
}

/** Sets a line's quantity; the store API checks the rules (minimum 1, S and M stay at 1). */
export function withQuantity(
  bags: CartBagPayload[],
  studentId: string,
  itemTOTVSId: number,
  quantity: number,
): CartBagPayload[] {
  return bags.map((bag) =>
    bag.studentId !== studentId
      ? bag
      : {
          studentId,
          cartItems: bag.cartItems.map((item) => (item.itemTOTVSId === itemTOTVSId ? { itemTOTVSId, quantity } : item)),
        },
  );
}

/** Removes a line; a bag left empty goes too (spec §4). */
export function withoutItem(bags: CartBagPayload[], studentId: string, itemTOTVSId: number): CartBagPayload[] {
  return bags
    .map((bag) =>
      bag.studentId !== studentId
        ? bag
        : { studentId, cartItems: bag.cartItems.filter((item) => item.itemTOTVSId !== itemTOTVSId) },
    )
    .filter((bag) => bag.cartItems.length > 0);
}

/** cartCount (spec §3): the units in the cart. */
export function cartCount(cart: Pick<Cart, "bags"> | null): number {
  return cart?.bags.reduce((sum, bag) => sum + bag.cartItems.reduce((n, item) => n + item.quantity, 0), 0) ?? 0;
}
