import { redirect } from "react-router";
import {
  changeCoupon,
  COUPON_TOASTS,
  couponRemovedMessage,
  isCouponIntent,
} from "#app/features/coupons/coupon-actions.server.ts";
import { withItemAdded, withoutItem, withQuantity } from "#app/features/cart/cart-changes.ts";
import { CHECKOUT_PATH, hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { currentCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { cartAddPaymentRequired, changeCart } from "./cart.server.ts";
import { returnUrl } from "#app/.server/return-path.server.ts";
import { listDiscountRemovedMessage } from "./list-discount.ts";
import { linkHref } from "#app/features/students/link-mode.ts";
import { isProductPath } from "#app/lib/product-path.ts";

const CHOOSE_STUDENT = "Escolha para qual estudante é este item na página do produto.";

const ITEM_TOASTS = {
  add: "Item adicionado ao carrinho!",
  remove: "Item removido do carrinho.",
  quantity: null,
} as const;
type ItemIntent = keyof typeof ITEM_TOASTS;
const isItemIntent = (intent: string): intent is ItemIntent => Object.hasOwn(ITEM_TOASTS, intent);

/** Back where the form was, with the cart panel open, except on the checkout, which shows the cart itself. */
function backTo(formData: FormData) {
  const url = returnUrl(formData);
  return url.pathname === CHECKOUT_PATH
    ? `${url.pathname}${url.search}`
    : hrefWithParam(url, URL_STATE.cart.key, URL_STATE.cart.open);
}

/**
 * Every cart change of spec §4 (POST /carrinho): the whole cart goes to the store API,
 * which enforces the rules. Visitors change their own cart (one bag, no student yet);
 * coupons need an account.
 */
export async function cartAction(args: RequestArgs, formData: FormData): Promise<Response> {
  const intent = String(formData.get("intent"));
  const coupon = isCouponIntent(intent);
  if (!coupon && !isItemIntent(intent)) throw new Response("Ação desconhecida.", { status: 400 });
  const current = currentCustomer(args.context);
  const back = backTo(formData);
  // Where the store API keeps no visitor carts (docs/decisions/0026), "Comprar" asks for the
  // login (spec §6: checkout starts with authentication), then the shopper is back on the page.
  if (!current && !coupon && !storeApi(args.context).supports("saveGuestCart")) {
    return redirect(hrefWithParam(returnUrl(formData), URL_STATE.account.key, URL_STATE.account.login));
  }
  if (coupon && !current) {
    return redirect(hrefWithParam(new URL(back, "http://loja.local"), URL_STATE.account.key, URL_STATE.account.login));
  }

  const studentId = String(formData.get("studentId") ?? "") || null;
  // A customer's item goes in the cart with its student, never before it is chosen (issue 25
  // point 10): a visitor's "Comprar" still on screen after the login (another tab, the back
  // button) opens the link modal instead, and closing it leaves the cart as it was.
  if (current && intent === "add" && !studentId) {
    const page = returnUrl(formData);
    if (isProductPath(page.pathname)) return redirect(linkHref(page.pathname, "escolha"));
    return toasts().redirectWithError(back, CHOOSE_STUDENT);
  }
  const itemTOTVSId = Number(formData.get("itemTOTVSId"));
  const quantity = Number(formData.get("quantity"));
  const outcome = coupon
    ? await changeCoupon(args, intent, formData)
    : await changeCart(args, (bags) =>
        intent === "add"
          ? withItemAdded(bags, studentId, itemTOTVSId)
          : intent === "remove"
            ? withoutItem(bags, studentId, itemTOTVSId)
            : withQuantity(bags, studentId, itemTOTVSId, quantity),
      );
  const init = outcome.cookie ? { headers: { "set-cookie": outcome.cookie } } : undefined;

  if (!outcome.ok) {
    if (outcome.status === 402 && current) return cartAddPaymentRequired(args, outcome.message, init);
    return toasts().redirectWithError(back, outcome.message, init);
  }
  // A coupon that no longer applies left with the change: the shopper is told which and why
  // (0047); so is a bag's material list discount the change took away (0072).
  const lost = [
    ...(outcome.couponRemoved ? [couponRemovedMessage(outcome.couponRemoved.code, outcome.couponRemoved.reason)] : []),
    ...(outcome.listDiscountRemoved ? [listDiscountRemovedMessage(outcome.listDiscountRemoved)] : []),
  ];
  if (lost.length > 0) return toasts().redirectWithWarning(back, lost.join(" "), init);
  const message = coupon ? COUPON_TOASTS[intent] : ITEM_TOASTS[intent as ItemIntent];
  return message ? toasts().redirectWithSuccess(back, message, init) : redirect(back, init);
}
