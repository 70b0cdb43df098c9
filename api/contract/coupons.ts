/** Spec §7 coupon calls: cart-items (apply, remove) and items-coupons (those the cart may use). */
import { z } from "zod";
import { CART_NOT_FOUND, cartCoupon, cartReply } from "./carts.ts";
import { endpoint } from "./endpoint.ts";
import { storeIdField } from "./fields.ts";

/** Spec §8: also finish-cart's 404 for a coupon that stopped being valid. */
export const COUPON_INVALID = "Cupom inválido";
export const COUPON_CODE_REQUIRED = "Informe o código do cupom.";
/**
 * A coupon whose global limit was reached: applying it, and finish-cart's 404 instead of
 * "Cupom inválido" when another purchase took its last use (docs/decisions/0048).
 */
export const COUPON_USED_UP = "Este cupom atingiu o limite de usos.";

const itemCouponsReply = z.object({ itemCoupons: z.array(z.object({ id: z.string(), coupon: cartCoupon })) });
export type ItemCouponsReply = z.infer<typeof itemCouponsReply>;

const cartRef = {
  // Any text: an id that is not a cart of this customer is simply not found.
  cartId: z
    .string({ message: CART_NOT_FOUND })
    .trim()
    .min(1, { message: CART_NOT_FOUND })
    .max(64, { message: CART_NOT_FOUND }),
  storeId: storeIdField,
};

export const coupons = {
  /** Empty for an empty cart. */
  listCartCoupons: endpoint({
    method: "GET",
    path: "/items-coupons/find-by-cart-id/:cartId/store/:storeId",
    reply: itemCouponsReply,
  }),
  applyCoupon: endpoint({
    method: "PUT",
    path: "/cart-items/apply-coupon-discount-on-cart-items",
    body: z.object({
      ...cartRef,
      code: z
        .string({ message: COUPON_CODE_REQUIRED })
        .trim()
        .min(1, { message: COUPON_CODE_REQUIRED })
        .max(40, { message: COUPON_INVALID }),
    }),
    reply: cartReply,
  }),
  removeCoupon: endpoint({
    method: "PUT",
    path: "/cart-items/remove-coupon-discount-in-cart-items",
    body: z.object(cartRef),
    reply: cartReply,
  }),
};
