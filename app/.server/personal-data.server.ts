import type { Cart } from "#api/contract/carts.ts";
import { cartInstallmentView } from "#core/installments.ts";
import { cartCount } from "#app/lib/cart-count.ts";
import type { PersonalData } from "#app/lib/personal-data.ts";
import type { SessionCustomer } from "./session.server.ts";

/**
 * The shopper's data a page carries (app/lib/personal-data.ts, decision 0084): the one home of
 * what it holds, for the root loader and for the page cache, which fills a shared logged-in page
 * with it and must send exactly what the loader would have sent. The whole cart and its
 * instalments only with the cart panel open; the header's count and total otherwise.
 */
export function personalDataOf(customer: SessionCustomer | null, cart: Cart | null, panelOpen: boolean): PersonalData {
  return {
    customer,
    cartCount: cartCount(cart),
    cartTotal: cart?.total ?? null,
    cart: panelOpen ? cart : null,
    cartInstallments: panelOpen && cart ? cartInstallmentView(cart) : null,
  };
}

/**
 * The shopper's data as the root loader sends it: base64url of its JSON (app/lib/personal-data.ts,
 * decision 0084), or the empty string for a visitor with nothing in a cart (NO_SHOPPER).
 */
export function encodePersonalData(data: PersonalData): string {
  const none =
    data.customer === null && data.cartCount === 0 && data.cartTotal === null && !data.cart && !data.cartInstallments;
  return none ? "" : Buffer.from(JSON.stringify(data)).toString("base64url");
}
