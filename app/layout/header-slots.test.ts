import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { describe, expect, it } from "vitest";
import { firstName } from "#core/text.ts";
import { formatMoney } from "#core/money.ts";
import { AccountButton, CartButton } from "./header-actions.tsx";

// Issue 32, docs/decisions/0084-logged-in-pages.md ("The fill"): the header's personal parts,
// rendered once with a placeholder shopper and filled per response with a shopper's values
// escaped as React escapes text and attributes, must be exactly what React renders for that
// shopper, or hydration would not match. This pins the claim the shared logged-in page rests on.

const PLACEHOLDER = {
  name: "Zqnomekw",
  email: "zqemailkw",
  avatar: "/zqavatarkw.png",
  count: 7391204117,
  total: 98765432.1,
};

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser). */
function escapeLikeReact(text: string): string {
  return text.replace(
    /["&'<>]/g,
    (char) => ({ '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" })[char]!,
  );
}

function render(element: ReactElement): string {
  const Stub = createRoutesStub([{ path: "/categoria/:slug", Component: () => element }]);
  return renderToString(
    h(AuthenticityTokenProvider, {
      token: "token-do-formulario",
      children: h(Stub, { initialEntries: ["/categoria/papelaria"] }),
    }),
  );
}

function fill(
  html: string,
  shopper: { name: string; email: string; avatar: string | null; count: number; total: number },
) {
  return html
    .replaceAll(firstName(PLACEHOLDER.name), escapeLikeReact(firstName(shopper.name)))
    .replaceAll(PLACEHOLDER.email, escapeLikeReact(shopper.email))
    .replaceAll(PLACEHOLDER.avatar, escapeLikeReact(shopper.avatar ?? ""))
    .replaceAll(String(PLACEHOLDER.count), String(shopper.count))
    .replaceAll(formatMoney(PLACEHOLDER.total), escapeLikeReact(formatMoney(shopper.total)));
}

const header = (customer: { name: string; email: string; avatar: string | null }, count: number, total: number) =>
  h("nav", null, h(AccountButton, { customer }), h(CartButton, { count, total }), h(CartButton, { count }));

describe("a logged-in header filled into a shared template", () => {
  const shoppers = [
    { name: "Ana Maria", email: "ana@exemplo.com.br", avatar: null, count: 12, total: 1234.5 },
    { name: "joão D'Ávila", email: 'jo+"x"@exemplo.com', avatar: null, count: 2, total: 0.1 },
    { name: "<b>Çé</b> & 🎒", email: "a&b@exemplo.com", avatar: '/fotos/a&b.png?x="1"', count: 3, total: 99999.99 },
  ];

  it("equals React's render of the shopper, names with accents, quotes, markup and emoji included", () => {
    for (const shopper of shoppers) {
      const shape = shopper.avatar ? PLACEHOLDER.avatar : null;
      const template = render(header({ ...PLACEHOLDER, avatar: shape }, PLACEHOLDER.count, PLACEHOLDER.total));
      // The template has every slot: the menu, the counts, the total.
      expect(template).toContain(`Conta de ${firstName(PLACEHOLDER.name)}`);
      expect(template).toContain(PLACEHOLDER.email);
      expect(template.split(String(PLACEHOLDER.count)).length).toBe(3);
      expect(template).toContain(formatMoney(PLACEHOLDER.total));
      expect(template).toContain('value="token-do-formulario"');
      expect(fill(template, shopper)).toBe(render(header(shopper, shopper.count, shopper.total)));
    }
  });

  it("needs its own shape for a count of 0 or 1 (no total, 'item'), not a slot", () => {
    const many = render(header(shoppers[0]!, 12, 10));
    for (const count of [0, 1]) {
      const own = render(header(shoppers[0]!, count, 10));
      expect(own).not.toBe(many.replaceAll(">12<", `>${count}<`));
    }
  });
});
