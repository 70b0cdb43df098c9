import type { Cart, CartBagPayload } from "#api/contract/carts.ts";

/**
 * The cart as the storefront changes it: every change sends the whole cart (spec §4),
 * so each helper takes the bags as sent to the server and returns new ones.
 * A bag whose studentId is null holds what was added before a student was chosen
 * (a visitor's cart, merged at login): it reads "Selecionar estudante".
 */
export type BagStudent = string | null;

export function cartPayloadOf(cart: Pick<Cart, "bags">): CartBagPayload[] {
  return cart.bags.map((bag) => ({
    studentId: bag.studentId,
    cartItems: bag.cartItems.map(({ itemTOTVSId, quantity }) => ({ itemTOTVSId, quantity })),
  }));
}

/** Adds `quantity` units of an item to a bag (a second add increments, spec §4). */
export function withItemAdded(
  bags: CartBagPayload[],
  studentId: BagStudent,
  itemTOTVSId: number,
  quantity = 1,
): CartBagPayload[] {
  const bag = bags.find((candidate) => candidate.studentId === studentId);
  if (!bag) return [...bags, { studentId, cartItems: [{ itemTOTVSId, quantity }] }];
  return bags.map((candidate) =>
    candidate !== bag
      ? candidate
      : {
          studentId,
          cartItems: bag.cartItems.some((item) => item.itemTOTVSId === itemTOTVSId)
            ? bag.cartItems.map((item) =>
                item.itemTOTVSId === itemTOTVSId ? { itemTOTVSId, quantity: item.quantity + quantity } : item,
              )
            : [...bag.cartItems, { itemTOTVSId, quantity }],
        },
  );
}

/** Sets a line's quantity; the store API checks the rules (minimum 1, S and M stay at 1). */
export function withQuantity(
  bags: CartBagPayload[],
  studentId: BagStudent,
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
export function withoutItem(bags: CartBagPayload[], studentId: BagStudent, itemTOTVSId: number): CartBagPayload[] {
  return bags
    .map((bag) =>
      bag.studentId !== studentId
        ? bag
        : { studentId, cartItems: bag.cartItems.filter((item) => item.itemTOTVSId !== itemTOTVSId) },
    )
    .filter((bag) => bag.cartItems.length > 0);
}

/**
 * Moves a line of the student-less bag into a student's bag (checkout step 2): the
 * whole quantity goes, added to what the student already has. Unchanged when the line
 * is not in the student-less bag (already moved, e.g. in another tab).
 */
export function withItemAssigned(bags: CartBagPayload[], itemTOTVSId: number, studentId: string): CartBagPayload[] {
  const line = bags.find((bag) => bag.studentId === null)?.cartItems.find((item) => item.itemTOTVSId === itemTOTVSId);
  if (!line) return bags;
  return withItemAdded(withoutItem(bags, null, itemTOTVSId), studentId, itemTOTVSId, line.quantity);
}

/**
 * The item for a student chosen in the link modal: when it already waits in the student-less bag
 * (added as a visitor, decision 0009), that line goes to the student; otherwise one more unit is
 * added. Choosing who a waiting item is for never leaves a second copy of it waiting (issue 25
 * point 10).
 */
export function withItemFor(bags: CartBagPayload[], studentId: string, itemTOTVSId: number): CartBagPayload[] {
  const waiting = bags.some(
    (bag) => bag.studentId === null && bag.cartItems.some((item) => item.itemTOTVSId === itemTOTVSId),
  );
  return waiting ? withItemAssigned(bags, itemTOTVSId, studentId) : withItemAdded(bags, studentId, itemTOTVSId);
}

/** The first line still waiting for a student, if any (the product checkout step 2 asks about). */
export function firstUnassignedItem<T extends Pick<Cart, "bags">>(cart: T | null) {
  return cart?.bags.find((bag) => bag.studentId === null)?.cartItems[0];
}
