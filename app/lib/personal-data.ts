import { useRouteLoaderData } from "react-router";
import type { Cart } from "#api/contract/carts.ts";
import type { CartInstallments } from "#core/installments.ts";

/**
 * What a page shows of the shopper's own (issue 32, docs/decisions/0084-logged-in-pages.md): the
 * customer, their cart and its instalments. The root loader sends it as one opaque string (the
 * base64url of its JSON, encodePersonalData in app/.server/personal-data.server.ts), never as
 * fields of the page's data: a page shared by every parent can then be kept with that string as
 * one slot, filled per response, and base64url needs no escaping wherever it lands.
 */
export interface PersonalData {
  customer: { id: string; name: string; email: string; avatar: string | null } | null;
  /** What the header shows of the cart: its item count and total (0 and null without a cart). */
  cartCount: number;
  cartTotal: number | null;
  /** The whole cart and its instalments only with the cart panel open (?carrinho=aberto): a page without it carries none. */
  cart: Cart | null;
  cartInstallments: CartInstallments | null;
}

/** A visitor with nothing in a cart: sent as the empty string, the bytes of every visitor's page (the home's HTML has a budget). */
export const NO_SHOPPER: PersonalData = Object.freeze({
  customer: null,
  cartCount: 0,
  cartTotal: null,
  cart: null,
  cartInstallments: null,
});

let last: { text: string; data: PersonalData } | null = null;

/** The shopper's data from its string; every component of a page reads the same one, decoded once. */
export function decodePersonalData(text: string): PersonalData {
  if (text === "") return NO_SHOPPER;
  if (last?.text === text) return last.data;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const data = JSON.parse(new TextDecoder().decode(bytes)) as PersonalData;
  last = { text, data };
  return data;
}

/**
 * The shopper's data, from the root loader's. Reads the root's data by its id rather than through
 * app/root.tsx, which would tie the root's module to every chunk that asks (0037-page-weight).
 */
export function usePersonalData(): PersonalData {
  const root = useRouteLoaderData<{ personal: string }>("root");
  if (!root) throw new Error("root loader data missing");
  return decodePersonalData(root.personal);
}
