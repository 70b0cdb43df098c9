import { cartChangeRefused, type CartChangeOutcome } from "#app/features/cart/cart.server.ts";
import { storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";

/** The coupon panel's intents (spec §2 "Cupom de Desconto") and their success toasts. */
export const COUPON_TOASTS = {
  "coupon-apply": "Cupom aplicado com sucesso!",
  // Spec §8 reuses the apply message here; docs/decisions/0008 explains the change.
  "coupon-remove": "Cupom removido.",
} as const;

/** The warning a cart change gives when it took the coupon off (docs/decisions/0047). */
export const couponRemovedMessage = (code: string, reason: string) =>
  `O cupom ${code} foi removido do carrinho. ${reason}`;

export type CouponIntent = keyof typeof COUPON_TOASTS;

export const isCouponIntent = (intent: string): intent is CouponIntent => Object.hasOwn(COUPON_TOASTS, intent);

/** Applies or removes the cart's coupon (spec §7); only a customer's cart takes one. */
export async function changeCoupon(
  { context }: RequestArgs,
  intent: CouponIntent,
  formData: FormData,
): Promise<CartChangeOutcome> {
  const api = storeApi(context);
  const cartId = String(formData.get("cartId") ?? "");
  try {
    const reply =
      intent === "coupon-apply"
        ? await api.applyCoupon(cartId, String(formData.get("code") ?? ""))
        : await api.removeCoupon(cartId);
    return { ok: true, reply };
  } catch (error) {
    return cartChangeRefused(error);
  }
}
