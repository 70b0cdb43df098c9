/**
 * The gestor's actions on carts (spec §6: server side only). Each removal is recorded in
 * cart_removals, and the customer's cart replies list it in itemsRemoved (spec §8) until a
 * page showed the notice (docs/decisions/0007). Used by scripts/gestor.ts.
 *
 * Runs under plain Node (type stripping) for the command-line tool: import only
 * modules without TypeScript-only syntax (no api/errors.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { RemovedCartItem } from "../contract/carts.ts";
import { recordRemovals } from "../carts/cart-removals.ts";
import { readContents, touchCart, writeContents, type CartRow } from "../carts/cart-store.ts";
import { loadCartLines, type CartLine } from "../carts/cart-pricing.ts";
import { lockCustomer } from "../customers/customer-lock.ts";
import { LIVE_SALE_STATUSES } from "../sales/live-sale.ts";
import { GestorError } from "./gestor-error.ts";

interface GestorDeps {
  db: Kysely<Database>;
  now: () => Date;
}

type CustomerCartRow = CartRow & { customer_id: string };

/** A customer's open cart (a visitor's has nobody to tell, so the gestor leaves it alone). */
async function openCartForUpdate(db: Kysely<Database>, cartId: string): Promise<CustomerCartRow> {
  const openCart = () =>
    db
      .selectFrom("carts")
      .selectAll()
      .where("id", "=", cartId)
      .where("deleted_at", "is", null)
      .where("finished_at", "is", null)
      .executeTakeFirst();
  const notFound = () => new GestorError(`Carrinho ${cartId} não encontrado, excluído ou já finalizado.`);
  const seen = await openCart();
  if (!seen || seen.customer_id === null) throw notFound();
  await lockCustomer(db, seen.customer_id);
  // Read again under the lock: a finish that held it may have claimed or closed the cart since
  // the first read (PostgreSQL reads what committed meanwhile; docs/decisions/0010).
  const cart = await openCart();
  if (!cart || cart.customer_id !== seen.customer_id) throw notFound();
  // A finish claimed the cart and is charging it (claim → charge → record): that sale stands.
  const live = await db
    .selectFrom("sales")
    .select("id")
    .where("cart_id", "=", cart.id)
    .where("status", "in", LIVE_SALE_STATUSES)
    .executeTakeFirst();
  if (live) throw notFound();
  return { ...cart, customer_id: seen.customer_id };
}

/** One entry per product, in cart order. */
function removedItems(lines: readonly CartLine[]): RemovedCartItem[] {
  const items = new Map<number, RemovedCartItem>();
  for (const line of lines) items.set(line.itemTOTVSId, { itemTOTVSId: line.itemTOTVSId, title: line.title });
  return [...items.values()];
}

/** Takes one product out of every bag of the cart; a bag left empty goes too, and so does the coupon. */
export function removeCartItem(
  { db, now }: GestorDeps,
  cartId: string,
  itemTOTVSId: number,
): Promise<RemovedCartItem[]> {
  return db.transaction().execute(async (trx) => {
    const at = now().toISOString();
    const cart = await openCartForUpdate(trx, cartId);
    const lines = (await loadCartLines(trx, cart.id)).filter((line) => line.itemTOTVSId === itemTOTVSId);
    if (lines.length === 0) throw new GestorError(`O item ${itemTOTVSId} não está no carrinho ${cartId}.`);
    const contents = (await readContents(trx, cart.id))
      .map((bag) => ({ ...bag, items: bag.items.filter((item) => item.itemTOTVSId !== itemTOTVSId) }))
      .filter((bag) => bag.items.length > 0);
    await writeContents(trx, cart.id, contents, at);
    await touchCart(trx, cart, { coupon_id: null }, at);
    const removed = removedItems(lines);
    await recordRemovals(trx, { cartId: cart.id, customerId: cart.customer_id, at }, removed);
    return removed;
  });
}

/** Deletes the whole cart (kept for history with deleted_at); the customer's next add starts a new one. */
export function deleteCart({ db, now }: GestorDeps, cartId: string): Promise<RemovedCartItem[]> {
  return db.transaction().execute(async (trx) => {
    const at = now().toISOString();
    const cart = await openCartForUpdate(trx, cartId);
    const removed = removedItems(await loadCartLines(trx, cart.id));
    await trx
      .updateTable("carts")
      .set((eb) => ({ deleted_at: at, updated_at: at, version: eb("version", "+", 1) }))
      .where("id", "=", cart.id)
      .execute();
    await recordRemovals(trx, { cartId: cart.id, customerId: cart.customer_id, at }, removed);
    return removed;
  });
}

export interface CartSummary {
  cartId: string;
  storeId: number;
  customer: string;
  status: "aberto" | "excluído" | "finalizado";
  version: number;
  updatedAt: string;
  couponId: string | null;
  items: { student: string; itemTOTVSId: number; title: string; quantity: number }[];
}

/** The carts of the customers with this e-mail (any store), newest first, for the gestor to pick one. */
export async function listCartsByEmail({ db }: Pick<GestorDeps, "db">, email: string): Promise<CartSummary[]> {
  const carts = await db
    .selectFrom("carts")
    .innerJoin("customers", "customers.id", "carts.customer_id")
    .selectAll("carts")
    .select("customers.email")
    .where("customers.email", "=", email.trim().toLowerCase())
    .orderBy("carts.updated_at", "desc")
    .execute();
  const summaries: CartSummary[] = [];
  for (const cart of carts) {
    const lines = await loadCartLines(db, cart.id);
    summaries.push({
      cartId: cart.id,
      storeId: cart.store_id,
      customer: cart.email,
      status: cart.deleted_at ? "excluído" : cart.finished_at ? "finalizado" : "aberto",
      version: cart.version,
      updatedAt: cart.updated_at,
      couponId: cart.coupon_id,
      items: lines.map((line) => ({
        student: line.studentName ?? "Selecionar estudante",
        itemTOTVSId: line.itemTOTVSId,
        title: line.title,
        quantity: line.quantity,
      })),
    });
  }
  return summaries;
}
