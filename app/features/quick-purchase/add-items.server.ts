import type { Cart } from "#api/contract/carts.ts";
import { cartPayloadOf, withItemAdded } from "#app/features/cart/cart-changes.ts";
import { storeApi, requireCustomer, type RequestArgs } from "#app/.server/request-context.server.ts";
import { STORE_API_UNAVAILABLE, StoreApiError } from "#app/.server/store-api/index.server.ts";
import { refusalOutcome, type ItemOutcome } from "./item-outcomes.ts";

export type AddItemsResult =
  | { ok: true; outcomes: ItemOutcome[] }
  /** Spec §8: a 402 on a cart add empties the cart and sends the shopper home with its message. */
  | { ok: false; status: 402; message: string };

const inBag = (cart: Cart, studentId: string, itemTOTVS: number) =>
  cart.bags.some((bag) => bag.studentId === studentId && bag.cartItems.some((item) => item.itemTOTVSId === itemTOTVS));

/**
 * Puts each ticked item in the student's bag with the add-item call of spec §7, once per item
 * (the school's own API has no call for several at once), and says per item what happened.
 * An item already in the bag is not sent again (a material list buys one of each). `available`
 * is the list the page offers now: a ticked item no longer on it is unavailable. The cart is
 * read once; each reply is the next write's base, and a change made meanwhile elsewhere (409)
 * is read again and the item tried once more.
 */
export async function addItemsForStudent(
  args: RequestArgs,
  studentId: string,
  ticked: readonly number[],
  available: ReadonlySet<number>,
): Promise<AddItemsResult> {
  const { customer } = requireCustomer(args.context);
  const api = storeApi(args.context);
  let cart = (await api.getCart(customer.id)).cart;
  const outcomes: ItemOutcome[] = [];
  let stopped: string | null = null;

  const send = async (itemTOTVS: number) => {
    const bags = withItemAdded(cartPayloadOf(cart), studentId, itemTOTVS);
    cart = (await api.saveCart(customer.id, bags, cart.version, cart.affiliateId)).cart;
  };

  for (const itemTOTVS of ticked) {
    if (stopped !== null) {
      outcomes.push({ itemTOTVS, result: "failed", message: stopped });
      continue;
    }
    if (!available.has(itemTOTVS)) {
      outcomes.push({ itemTOTVS, result: "unavailable" });
      continue;
    }
    if (inBag(cart, studentId, itemTOTVS)) {
      outcomes.push({ itemTOTVS, result: "already" });
      continue;
    }
    try {
      try {
        await send(itemTOTVS);
      } catch (error) {
        if (!(error instanceof StoreApiError) || error.status !== 409) throw error;
        cart = (await api.getCart(customer.id)).cart;
        if (inBag(cart, studentId, itemTOTVS)) {
          outcomes.push({ itemTOTVS, result: "already" });
          continue;
        }
        await send(itemTOTVS);
      }
      outcomes.push({ itemTOTVS, result: "added" });
    } catch (error) {
      if (!(error instanceof StoreApiError)) throw error;
      if (error.status === 402) return { ok: false, status: 402, message: error.message };
      const outcome = refusalOutcome(itemTOTVS, error.status, error.message);
      if (outcome) {
        outcomes.push(outcome);
        continue;
      }
      if (error.status >= 500) console.error("[compra-rapida] o carrinho não respondeu:", error.status, error.message);
      stopped = error.status >= 500 ? STORE_API_UNAVAILABLE : error.message;
      outcomes.push({ itemTOTVS, result: "failed", message: stopped });
    }
  }
  return { ok: true, outcomes };
}
