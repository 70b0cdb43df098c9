/**
 * POST /carts/merge-guest-cart: at login or registration the visitor's cart joins the
 * account's cart (docs/decisions/0009-guest-carts.md). Its items go to the account's bag
 * without a student ("Selecionar estudante"), where the checkout asks who each is for:
 *  - an ordinary item already waiting there is summed, up to the maximum quantity;
 *  - a course, event or manual item (one unit per student) already anywhere in the
 *    account's cart is left out, as is anything no longer for sale;
 *  - a change drops the account's coupon, as any change does (spec §4).
 * The visitor's cart is deleted, so a second call (a double submit) finds nothing to do.
 */
import { isSingleUnitType, MAX_QUANTITY } from "#core/cart-rules.ts";
import type { GuestCartMerge, GuestCartMergeReply } from "../contract/carts.ts";
import type { CustomerRow } from "../customers/repository.ts";
import type { ApiDeps } from "../deps.ts";
import { loadCartLines, type CartLine } from "./cart-pricing.ts";
import { lockCustomer } from "../customers/customer-lock.ts";
import { affiliateOf } from "./service.ts";
import {
  createCart,
  deleteCartRows,
  findOpenCart,
  findOpenGuestCart,
  readContents,
  touchCart,
  writeContents,
  type StoredBag,
} from "./repository.ts";
import { cartReply } from "./cart-view.ts";

export const MERGE_REASONS = {
  alreadyInCart: "já estava no carrinho",
  unavailable: "indisponível",
  atMaximum: `já estava no carrinho na quantidade máxima (${MAX_QUANTITY})`,
} as const;

type WaitingItem = StoredBag["items"][number];

/** What joining the visitor's lines to the account's student-less bag gives, and the report. */
export function mergeLines(
  accountLines: readonly Pick<CartLine, "itemTOTVSId" | "type">[],
  waiting: readonly WaitingItem[],
  guestLines: readonly Pick<CartLine, "itemTOTVSId" | "productId" | "title" | "type" | "quantity" | "shoppable">[],
): { items: WaitingItem[]; report: Omit<GuestCartMerge, "couponRemoved"> } {
  const items = waiting.map((item) => ({ ...item }));
  const report: Omit<GuestCartMerge, "couponRemoved"> = { added: [], skipped: [] };
  const inAccount = new Set(accountLines.map((line) => line.itemTOTVSId));
  for (const line of guestLines) {
    const skip = (reason: string) => report.skipped.push({ itemTOTVSId: line.itemTOTVSId, title: line.title, reason });
    if (!line.shoppable) {
      skip(MERGE_REASONS.unavailable);
      continue;
    }
    if (isSingleUnitType(line.type) && inAccount.has(line.itemTOTVSId)) {
      skip(MERGE_REASONS.alreadyInCart);
      continue;
    }
    const same = items.find((item) => item.itemTOTVSId === line.itemTOTVSId);
    const before = same?.quantity ?? 0;
    const after = Math.min(MAX_QUANTITY, before + line.quantity);
    if (after === before) {
      skip(MERGE_REASONS.atMaximum);
      continue;
    }
    if (same) same.quantity = after;
    else items.push({ productId: line.productId, itemTOTVSId: line.itemTOTVSId, quantity: after });
    report.added.push({ itemTOTVSId: line.itemTOTVSId, title: line.title, quantity: after - before });
  }
  return { items, report };
}

export async function mergeGuestCart(
  deps: ApiDeps,
  customer: CustomerRow,
  guestKeyHash: string,
): Promise<GuestCartMergeReply> {
  return deps.db.transaction().execute(async (trx) => {
    const at = deps.now().toISOString();
    await lockCustomer(trx, customer.id);
    const guest = await findOpenGuestCart(trx, guestKeyHash, customer.store_id);
    const nothing: GuestCartMerge = { added: [], skipped: [], couponRemoved: false };
    if (!guest) return { ...(await cartReply(trx, customer, deps.now())), merge: nothing };

    const guestLines = await loadCartLines(trx, guest.id);
    // Deleted first: of two merges of the same key at once, the second finds no rows.
    await deleteCartRows(trx, [guest.id]);

    const cart = await findOpenCart(trx, customer.id, customer.store_id);
    const contents = cart ? await readContents(trx, cart.id) : [];
    const accountLines = cart ? await loadCartLines(trx, cart.id) : [];
    const waitingBag = contents.find((bag) => bag.studentId === null);
    const { items, report } = mergeLines(accountLines, waitingBag?.items ?? [], guestLines);
    const merge: GuestCartMerge = { ...report, couponRemoved: false };
    if (report.added.length > 0) {
      const bags = waitingBag
        ? contents.map((bag) => (bag === waitingBag ? { studentId: null, items } : bag))
        : [...contents, { studentId: null, items }];
      if (cart) {
        await writeContents(trx, cart.id, bags, at);
        await touchCart(trx, cart, { coupon_id: null }, at);
        merge.couponRemoved = cart.coupon_id !== null;
      } else {
        const affiliateId = await affiliateOf(trx, guest.affiliate_id, bags);
        await createCart(
          trx,
          { storeId: customer.store_id, owner: { customerId: customer.id }, affiliateId, at },
          bags,
        );
      }
    }
    return { ...(await cartReply(trx, customer, deps.now())), merge };
  });
}
