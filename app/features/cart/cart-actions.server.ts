import { redirect } from "react-router";
import { safeRedirect } from "remix-utils/safe-redirect";
import { withItemAdded, withoutItem, withQuantity } from "#app/features/cart/cart-changes.ts";
import { CHECKOUT_PATH, hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { changeCart, ITEMS_REMOVED_WARNING, type CartChangeOutcome } from "./cart.server.ts";
import { endSessionOn401 } from "#app/.server/session-expiry.server.ts";
import { getSessionCustomer } from "#app/.server/session.server.ts";
import { STORE_API_UNAVAILABLE, StoreApiError, storeApiFor } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";

const TOASTS = {
  add: "Item adicionado ao carrinho!",
  remove: "Item removido do carrinho.",
  quantity: null,
  "coupon-apply": "Cupom aplicado com sucesso!",
  // Spec §8 reuses the apply message here; docs/decisions/0008 explains the change.
  "coupon-remove": "Cupom removido.",
} as const;
type Intent = keyof typeof TOASTS;
const COUPON_INTENTS: readonly Intent[] = ["coupon-apply", "coupon-remove"];

/** Back where the form was, with the cart panel open, except on the checkout, which shows the cart itself. */
function backTo(formData: FormData) {
  const url = new URL(safeRedirect(String(formData.get("redirectTo") ?? "/"), "/"), "http://loja.local");
  return url.pathname === CHECKOUT_PATH ? `${url.pathname}${url.search}` : hrefWithParam(url, URL_STATE.cart.key, URL_STATE.cart.open);
}

async function couponChange(request: Request, token: string, intent: Intent, formData: FormData): Promise<CartChangeOutcome> {
  const api = storeApiFor(request, token);
  const cartId = String(formData.get("cartId") ?? "");
  try {
    const reply = intent === "coupon-apply" ? await api.applyCoupon(cartId, String(formData.get("code") ?? "")) : await api.removeCoupon(cartId);
    return { ok: true, reply };
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    if (error.status === 401) endSessionOn401(error);
    return { ok: false, status: error.status, message: error.status >= 500 ? STORE_API_UNAVAILABLE : error.message };
  }
}

/**
 * Every cart change of spec §4: the whole cart goes to the store API, which enforces the
 * rules. Visitors change their own cart (one bag, no student yet); coupons need an account.
 */
export async function cartAction(request: Request, formData: FormData): Promise<Response> {
  const intent = String(formData.get("intent")) as Intent;
  if (!Object.hasOwn(TOASTS, intent)) throw new Response("Ação desconhecida.", { status: 400 });
  const current = await getSessionCustomer(request);
  const back = backTo(formData);
  if (COUPON_INTENTS.includes(intent) && !current) {
    return redirect(hrefWithParam(new URL(back, "http://loja.local"), URL_STATE.account.key, URL_STATE.account.login));
  }

  // An empty studentId is the bag without a student ("Selecionar estudante").
  const studentId = String(formData.get("studentId") ?? "") || null;
  const itemTOTVSId = Number(formData.get("itemTOTVSId"));
  const quantity = Number(formData.get("quantity"));
  const outcome = COUPON_INTENTS.includes(intent)
    ? await couponChange(request, current!.token, intent, formData)
    : await changeCart(request, (bags) =>
        intent === "add"
          ? withItemAdded(bags, studentId, itemTOTVSId)
          : intent === "remove"
            ? withoutItem(bags, studentId, itemTOTVSId)
            : withQuantity(bags, studentId, itemTOTVSId, quantity),
      );
  const init = outcome.cookie ? { headers: { "set-cookie": outcome.cookie } } : undefined;

  if (!outcome.ok) {
    if (outcome.status === 402 && current) {
      // Spec §8: the cart is emptied and the shopper goes home.
      await storeApiFor(request, current.token).saveCart(current.customer.id, []).catch(() => undefined);
      return toasts().redirectWithError("/", outcome.message, init);
    }
    return toasts().redirectWithError(back, outcome.message, init);
  }
  if (outcome.reply.itemsRemoved.length > 0) return toasts().redirectWithWarning(back, ITEMS_REMOVED_WARNING, init);
  const message = TOASTS[intent];
  return message ? toasts().redirectWithSuccess(back, message, init) : redirect(back, init);
}
