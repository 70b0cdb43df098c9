/**
 * Spec §7 cart calls (spec §3 "Cart", "Cart as sent to the server"), the visitor's cart
 * beyond the spec (docs/decisions/0009-guest-carts.md) and finish-cart
 * (docs/decisions/0010-checkout-and-payment.md).
 */
import { z } from "zod";
import { listedWithE } from "#core/text.ts";
import { CARD_FORM_MESSAGE } from "#core/card.ts";
import { quantityProblem } from "#core/cart-rules.ts";
import { INSTALLMENT_TEXTS } from "#core/installments.ts";
import { itemFields } from "./catalogue.ts";
import { apiErrorBody, endpoint } from "./endpoint.ts";
import { integerId, ownCustomerId, ownStoreId, storeIdField, storeIdOfPath } from "./fields.ts";

/** Spec §8: finish-cart's 404 the storefront reads ("Seu carrinho foi deletado pelo administrador"). */
export const CART_NOT_FOUND = "Carrinho não foi encontrado";
/**
 * A cart change refused (409) while a sale of the cart waits for the acquirer's answer: recording
 * it finishes the cart as it stands (docs/decisions/0018-payment-flow.md, "Who charges a processing sale").
 */
/**
 * finish-cart's 409 when the cart is no longer the one the page showed (its version or total):
 * nothing is charged (docs/decisions/0010-checkout-and-payment.md, "The cart the page showed").
 */
export const CART_CHANGED =
  "Seu carrinho mudou desde que você abriu esta página. Confira os itens e o novo total antes de pagar.";
export const PAYMENT_IN_PROGRESS =
  "Há um pagamento em processamento para este carrinho. Aguarde a confirmação para alterá-lo.";

/**
 * finish-cart's 409 when a line's stock or seats ran out (docs/decisions/0067-stock-and-seats.md):
 * the cart is kept, no sale is made, nothing is charged. Beside the message, `code` and the
 * lines short of stock, so a page can mark them.
 */
export const ITEM_SOLD_OUT = "ITEM_SOLD_OUT";
export const soldOutItem = z.object({
  itemTOTVSId: z.number(),
  title: z.string(),
  /** The variant chosen ("M"); null for an item without options. */
  optionValue: z.string().nullable(),
});
export type SoldOutItem = z.infer<typeof soldOutItem>;
export const itemSoldOutReply = z.object({
  error: z.object({ message: z.string(), code: z.literal(ITEM_SOLD_OUT), items: z.array(soldOutItem) }),
});

/**
 * "Um item do seu carrinho esgotou: Camiseta do uniforme (M). …", naming every line short of
 * stock; another option is suggested only when they all have options (a size, not a course).
 */
export function itemSoldOutMessage(items: readonly SoldOutItem[]): string {
  const names = items.map((item) => (item.optionValue ? `${item.title} (${item.optionValue})` : item.title));
  const withOptions = items.every((item) => item.optionValue !== null);
  if (names.length === 1) {
    const what = withOptions ? "Escolha outra opção ou remova-o" : "Remova-o";
    return `Um item do seu carrinho esgotou: ${names[0]!}. ${what} do carrinho para continuar.`;
  }
  const listed = listedWithE(names);
  const what = withOptions ? "Escolha outras opções ou remova-os" : "Remova-os";
  return `Itens do seu carrinho esgotaram: ${listed}. ${what} do carrinho para continuar.`;
}

export const cartCoupon = z.object({ id: z.string(), code: z.string(), percentage: z.number() });
export type CartCoupon = z.infer<typeof cartCoupon>;

const categoryRef = z.object({ title: z.string(), slug: z.string() });

const cartItem = z.object({
  cartItemid: z.string(),
  itemTOTVSId: z.number(),
  /** CODCOLIGADA of the unit selling the item. */
  affiliateId: z.string(),
  quantity: z.number(),
  /** The coupon applied to the cart (the same on every item), or null. */
  itemCouponId: z.string().nullable(),
  itemCoupon: cartCoupon.nullable(),
  ...itemFields,
  productImage: z.string(),
  productSlug: z.string(),
  category: categoryRef,
  // Beyond spec §3 (issue 28, docs/decisions/0066), present only when they apply: the option
  // of a line of a variant ("Tamanho", "M"); whether a tracked item has fewer left than the
  // line's quantity (it ran out since it was added: the finish would refuse it).
  optionName: z.string().optional(),
  optionValue: z.string().optional(),
  soldOut: z.boolean().optional(),
  product: z.object({
    productId: z.string(),
    title: z.string(),
    slug: z.string(),
    image: z.string(),
    category: categoryRef,
  }),
});
export type CartItem = z.infer<typeof cartItem>;

