/**
 * Carrinhos (issue 15; docs/decisions/0031-gestor-carts-and-customers.md): a customer's open
 * cart found by e-mail, CPF or a linked student's RA, and the gestor's two actions on it
 * (spec §6: remove an item, delete the cart; the customer is told, spec §8). Both roles.
 */
import { z } from "zod";
import { onlyDigits } from "#core/cpf.ts";
import { listDiscountRemoved } from "../carts.ts";
import { endpoint } from "../endpoint.ts";

export const CART_LOOKUP_KEYS = ["email", "cpf", "ra"] as const;
export type CartLookupKey = (typeof CART_LOOKUP_KEYS)[number];

/** What the search field asks for, by key. */
export const CART_LOOKUP_LABELS: Record<CartLookupKey, string> = {
  email: "E-mail do cliente",
  cpf: "CPF do cliente",
  ra: "RA do estudante",
};

export const CART_LOOKUP_MESSAGES = {
  key: "Escolha como buscar: e-mail, CPF ou RA.",
  empty: "Informe o que buscar.",
  tooLong: "Busca longa demais.",
  cpf: "Informe os 11 dígitos do CPF.",
} as const;

/** The lookup as the page's GET form sends it and the API reads it: the key and the text. */
export const cartLookup = z
  .object({
    by: z.enum(CART_LOOKUP_KEYS, { message: CART_LOOKUP_MESSAGES.key }),
    q: z
      .string({ message: CART_LOOKUP_MESSAGES.empty })
      .trim()
      .min(1, { message: CART_LOOKUP_MESSAGES.empty })
      .max(254, { message: CART_LOOKUP_MESSAGES.tooLong }),
  })
  .superRefine((value, ctx) => {
    if (value.by === "cpf" && onlyDigits(value.q).length !== 11)
      ctx.addIssue({ code: "custom", path: ["q"], message: CART_LOOKUP_MESSAGES.cpf });
  });

const PRODUCT_INVALID = "Produto inválido.";

const cartLine = z.object({
  itemTOTVSId: z.number(),
  title: z.string(),
  /** The size chosen (issue 28): "Tamanho" and "M"; null for a product without options. */
  optionName: z.string().nullable(),
  optionValue: z.string().nullable(),
  quantity: z.number(),
  /** DESCONTO now, in centavos (a cart keeps no price: spec §3). */
  unitPriceCents: z.number(),
  /**
   * A product of a unit outside the secretary's (decision 0061): hers to see, not to remove, and
   * the cart not hers to delete. Always false for the network's roles.
   */
  ofOtherUnit: z.boolean(),
});

export const gestorCart = z.object({
  cartId: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  updatedAt: z.string(),
  version: z.number(),
  coupon: z.object({ code: z.string(), percentage: z.number() }).nullable(),
  /** One per student (studentId null: items waiting for a student). */
  bags: z.array(
    z.object({
      studentId: z.string().nullable(),
      studentName: z.string().nullable(),
      studentRA: z.string().nullable(),
      items: z.array(cartLine),
    }),
  ),
  totalCents: z.number(),
  /** A finish in progress holds the cart (a live sale): it cannot be changed meanwhile. */
  heldBy: z.object({ saleId: z.string(), referenceCode: z.string() }).nullable(),
});
export type GestorCart = z.infer<typeof gestorCart>;

const removedReply = z.object({ removed: z.array(z.object({ itemTOTVSId: z.number(), title: z.string() })) });
/** A removal also names the bags whose material list discount it took away (docs/decisions/0072). */
const removeItemReply = removedReply.extend({ listDiscountRemoved: z.array(listDiscountRemoved) });

export const gestorCarts = {
  /** The open carts of the customers the key finds (one for an e-mail or CPF; an RA may find several). */
  find: endpoint({
    method: "GET",
    path: "/gestor/carts",
    query: cartLookup,
    reply: z.object({ carts: z.array(gestorCart) }),
  }),
  /** Takes the product out of every bag of the cart (the customer sees spec §8's notice). 404, 409 held by a sale. */
  removeItem: endpoint({
    method: "POST",
    path: "/gestor/carts/:cartId/remove-item",
    body: z.object({
      itemTOTVSId: z.coerce
        .number({ message: PRODUCT_INVALID })
        .int({ message: PRODUCT_INVALID })
        .positive({ message: PRODUCT_INVALID })
        .max(2_147_483_647, { message: PRODUCT_INVALID }),
    }),
    reply: removeItemReply,
  }),
  /** Deletes the cart (spec §8: "Seu carrinho foi deletado pelo administrador" at the finish). 404, 409. */
  deleteCart: endpoint({
    method: "POST",
    path: "/gestor/carts/:cartId/delete",
    reply: removedReply,
  }),
};
