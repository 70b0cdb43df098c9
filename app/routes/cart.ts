import { redirect } from "react-router";
import { safeRedirect } from "remix-utils/safe-redirect";
import { changeCart, ITEMS_REMOVED_WARNING } from "#app/.server/cart.server.ts";
import { validateCsrf } from "#app/.server/csrf.server.ts";
import { endSessionOn401 } from "#app/.server/session-expiry.server.ts";
import { getSessionCustomer } from "#app/.server/session.server.ts";
import { StoreApiError, storeApiFor } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { withItemAdded, withoutItem, withQuantity } from "#app/lib/cart.ts";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import type { Route } from "./+types/cart";

export async function loader() {
  return redirect("/");
}

const TOASTS = {
  add: "Item adicionado ao carrinho!",
  remove: "Item removido do carrinho.",
  quantity: null,
  "coupon-apply": "Cupom aplicado com sucesso!",
  // Spec §8 reuses the apply message here; docs/decisions/0008 explains the change.
  "coupon-remove": "Cupom removido.",
} as const;
type Intent = keyof typeof TOASTS;

function backTo(formData: FormData, openPanel: boolean) {
  const url = new URL(safeRedirect(String(formData.get("redirectTo") ?? "/"), "/"), "http://loja.local");
  const path = `${url.pathname}${url.search}`;
  return openPanel ? hrefWithParam({ pathname: url.pathname, search: url.search }, URL_STATE.cart.key, URL_STATE.cart.open) : path;
}

/** Every cart change of spec §4: the whole cart goes to the store API, which enforces the rules. */
export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  await validateCsrf(formData, request.headers);
  const intent = String(formData.get("intent")) as Intent;
  if (!(intent in TOASTS)) throw new Response("Ação desconhecida.", { status: 400 });
  const current = await getSessionCustomer(request);
  if (!current) return redirect(hrefWithParam(new URL(backTo(formData, false), "http://loja.local"), URL_STATE.account.key, URL_STATE.account.login));

  const studentId = String(formData.get("studentId") ?? "");
  const itemTOTVSId = Number(formData.get("itemTOTVSId"));
  const quantity = Number(formData.get("quantity"));
  const back = backTo(formData, intent !== "add" || formData.get("openCart") !== "false");

  let outcome: { ok: true; itemsRemoved: number } | { ok: false; status: number; message: string };
  if (intent === "coupon-apply" || intent === "coupon-remove") {
    const api = storeApiFor(request, current.token);
    const cartId = String(formData.get("cartId") ?? "");
    try {
      const reply =
        intent === "coupon-apply" ? await api.applyCoupon(cartId, String(formData.get("code") ?? "")) : await api.removeCoupon(cartId);
      outcome = { ok: true, itemsRemoved: reply.itemsRemoved.length };
    } catch (error) {
      if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
      if (error.status === 401) endSessionOn401(error);
      outcome = { ok: false, status: error.status, message: error.message };
    }
  } else {
    const result = await changeCart(request, (bags) =>
      intent === "add"
        ? withItemAdded(bags, studentId, itemTOTVSId)
        : intent === "remove"
          ? withoutItem(bags, studentId, itemTOTVSId)
          : withQuantity(bags, studentId, itemTOTVSId, quantity),
    );
    outcome = result.ok ? { ok: true, itemsRemoved: result.reply.itemsRemoved.length } : result;
  }

  if (!outcome.ok) {
    if (outcome.status === 402) {
      // Spec §8: the cart is emptied and the shopper goes home.
      await storeApiFor(request, current.token).saveCart(current.customer.id, []).catch(() => undefined);
      return toasts().redirectWithError("/", outcome.message);
    }
    return toasts().redirectWithError(back, outcome.message);
  }
  if (outcome.itemsRemoved > 0) return toasts().redirectWithWarning(back, ITEMS_REMOVED_WARNING);
  const message = TOASTS[intent];
  return message ? toasts().redirectWithSuccess(back, message) : redirect(back);
}