/**
 * Beyond spec §3 (docs/decisions/0072-list-discount-and-coupon.md): the material list a bag was
 * filled from, when it is published and gives "Lista completa com X% de desconto". `applies`
 * while every required line of the list is in the bag; `missing` names those that are not;
 * `discount` (reais) is 0 unless it applies.
 */
const cartBagMaterialList = z.object({
  listId: z.string(),
  /** "Lista de material — 6º Ano". */
  title: z.string(),
  percentage: z.number(),
  discount: z.number(),
  applies: z.boolean(),
  missing: z.array(z.string()),
});
export type CartBagMaterialList = z.infer<typeof cartBagMaterialList>;

const cartBag = z.object({
  cartId: z.string(),
  /** The student's name; null for items waiting for a student ("Selecionar estudante"). */
  name: z.string().nullable(),
  studentId: z.string().nullable(),
  RA: z.string().nullable(),
  cartItems: z.array(cartItem),
  materialList: cartBagMaterialList.optional(),
});
export type CartBag = z.infer<typeof cartBag>;

/**
 * The customer's open cart. With no cart, id and cartId are null and bags is empty.
 * version: send it back on the next write to detect a change made in another tab.
 */
const cart = z.object({
  id: z.string().nullable(),
  cartId: z.string().nullable(),
  affiliateId: z.string().nullable(),
  version: z.number(),
  coupon: cartCoupon.nullable(),
  subtotal: z.number(),
  /**
   * Beyond spec §3 (0072): the bags' material list discounts, when a bag has a list with one;
   * absent otherwise (a school API without lists sends none). `discount` stays the coupon's, on
   * subtotal − listDiscount; total = subtotal − listDiscount − discount.
   */
  listDiscount: z.number().optional(),
  discount: z.number(),
  total: z.number(),
  bags: z.array(cartBag),
});
export type Cart = z.infer<typeof cart>;

/**
 * What the gestor removed and the customer has not seen yet (spec §8). `id` is the bundled
 * API's, for acknowledgeRemovedItems (docs/decisions/0007); spec §7's API sends none.
 */
const removedCartItem = z.object({ id: z.string().optional(), itemTOTVSId: z.number(), title: z.string() });
export type RemovedCartItem = z.infer<typeof removedCartItem>;

/** Every cart call: list, add (replace), apply and remove coupon. */
const cartReplyShape = { cart, itemsRemoved: z.array(removedCartItem) };
export const cartReply = z.object(cartReplyShape);
export type CartReply = z.infer<typeof cartReply>;

/**
 * Beyond spec §7 (docs/decisions/0047-coupon-kept-while-it-applies.md): the coupon a change took
 * off the cart because it no longer applies, and why; absent when the coupon stayed or there was none.
 */
export const couponRemoved = z.object({ code: z.string(), reason: z.string() });
export type CouponRemoved = z.infer<typeof couponRemoved>;
/**
 * Beyond spec §7 (docs/decisions/0072-list-discount-and-coupon.md): each bag whose list discount
 * the change took away, with the required lines now missing; absent when none lost it.
 */
export const listDiscountRemoved = z.object({
  studentName: z.string().nullable(),
  title: z.string(),
  missing: z.array(z.string()),
});
export type ListDiscountRemoved = z.infer<typeof listDiscountRemoved>;
const saveCartReply = z.object({
  ...cartReplyShape,
  couponRemoved: couponRemoved.optional(),
  listDiscountRemoved: z.array(listDiscountRemoved).optional(),
});
export type SaveCartReply = z.infer<typeof saveCartReply>;

