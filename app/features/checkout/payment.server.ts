import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { CART_CHANGED, type Cart, type FinishCartPayload } from "#api/contract/carts.ts";
import { COUPON_USED_UP } from "#api/contract/coupons.ts";
import { cartCount } from "#app/lib/cart-count.ts";
import { brandForGateway, expirationDateForGateway } from "#core/card.ts";
import { cartInstallments } from "#core/installments.ts";
import { reaisToCents } from "#core/money.ts";
import { CHECKOUT_PATH } from "#app/lib/url-state.ts";
import { completionPath } from "#core/storefront-paths.ts";
import { PAYMENT_MESSAGES, paymentSchema } from "#app/features/checkout/payment-schema.ts";
import { SHOWN_CART_FIELDS, type PaymentFormReply } from "#app/features/checkout/payment-form.tsx";
import { currentCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { STORE_API_UNAVAILABLE, StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { goHomeAfterNotice } from "#app/features/leaving/leaving-notice.server.ts";
import { consentTicked, giveConsent } from "#app/features/messages/whatsapp-consent.server.ts";
import { acquirerCardForm, isAcquirerPage } from "./acquirer-card.server.ts";

/** Spec §8 finish errors, by the store API's message. */
export const FINISH_ERRORS = {
  cartNotFound: "Carrinho não foi encontrado",
  couponInvalid: "Cupom inválido",
  /** Another purchase took the coupon's last use (docs/decisions/0048). */
  couponUsedUp: COUPON_USED_UP,
} as const;

export const CHECKOUT_MESSAGES = {
  success: "Compra realizada com sucesso!",
  cartDeleted: "Seu carrinho foi deletado pelo administrador",
  couponInvalid: "O cupom presente no carrinho é inválido. Ele será removido do mesmo em sequência",
  couponUsedUp:
    "O cupom do carrinho atingiu o limite de usos e foi removido. Confira o novo total antes de finalizar a compra.",
  emptyCart: "Seu carrinho está vazio.",
  /** The acquirer's answer is not known yet: the order exists, the payment is not confirmed (docs/decisions/0018). */
  processing: "Pedido recebido. O pagamento está em processamento: avisaremos você por e-mail.",
  /** The store API or its gateway failed: whether anything was charged is not known here. */
  paymentUnavailable:
    "Não foi possível concluir o pagamento agora. Confira em Minha Conta se o pedido foi registrado antes de tentar de novo.",
} as const;

/** The version and total the page showed, or null when the form lacks them (it then counts as changed). */
function shownCartOf(formData: FormData): { cartVersion: number; cartTotal: number } | null {
  const version = formData.get(SHOWN_CART_FIELDS.version);
  const total = formData.get(SHOWN_CART_FIELDS.total);
  if (typeof version !== "string" || !/^\d{1,9}$/.test(version)) return null;
  if (typeof total !== "string" || !/^\d{1,9}(\.\d{1,2})?$/.test(total)) return null;
  return { cartVersion: Number(version), cartTotal: Number(total) };
}

/**
 * Back to the cart as it is now, with the reason (docs/decisions/0010): the payment step, or the
 * home page when nothing is left to pay. Nothing was charged.
 */
function cartChanged(cart: Cart | null) {
  return toasts().redirectWithWarning(cart && cartCount(cart) > 0 ? CHECKOUT_PATH : "/", CART_CHANGED);
}

/** Where the flow lands after an invalid coupon (spec §2 routes). */
export const COUPON_RETRY_PATH = "/checkout";

// The card never comes back to the page (PCI DSS: no card data in a reply a browser or a
// proxy may keep), nor its single-use token, and the terms reset (spec §4). The method and
// instalments stay.
const HIDDEN = ["holder", "number", "expiry", "cvc", "terms", "cardToken", "cardPaymentMethodId", "cardIssuerId"];

/**
 * "Finalizar Compra" (spec §4 after purchase, §8 finish errors). The cart and its total
 * come from the store API, never from the form; the API makes a repeated submit return
 * the first sale, so a double click or a reload charges once.
 */
export async function payAction({ context }: RequestArgs, formData: FormData) {
  const current = currentCustomer(context);
  if (!current) throw redirect(CHECKOUT_PATH);
  const api = storeApi(context);
  const { cart } = await api.getCart(current.customer.id);
  // The cart the page showed. When it is no longer the open one, an earlier submit already
  // paid it (the API answers that sale) or the gestor deleted it (404): the API says which.
  const shownCartId = String(formData.get("cartId") ?? "") || cart.cartId;
  if (!shownCartId) return toasts().redirectWithError("/", CHECKOUT_MESSAGES.emptyCart);
  const shownCart = shownCartId === cart.cartId ? cart : null;
  // The cart read now must be the one the page showed: a gestor removal, another tab or a
  // dropped coupon changes what would be charged. Checked here too, for an API that ignores
  // the version and total sent with the finish.
  const shown = shownCartOf(formData);
  if (
    shownCart &&
    (!shown ||
      shown.cartVersion !== shownCart.version ||
      reaisToCents(shown.cartTotal) !== reaisToCents(shownCart.total))
  ) {
    return cartChanged(shownCart);
  }

  const maxInstallments = shownCart
    ? cartInstallments(
        shownCart.bags.flatMap((bag) => bag.cartItems),
        shownCart.total,
      )
    : 1;
  // With Mercado Pago the card is typed on its forms, never the store's (0019).
  const acquirerCard = acquirerCardForm() !== null;
  const schema = shownCart
    ? paymentSchema({ total: shownCart.total, maxInstallments, acquirerCard })
    : paymentSchema({ total: 0, maxInstallments, settledCart: true, acquirerCard });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const toast = errors.terms
      ? PAYMENT_MESSAGES.termsNotAccepted
      : (errors[""]?.[0] ?? Object.values(errors).flat()[0] ?? null);
    return data<PaymentFormReply>({ result: submission.reply({ hideFields: HIDDEN }), toast: toast ?? null }, 400);
  }

  const { paymentMethod, card, acquirerCard: onAcquirer } = submission.value;
  // WhatsApp consent ticked (issue 31): given before the finish so the order's message goes by
  // WhatsApp too; a refusal or failure is told with the purchase's answer and the purchase goes on.
  const consentLost =
    consentTicked(formData) && api.supports("setWhatsappConsent") ? await giveConsent(api, "checkout") : null;
  const told = (message: string) => (consentLost ? `${message} ${consentLost}` : message);
  try {
    const methods = await api.listPaymentMethods();
    const method = methods.find((candidate) => candidate.code === paymentMethod);
    if (!method) throw new StoreApiError(503, STORE_API_UNAVAILABLE);
    const payload: FinishCartPayload = {
      paymentMethodId: method.id,
      acceptedTerms: true,
      deliveryDate: null,
      ...(shownCart && shown ? shown : {}),
      installments: card?.installments ?? onAcquirer?.installments ?? 1,
      ...(onAcquirer?.token
        ? {
            cardToken: onAcquirer.token.token,
            cardPaymentMethodId: onAcquirer.token.paymentMethodId,
            ...(onAcquirer.token.issuerId ? { cardIssuerId: onAcquirer.token.issuerId } : {}),
          }
        : onAcquirer
          ? { hostedCheckout: true }
          : {}),
      ...(card
        ? {
            brand: brandForGateway(card.brand),
            cardNumber: card.number,
            expirationDate: expirationDateForGateway(card.expiryMonth, card.expiryYear),
            cvv: card.cvc,
            holder: card.holder,
          }
        : {}),
    };
    const finished = await api.finishCart(current.customer.id, shownCartId, payload);
    // The card is typed on the acquirer's page, which sends the shopper back to /conclusao.
    if (finished.redirectUrl) {
      if (isAcquirerPage(finished.redirectUrl)) return redirect(finished.redirectUrl, 303);
      // Never an open redirect: any other address is the API's fault, and the order is on /conclusao.
      console.error("[pagamento] endereço de pagamento recusado: não é a página do Mercado Pago");
      return toasts().redirectWithWarning(completionPath(finished.saleId), told(CHECKOUT_MESSAGES.processing));
    }
    if (finished.statusCode === "processing")
      return toasts().redirectWithWarning(completionPath(finished.saleId), told(CHECKOUT_MESSAGES.processing));
    // A consent not saved turns the purchase's toast into a warning that says so (issue 31).
    if (consentLost)
      return toasts().redirectWithWarning(completionPath(finished.saleId), told(CHECKOUT_MESSAGES.success));
    return toasts().redirectWithSuccess(completionPath(finished.saleId), CHECKOUT_MESSAGES.success);
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    if (error.status === 404 && error.message === FINISH_ERRORS.cartNotFound) {
      return goHomeAfterNotice("carrinho-excluido", CHECKOUT_MESSAGES.cartDeleted);
    }
    if (error.status === 409 && error.message === CART_CHANGED) return cartChanged(shownCart);
    const usedUp = error.message === FINISH_ERRORS.couponUsedUp;
    if (error.status === 404 && (usedUp || error.message === FINISH_ERRORS.couponInvalid)) {
      await api.removeCoupon(shownCartId).catch(() => undefined);
      return toasts().redirectWithWarning(
        COUPON_RETRY_PATH,
        usedUp ? CHECKOUT_MESSAGES.couponUsedUp : CHECKOUT_MESSAGES.couponInvalid,
      );
    }
    // A line sold out (issue 28): no sale, nothing charged; the page names it and what to do.
    if (error.soldOut.length > 0) {
      return data<PaymentFormReply>(
        { result: submission.reply({ hideFields: HIDDEN }), toast: error.message, soldOut: [...error.soldOut] },
        409,
      );
    }
    const message = error.status >= 500 ? CHECKOUT_MESSAGES.paymentUnavailable : error.message;
    return data<PaymentFormReply>(
      { result: submission.reply({ hideFields: HIDDEN }), toast: message },
      error.status >= 500 ? 503 : 400,
    );
  }
}
