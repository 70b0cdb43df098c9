/**
 * Carrinhos (docs/decisions/0031): the search (a GET form, so a result has an address to come
 * back to) and the two actions, each answered by going back to the same search with a toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { cartLookup, gestorCarts, type CartLookupKey, type GestorCart } from "#api/contract/gestor/carts.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { listDiscountRemovedMessage } from "#app/features/cart/list-discount.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { requireStaff } from "../staff-guard.server.ts";
import {
  CART_SEARCH_PARAMS,
  DELETE_CART_INTENT,
  deleteCartSchema,
  REMOVE_ITEM_INTENT,
  removeItemSchema,
} from "./cart-forms.ts";

export const ITEM_REMOVED = "Produto removido do carrinho. O cliente verá o aviso na próxima página que abrir.";
export const CART_DELETED = "Carrinho excluído. O cliente verá o aviso ao finalizar a compra.";

export interface CartsPage {
  search: { by: CartLookupKey; q: string };
  /** Null before a search. */
  carts: GestorCart[] | null;
  error: string | null;
}

function searchOf(url: URL): { by: CartLookupKey; q: string | null } {
  const by = url.searchParams.get(CART_SEARCH_PARAMS.by);
  return {
    by: by === "cpf" || by === "ra" ? by : "email",
    q: url.searchParams.get(CART_SEARCH_PARAMS.q)?.slice(0, 300) ?? null,
  };
}

/** The page's own address for a search: where an action comes back to. */
export function cartSearchHref(by: CartLookupKey, q: string): string {
  const params = new URLSearchParams({ [CART_SEARCH_PARAMS.by]: by, [CART_SEARCH_PARAMS.q]: q });
  return `${GESTOR_PATHS.carts}?${params}`;
}

export async function loadCartsPage(request: Request): Promise<CartsPage> {
  const { call } = await requireStaff(request, { part: "carts" });
  const { by, q } = searchOf(new URL(request.url));
  if (q === null) return { search: { by, q: "" }, carts: null, error: null };
  const lookup = cartLookup.safeParse({ by, q });
  if (!lookup.success) return { search: { by, q }, carts: null, error: lookup.error.issues[0]?.message ?? null };
  try {
    const { carts } = await call(gestorCarts.find, {}, { query: lookup.data });
    return { search: { by, q }, carts, error: null };
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return { search: { by, q }, carts: null, error: error.message };
  }
}

export async function cartsAction(request: Request) {
  const { call } = await requireStaff(request, { part: "carts" });
  const { by, q } = searchOf(new URL(request.url));
  const back = q === null ? GESTOR_PATHS.carts : cartSearchHref(by, q);
  const formData = await request.formData();
  const intent = formData.get("intent");
  try {
    if (intent === REMOVE_ITEM_INTENT) {
      const submission = parseWithZod(formData, { schema: removeItemSchema });
      if (submission.status !== "success") throw new Response("Produto inválido.", { status: 400 });
      const { cartId, itemTOTVSId } = submission.value;
      const { listDiscountRemoved } = await call(gestorCarts.removeItem, { cartId }, { body: { itemTOTVSId } });
      // A required line of a bag's material list: its discount went too, and the person is told (0072).
      if (listDiscountRemoved.length > 0)
        return toasts().redirectWithWarning(back, {
          message: ITEM_REMOVED,
          description: listDiscountRemovedMessage(listDiscountRemoved, { named: true }),
        });
      return toasts().redirectWithSuccess(back, ITEM_REMOVED);
    }
    if (intent === DELETE_CART_INTENT) {
      const submission = parseWithZod(formData, { schema: deleteCartSchema });
      if (submission.status !== "success")
        return formReply({ cartId: String(formData.get("cartId") ?? ""), result: submission.reply() }, 400);
      await call(gestorCarts.deleteCart, { cartId: submission.value.cartId });
      return toasts().redirectWithSuccess(back, CART_DELETED);
    }
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    // Refused by the cart rules (gone, or held by a sale): the page as it is now, and why.
    return toasts().redirectWithError(back, error.message);
  }
  throw new Response("Ação desconhecida.", { status: 400 });
}