/** What the merge at login did to the visitor's items. */
const guestCartMerge = z.object({
  added: z.array(z.object({ itemTOTVSId: z.number(), title: z.string(), quantity: z.number() })),
  skipped: z.array(z.object({ itemTOTVSId: z.number(), title: z.string(), reason: z.string() })),
  /** The account's cart had a coupon and changed, so the coupon went (spec §4). */
  couponRemoved: z.boolean(),
});
export type GuestCartMerge = z.infer<typeof guestCartMerge>;
const guestCartMergeReply = z.object({ ...cartReplyShape, merge: guestCartMerge });
export type GuestCartMergeReply = z.infer<typeof guestCartMergeReply>;

/** Spec §7 reads finished.link, referenceCode, saleId, statusCode. */
const finishCartReply = z.object({
  finished: z.object({
    /** The boleto's page for boleto sales; null otherwise. */
    link: z.string().nullable(),
    referenceCode: z.string(),
    saleId: z.string(),
    /** "processing": the acquirer's answer is not known yet (docs/decisions/0018-payment-flow.md). */
    statusCode: z.enum(["paid", "pending", "processing"]),
    /**
     * Beyond spec §7 (docs/decisions/0019-mercado-pago.md): a card sale asked with
     * `hostedCheckout` is paid on the acquirer's page, where the shopper goes next; absent otherwise.
     */
    redirectUrl: z.string().url().optional(),
  }),
});
export type FinishCartReply = z.infer<typeof finishCartReply>;

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
  .pipe(integerId(P.itemRequired));

// A number only: "2" from a form is converted by the storefront, and a text here is a client bug.
const quantity = z.number({ message: P.quantityRequired }).superRefine((value, ctx) => {
  const problem = quantityProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

// Price fields or anything else a client sends beside these are ignored (zod strips them).
const cartItemPayload = z.object({ itemTOTVSId, quantity });

const bagPayload = z.object({
  // null: items not assigned to a student yet (a visitor's cart, merged at login).
  studentId: z.string({ message: P.studentRequired }).trim().min(1, { message: P.studentRequired }).max(64).nullable(),
  cartItems: z.array(cartItemPayload, { message: P.itemsRequired }).max(MAX_ITEMS_PER_BAG, { message: P.tooManyItems }),
});
/** Spec §3 "Cart as sent to the server": per bag, studentId and cartItems. */
export type CartBagPayload = z.input<typeof bagPayload>;

const bags = z.array(bagPayload, { message: P.bagsRequired }).max(MAX_BAGS, { message: P.tooManyBags });

/** The cart version the client last saw; a stale one answers 409. */
const version = z
  .number({ message: P.versionInvalid })
  .int({ message: P.versionInvalid })
  .min(0, { message: P.versionInvalid })
  .optional();

const cartBody = z.object({
  affiliateId: z
    .union([z.string(), z.number(), z.null()], { message: P.unitInvalid })
    .optional()
    .transform((v) => (v === null || v === undefined || String(v).trim() === "" ? null : String(v).trim()))
    .refine((v) => v === null || /^\d{1,6}$/.test(v), { message: P.unitInvalid }),
  bags,
  version,
  storeId: ownStoreId,
  customerId: ownCustomerId,
});
export type CartPayload = z.input<typeof cartBody>;
export type CartPayloadData = z.output<typeof cartBody>;

/** A visitor's cart: one bag, studentId null; the key travels in the X-Guest-Cart-Key header. */
const guestCartBody = z.object({ storeId: storeIdField, bags, version });
export type GuestCartPayload = z.input<typeof guestCartBody>;
export type GuestCartPayloadData = z.output<typeof guestCartBody>;

/** What finish-cart answers that the payment form says too (spec §5 terms). */
export const FINISH_CART_MESSAGES = {
  methodRequired: "Escolha a forma de pagamento.",
  termsNotAccepted: "Termos não aceitos: É necessário aceitar os termos de uso para prosseguir com o pagamento.",
  installmentsInvalid: INSTALLMENT_TEXTS.choose,
  freeOnlyAtZero: "A opção Gratuito vale só para pedidos de total R$ 0,00.",
  totalInvalid: "Total do carrinho inválido.",
} as const;

const F = FINISH_CART_MESSAGES;
const cardText = z.string().trim().max(64).optional();

/**
 * Spec §7's body. The card fields matter for method 1 only and are checked there
 * (core/card.ts); prices and totals are never read.
 */
const finishCartBody = z.object({
  paymentMethodId: integerId(F.methodRequired),
  acceptedTerms: z.literal(true, { message: F.termsNotAccepted }),
  deliveryDate: z.string().max(40).nullable().optional(),
  installments: z.coerce
    .number<number>({ message: F.installmentsInvalid })
    .int({ message: F.installmentsInvalid })
    .min(1, { message: F.installmentsInvalid })
    .max(99, { message: F.installmentsInvalid })
    .optional(),
  brand: cardText,
  cardNumber: cardText,
  /** Built as year-month-10 (spec §7). */
  expirationDate: cardText,
  cvv: cardText,
  holder: cardText,
  /**
   * Beyond spec §7, when the bundled API's acquirer takes cards on its own forms
   * (docs/decisions/0019-mercado-pago.md): `hostedCheckout` asks for a page at the acquirer
   * where the shopper types the card (no card field here); or the card tokenised in the
   * browser by the acquirer's SDK: its single-use token, the acquirer's method id for the
   * brand and the issuer. The number never reaches the store.
   */
  hostedCheckout: z.boolean().optional(),
  cardToken: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, { message: CARD_FORM_MESSAGE })
    .optional(),
  cardPaymentMethodId: z
    .string()
    .trim()
    .regex(/^[a-z_]{2,30}$/, { message: CARD_FORM_MESSAGE })
    .optional(),
  cardIssuerId: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, { message: CARD_FORM_MESSAGE })
    .optional(),
  /**
   * Beyond spec §7 (docs/decisions/0010, "The cart the page showed"): the cart's version and
   * total as the payment page showed them; when the cart is no longer that, 409 CART_CHANGED
   * and nothing is charged. An API that ignores them charges the cart as it stands.
   */
  cartVersion: version,
  cartTotal: z
    .number({ message: F.totalInvalid })
    .min(0, { message: F.totalInvalid })
    .max(10_000_000, { message: F.totalInvalid })
    .optional(),
});
export type FinishCartPayload = z.input<typeof finishCartBody>;
export type FinishCartData = z.output<typeof finishCartBody>;

