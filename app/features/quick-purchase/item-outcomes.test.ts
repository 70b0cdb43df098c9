import { describe, expect, it } from "vitest";
import { CART_MESSAGES } from "#core/cart-rules.ts";
import { outcomeText, refusalOutcome } from "./item-outcomes.ts";

describe("what a refused add says about the item", () => {
  it("is the one-course or one-manual rule, with spec §5's message", () => {
    for (const message of [CART_MESSAGES.secondService, CART_MESSAGES.secondManual]) {
      const outcome = refusalOutcome(10, 400, message);
      expect(outcome).toEqual({ itemTOTVS: 10, result: "refused", message });
      expect(outcomeText(outcome!)).toBe(message);
    }
  });

  it("is 'unavailable' for any other refusal of the item", () => {
    const outcome = refusalOutcome(11, 400, "Produto indisponível: Agenda.");
    expect(outcome).toEqual({ itemTOTVS: 11, result: "unavailable" });
    expect(outcomeText(outcome!)).toBe("Indisponível no momento");
  });

  it("is nothing about the item when the session, the student, the cart or the store refused", () => {
    for (const status of [401, 404, 409, 429, 500, 503]) expect(refusalOutcome(12, status, "x")).toBeNull();
  });

  it("reads as the shopper sees it", () => {
    expect(outcomeText({ itemTOTVS: 1, result: "added" })).toBe("Adicionado ao carrinho");
    expect(outcomeText({ itemTOTVS: 1, result: "already" })).toBe("Já está no carrinho deste estudante");
  });
});
