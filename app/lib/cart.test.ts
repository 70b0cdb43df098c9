import { describe, expect, it } from "vitest";
import { cartCount, withItemAdded, withoutItem, withQuantity } from "./cart.ts";

const bags = [
  { studentId: "a", cartItems: [{ itemTOTVSId: 1, quantity: 1 }, { itemTOTVSId: 2, quantity: 3 }] },
  { studentId: "b", cartItems: [{ itemTOTVSId: 1, quantity: 1 }] },
];

describe("cart changes", () => {
  it("adds a new line, a new bag, or increments an existing line", () => {
    expect(withItemAdded(bags, "a", 3)[0]!.cartItems).toEqual([
      { itemTOTVSId: 1, quantity: 1 },
      { itemTOTVSId: 2, quantity: 3 },
      { itemTOTVSId: 3, quantity: 1 },
    ]);
    expect(withItemAdded(bags, "a", 2)[0]!.cartItems[1]).toEqual({ itemTOTVSId: 2, quantity: 4 });
    expect(withItemAdded(bags, "c", 9)).toHaveLength(3);
    expect(withItemAdded([], "c", 9)).toEqual([{ studentId: "c", cartItems: [{ itemTOTVSId: 9, quantity: 1 }] }]);
  });

  it("sets a quantity only on the chosen student's line", () => {
    const changed = withQuantity(bags, "b", 1, 5);
    expect(changed[1]!.cartItems[0]!.quantity).toBe(5);
    expect(changed[0]!.cartItems[0]!.quantity).toBe(1);
  });

  it("removes a line and drops a bag left empty", () => {
    expect(withoutItem(bags, "a", 2)[0]!.cartItems).toEqual([{ itemTOTVSId: 1, quantity: 1 }]);
    expect(withoutItem(bags, "b", 1).map((bag) => bag.studentId)).toEqual(["a"]);
  });

  it("counts units", () => {
    const cart = { bags: bags.map((bag) => ({ ...bag, cartItems: bag.cartItems })) };
    expect(cartCount(cart as never)).toBe(5);
    expect(cartCount(null)).toBe(0);
  });
});
