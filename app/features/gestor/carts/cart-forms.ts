/** Carrinhos' forms (docs/decisions/0031): one schema for the browser (Conform) and the action. */
import { z } from "zod";

export const REMOVE_ITEM_INTENT = "remove-item";
export const DELETE_CART_INTENT = "delete-cart";
export const DELETE_CART_CONFIRM = "Confirmo a exclusão deste carrinho";
export const DELETE_NOT_CONFIRMED = `Marque “${DELETE_CART_CONFIRM}” para excluir.`;

const cartId = z.string().uuid();

export const removeItemSchema = z.object({
  intent: z.literal(REMOVE_ITEM_INTENT),
  cartId,
  itemTOTVSId: z.coerce.number().int().positive(),
});

/** Deleting is for good: it needs the box ticked, which works without JavaScript. */
export const deleteCartSchema = z.object({
  intent: z.literal(DELETE_CART_INTENT),
  cartId,
  confirm: z.boolean({ message: DELETE_NOT_CONFIRMED }).refine((ticked) => ticked, { message: DELETE_NOT_CONFIRMED }),
});

/** The search as the page's address carries it (`?por=email&q=…`). */
export const CART_SEARCH_PARAMS = { by: "por", q: "q" } as const;
