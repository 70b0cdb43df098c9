import { describe, expect, it } from "vitest";
import { decodePersonalData, type PersonalData } from "#app/lib/personal-data.ts";
import { encodePersonalData } from "./personal-data.server.ts";

describe("the shopper's data as one string (issue 32, decision 0084)", () => {
  const data: PersonalData = {
    customer: { id: "c-1", name: 'Joaquim D\'Ávila <Çé> "🎒"', email: "jo+a@exemplo.com.br", avatar: null },
    cartCount: 3,
    cartTotal: 1234.5,
    cart: null,
    cartInstallments: null,
  };

  it("reads back what was written, accents, quotes, markup and emoji included", () => {
    expect(decodePersonalData(encodePersonalData(data))).toEqual(data);
    const visitor = { customer: null, cartCount: 0, cartTotal: null, cart: null, cartInstallments: null };
    expect(decodePersonalData(encodePersonalData(visitor))).toEqual(visitor);
    // A visitor's guest cart is data like a customer's.
    const guest = { ...visitor, cartCount: 1, cartTotal: 12.5 };
    expect(decodePersonalData(encodePersonalData(guest))).toEqual(guest);
  });

  it("is empty for a visitor with nothing in a cart: every visitor's page is that much lighter", () => {
    expect(
      encodePersonalData({ customer: null, cartCount: 0, cartTotal: null, cart: null, cartInstallments: null }),
    ).toBe("");
  });

  it("is base64url: nothing a script, an attribute or a JSON string would need to escape", () => {
    expect(encodePersonalData(data)).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
