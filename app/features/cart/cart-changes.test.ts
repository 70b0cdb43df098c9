import { describe, expect, it } from "vitest";
import { cartCount } from "#app/lib/cart-count.ts";
import {
  firstUnassignedItem,
  withItemAdded,
  withItemAssigned,
  withItemFor,
  withoutItem,
  withQuantity,
} from "./cart-changes.ts";

const bags = [
  {
    studentId: "a",
    cartItems: [
      { itemTOTVSId: 1, quantity: 1 },
      { itemTOTVSId: 2, quantity: 3 },
    ],
  },
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

  it("gives a chosen student the item waiting without one, or else one more unit", () => {
    const waiting = [...bags, { studentId: null, cartItems: [{ itemTOTVSId: 7, quantity: 1 }] }];
    expect(withItemFor(waiting, "b", 7)).toEqual([
      bags[0],
      {
        studentId: "b",
        cartItems: [
          { itemTOTVSId: 1, quantity: 1 },
          { itemTOTVSId: 7, quantity: 1 },
        ],
      },
    ]);
    expect(withItemFor(waiting, "b", 1)).toEqual([
      bags[0],
      { studentId: "b", cartItems: [{ itemTOTVSId: 1, quantity: 2 }] },
      waiting[2],
    ]);
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

describe("the student-less bag (Selecionar estudante)", () => {
  const withGuestLines = [
    {
      studentId: null,
      cartItems: [
        { itemTOTVSId: 7, quantity: 2 },
        { itemTOTVSId: 8, quantity: 1 },
      ],
    },
    { studentId: "a", cartItems: [{ itemTOTVSId: 7, quantity: 1 }] },
  ];

  it("adds to it like to any bag", () => {
    expect(withItemAdded([], null, 7)).toEqual([{ studentId: null, cartItems: [{ itemTOTVSId: 7, quantity: 1 }] }]);
    expect(withItemAdded(withGuestLines, null, 8)[0]!.cartItems[1]).toEqual({ itemTOTVSId: 8, quantity: 2 });
  });

  it("moves a line's whole quantity to a student, summing with what the student has", () => {
    const moved = withItemAssigned(withGuestLines, 7, "a");
    expect(moved).toEqual([
      { studentId: null, cartItems: [{ itemTOTVSId: 8, quantity: 1 }] },
      { studentId: "a", cartItems: [{ itemTOTVSId: 7, quantity: 3 }] },
    ]);
    const last = withItemAssigned(moved, 8, "b");
    expect(last.map((bag) => bag.studentId)).toEqual(["a", "b"]);
    expect(last[1]!.cartItems).toEqual([{ itemTOTVSId: 8, quantity: 1 }]);
  });

  it("leaves the cart alone when the line is no longer waiting for a student", () => {
    expect(withItemAssigned(withGuestLines, 99, "a")).toBe(withGuestLines);
    expect(withItemAssigned(bags, 1, "b")).toBe(bags);
  });

  it("finds the first line waiting for a student", () => {
    const cart = { bags: withGuestLines } as never;
    expect(firstUnassignedItem(cart)).toEqual({ itemTOTVSId: 7, quantity: 2 });
    expect(firstUnassignedItem({ bags } as never)).toBeUndefined();
    expect(firstUnassignedItem(null)).toBeUndefined();
  });
});
