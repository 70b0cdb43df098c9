import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { describe, expect, it } from "vitest";
import {
  placeholderShopper,
  shapeOf,
  slotValues,
  type PlaceholderShopper,
} from "#app/.server/logged-in-page.server.ts";
import { encodePersonalData } from "#app/.server/personal-data.server.ts";
import type { PersonalData } from "#app/lib/personal-data.ts";
import { NotifyMeForm } from "#app/features/stock/notify-me-form.tsx";
import { splitPage } from "../../server/page-cache/page-template.ts";
import { AccountButton, CartButton } from "./header-actions.tsx";

// Issue 32, docs/decisions/0084-logged-in-pages.md ("The fill"): the parts of a page a parent
// has of their own, rendered once with a placeholder shopper and filled per response with the
// parent's values (the page cache's own code: splitPage, slotValues), must be exactly what
// React renders for that parent, or hydration would not match. This pins the claim the shared
// logged-in page rests on, for the header and the product page's e-mail forms.

function render(element: ReactElement): string {
  const Stub = createRoutesStub([{ path: "/categoria/:slug", Component: () => element }]);
  return renderToString(
    h(AuthenticityTokenProvider, {
      token: "token-do-formulario",
      children: h(Stub, { initialEntries: ["/categoria/papelaria"] }),
    }),
  );
}

/** What the page cache sends: the template's text around its slots, each slot the shopper's value. */
function fill(template: string, placeholder: PlaceholderShopper, shopper: PersonalData): string {
  const { statics, slots } = splitPage(template, placeholder.placeholders);
  const values = slotValues(shopper, encodePersonalData(shopper));
  return statics.map((text, index) => text + (index < slots.length ? values[slots[index]!] : "")).join("");
}

/** The personal parts of a logged-in page, as the page's components show them from the shopper's data. */
const personalParts = (data: PersonalData) =>
  h(
    "main",
    null,
    h(AccountButton, { customer: data.customer }),
    h(CartButton, { count: data.cartCount, total: data.cartTotal ?? undefined }),
    h(CartButton, { count: data.cartCount }),
    h(NotifyMeForm, {
      itemTOTVSId: 123,
      productPath: "/produto/papelaria/caderno",
      customerEmail: data.customer?.email ?? null,
    }),
  );

const shopper = (
  name: string,
  email: string,
  avatar: string | null,
  cartCount: number,
  cartTotal: number | null,
): PersonalData => ({
  customer: { id: `id-${cartCount}`, name, email, avatar },
  cartCount,
  cartTotal,
  cart: null,
  cartInstallments: null,
});

describe("a logged-in page's own parts filled into a shared template", () => {
  const shoppers = [
    shopper("Ana Maria", "ana@exemplo.com.br", null, 12, 1234.5),
    shopper("joão D'Ávila", 'jo+"x"@exemplo.com', null, 2, 0.1),
    shopper("<b>Çé</b> & 🎒", "a&b@exemplo.com", '/fotos/a&b.png?x="1"', 3, 99999.99),
    shopper("Zé", "ze@exemplo.com", null, 1, 45),
    shopper("Iracema Tupinambá", "ira@exemplo.com", "https://cdn.exemplo.com/i.png", 0, null),
    shopper("Iracema Tupinambá", "ira@exemplo.com", null, 0, 0),
  ];

  it("equals React's render of each shopper: names with accents, quotes, markup and emoji; counts 0, 1 and more", () => {
    // The template's placeholder shopper, and the page cache's check's, unlike it in every way.
    for (const kind of ["plain", "unlike"] as const)
      for (const own of shoppers) {
        const placeholder = placeholderShopper(shapeOf(own), kind);
        const template = render(personalParts(placeholder.data));
        expect(template).toContain(`Conta de ${placeholder.placeholders.firstName}`);
        expect(template).toContain(placeholder.placeholders.email);
        expect(template).toContain('value="token-do-formulario"');
        expect(fill(template, placeholder, own), `${kind} ${own.customer?.name}`).toBe(render(personalParts(own)));
      }
  });

  it("has a slot for every count and total above one item, and for the avatar it shows, in the same places for both placeholders", () => {
    const [plain, unlike] = (["plain", "unlike"] as const).map((kind) => {
      const placeholder = placeholderShopper(shapeOf(shoppers[2]!), kind);
      return splitPage(render(personalParts(placeholder.data)), placeholder.placeholders);
    });
    expect(new Set(plain!.slots)).toEqual(new Set(["firstName", "email", "avatar", "count", "total"]));
    expect(unlike).toEqual(plain);
  });

  it("needs its own shape for a count of 0 or 1 (no total, 'item'), not a slot", () => {
    expect(new Set(shoppers.map(shapeOf))).toEqual(new Set(["n-", "na", "1-", "0a", "0-"]));
    const many = render(personalParts(shoppers[0]!));
    for (const count of [0, 1]) {
      const own = render(personalParts({ ...shoppers[0]!, cartCount: count }));
      expect(own).not.toBe(many.replaceAll(">12<", `>${count}<`));
    }
  });
});
