import { describe, expect, it } from "vitest";
import { checkoutStep } from "./checkout-step.ts";

describe("checkout step (spec §4)", () => {
  it.each([
    { loggedIn: false, itemsInCart: 0, itemWaitingForStudent: false, step: "home" },
    { loggedIn: true, itemsInCart: 0, itemWaitingForStudent: false, step: "home" },
    { loggedIn: false, itemsInCart: 2, itemWaitingForStudent: true, step: 1 },
    { loggedIn: false, itemsInCart: 1, itemWaitingForStudent: false, step: 1 },
    { loggedIn: true, itemsInCart: 3, itemWaitingForStudent: true, step: 2 },
    { loggedIn: true, itemsInCart: 3, itemWaitingForStudent: false, step: 3 },
  ] as const)(
    "logged in $loggedIn, $itemsInCart items, waiting $itemWaitingForStudent → $step",
    ({ step, ...state }) => {
      expect(checkoutStep(state)).toBe(step);
    },
  );
});