export const carts = {
  getCart: endpoint({
    method: "GET",
    path: "/carts/list-cart-by-customer/:customerId/store/:storeId",
    reply: cartReply,
  }),
  /** Adding, removing and changing a quantity all send the whole cart (spec §4). */
  saveCart: endpoint({ method: "POST", path: "/carts/client-add-item-to-cart", body: cartBody, reply: saveCartReply }),
  finishCart: endpoint({
    method: "PUT",
    path: "/carts/finish-cart-by-customer/:customerId/cart/:cartId/store/:storeId",
    params: storeIdOfPath,
    body: finishCartBody,
    reply: finishCartReply,
    errorReplies: {
      409: {
        description:
          "O carrinho mudou desde a página de pagamento, ou um item esgotou (code ITEM_SOLD_OUT, com os itens): nada foi cobrado.",
        schema: z.union([itemSoldOutReply, apiErrorBody]),
      },
    },
  }),
  listGuestCart: endpoint({
    extension: true,
    method: "GET",
    path: "/carts/list-guest-cart/store/:storeId",
    params: storeIdOfPath,
    reply: cartReply,
  }),
  saveGuestCart: endpoint({
    extension: true,
    method: "POST",
    path: "/carts/guest-add-item-to-cart",
    body: guestCartBody,
    reply: cartReply,
  }),
  /**
   * Beyond spec §7 (docs/decisions/0007): the customer saw the notice of these removals, so
   * the cart replies stop listing them. Ids not the customer's are ignored.
   */
  acknowledgeRemovedItems: endpoint({
    extension: true,
    method: "POST",
    path: "/carts/acknowledge-removed-items",
    body: z.object({
      storeId: ownStoreId,
      customerId: ownCustomerId,
      removalIds: z.array(z.string().trim().min(1).max(64)).min(1).max(100),
    }),
    reply: z.object({ acknowledged: z.number() }),
  }),
  /** At login (bearer and X-Guest-Cart-Key): the visitor's cart joins the customer's. */
  mergeGuestCart: endpoint({
    extension: true,
    method: "POST",
    path: "/carts/merge-guest-cart",
    body: z.object({ storeId: ownStoreId, customerId: ownCustomerId }),
    reply: guestCartMergeReply,
  }),
};
