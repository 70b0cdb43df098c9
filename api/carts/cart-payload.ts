import { z } from "zod";
import { quantityProblem } from "#app/lib/cart-rules.ts";

export const MAX_BAGS = 20;
export const MAX_ITEMS_PER_BAG = 50;

export const CART_PAYLOAD_MESSAGES = {
  bagsRequired: "Envie o carrinho completo: a lista de estudantes (bags).",
  tooManyBags: `O carrinho aceita no máximo ${MAX_BAGS} estudantes.`,
  tooManyItems: `Cada estudante pode ter no máximo ${MAX_ITEMS_PER_BAG} itens no carrinho.`,
  studentRequired: "Selecione o estudante de cada item do carrinho.",
  itemsRequired: "Informe os itens do carrinho.",
  itemRequired: "Produto inválido no carrinho.",
  quantityRequired: "Informe a quantidade de cada item.",
  unitInvalid: "Unidade escolar inválida.",
  versionInvalid: "Versão do carrinho inválida.",
} as const;

const P = CART_PAYLOAD_MESSAGES;

const itemTOTVSId = z
  .union([z.number(), z.string().regex(/^\d{1,12}$/)], { message: P.itemRequired })
  .transform(Number)
  .pipe(z.number().int({ message: P.itemRequired }).positive({ message: P.itemRequired }).max(Number.MAX_SAFE_INTEGER));

// A number only: "2" from a form is converted by the storefront, and a text here is a client bug.
const quantity = z.number({ message: P.quantityRequired }).superRefine((value, ctx) => {
  const problem = quantityProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

// Price fields or anything else a client sends beside these are ignored (zod strips them).
const cartItem = z.object({ itemTOTVSId, quantity });

const bag = z.object({
  // null: items not assigned to a student yet (a visitor's cart, merged at login).
  studentId: z.string({ message: P.studentRequired }).trim().min(1, { message: P.studentRequired }).max(64).nullable(),
  cartItems: z.array(cartItem, { message: P.itemsRequired }).max(MAX_ITEMS_PER_BAG, { message: P.tooManyItems }),
});

const affiliateId = z
  .union([z.string(), z.number(), z.null()], { message: P.unitInvalid })
  .optional()
  .transform((v) => (v === null || v === undefined || String(v).trim() === "" ? null : String(v).trim()))
  .refine((v) => v === null || /^\d{1,6}$/.test(v), { message: P.unitInvalid });

/** POST /carts/client-add-item-to-cart, storeId and customerId aside (checked against the token). */
export const cartPayloadSchema = z.object({
  affiliateId,
  bags: z.array(bag, { message: P.bagsRequired }).max(MAX_BAGS, { message: P.tooManyBags }),
  version: z.number({ message: P.versionInvalid }).int({ message: P.versionInvalid }).min(0, { message: P.versionInvalid }).optional(),
});

export type CartPayloadData = z.infer<typeof cartPayloadSchema>;

/** POST /carts/guest-add-item-to-cart: a visitor's cart (spec §6). */
export const guestCartPayloadSchema = cartPayloadSchema.pick({ bags: true, version: true });

export type GuestCartPayloadData = z.infer<typeof guestCartPayloadSchema>;
