/**
 * The gestor's actions on carts (spec §6: server side only). Each removal is recorded in
 * cart_removals, and the customer's cart replies list it in itemsRemoved (spec §8) until a
 * page showed the notice (docs/decisions/0007). Each action writes its audit row in its own
 * transaction (docs/decisions/0028). Used by the area's calls (api/gestor/carts/) and by
 * scripts/gestor.ts.
 *
 * Runs under plain Node (type stripping) for the command-line tool: import only
 * modules without TypeScript-only syntax (no api/errors.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { ListDiscountRemoved, RemovedCartItem } from "../../contract/carts.ts";
import { recordRemovals } from "../../carts/cart-removals.ts";
import { readContents, touchCart, writeContents, type CartRow } from "../../carts/repository.ts";
import { listDiscountsLost, loadCartLines, priceCart, type CartLine } from "../../carts/cart-pricing.ts";
import { lockCustomer } from "../../customers/customer-lock.ts";
import { LIVE_SALE_STATUSES } from "../../sales/live-sale.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { GestorError } from "../gestor-error.ts";
import { cartsOfUnits, inScope, unitsOf, type StaffScope } from "../staff/staff-scope.ts";

interface GestorDeps {
  db: Kysely<Database>;
  now: () => Date;
}

type CustomerCartRow = CartRow & { customer_id: string; customer_email: string };

export const CART_NOT_FOUND = "Carrinho não encontrado: ele foi excluído ou já virou uma compra.";
export const ITEM_NOT_IN_CART = "Este produto não está mais no carrinho.";
/** A finish claimed the cart and is charging it (claim → charge → record): that sale stands. */
export const cartHeldBySale = (referenceCode: string) =>
  `Este carrinho não pode ser alterado agora: a compra ${referenceCode} está sendo paga com ele. Consulte-a em Pedidos.`;

export const ITEM_OF_OTHER_UNIT =
  "Este produto é de outra unidade: peça a um administrador ou ao atendimento que o remova.";
export const CART_OF_OTHER_UNITS =
  "O carrinho tem itens de outra unidade: peça a um administrador ou ao atendimento que o exclua.";

/** Why a gestor's cart action was refused, with the status the area's call answers. */
export class CartRefusal extends GestorError {
  status: 403 | 404 | 409;
  constructor(message: string, status: 403 | 404 | 409) {
    super(message);
    this.name = "CartRefusal";
    this.status = status;
  }
}

/**
 * A customer's open cart (a visitor's has nobody to tell, so the gestor leaves it alone), when
 * the person sees it: a secretary, a cart of her units (decision 0061); not found otherwise.
 */
async function openCartForUpdate(db: Kysely<Database>, cartId: string, scope: StaffScope): Promise<CustomerCartRow> {
  const units = unitsOf(scope);
  const openCart = () =>
    db
      .selectFrom("carts")
      .innerJoin("customers", "customers.id", "carts.customer_id")
      .selectAll("carts")
      .select("customers.email as customer_email")
      .where("carts.id", "=", cartId)
      .where("carts.deleted_at", "is", null)
      .where("carts.finished_at", "is", null)
      .$if(units !== null, (qb) => qb.where("carts.id", "in", cartsOfUnits(db, units!)))
      .executeTakeFirst();
  const notFound = () => new CartRefusal(CART_NOT_FOUND, 404);
  const seen = await openCart();
  if (!seen || seen.customer_id === null) throw notFound();
  await lockCustomer(db, seen.customer_id);
  // Read again under the lock: a finish that held it may have claimed or closed the cart since
  // the first read (PostgreSQL reads what committed meanwhile; docs/decisions/0010).
  const cart = await openCart();
  if (!cart || cart.customer_id !== seen.customer_id) throw notFound();
  const live = await db
    .selectFrom("sales")
    .select("reference_code")
    .where("cart_id", "=", cart.id)
    .where("status", "in", LIVE_SALE_STATUSES)
    .executeTakeFirst();
  if (live) throw new CartRefusal(cartHeldBySale(live.reference_code), 409);
  return { ...cart, customer_id: seen.customer_id };
}

/** One entry per product, in cart order. */
export function removedItems(lines: readonly CartLine[]): RemovedCartItem[] {
  const items = new Map<number, RemovedCartItem>();
  for (const line of lines) items.set(line.itemTOTVSId, { itemTOTVSId: line.itemTOTVSId, title: line.title });
  return [...items.values()];
}

/** A cart's lines as the audit log keeps them: who, what, how many. */
export function auditedLines(lines: readonly CartLine[]) {
  return lines.map((line) => ({
    student: line.studentName,
    RA: line.studentRA,
    itemTOTVSId: line.itemTOTVSId,
    title: line.title,
    quantity: line.quantity,
  }));
}

/** The audit entry of a change to a customer's cart: what it held before and after, line by line. */
function auditCartChange(
  trx: Kysely<Database>,
  actor: AuditActor,
  cart: CustomerCartRow,
  change: { action: string; summary: string; before: readonly CartLine[]; after: readonly CartLine[] },
  at: Date,
): Promise<void> {
  const { action, summary, before, after } = change;
  return recordAudit(
    trx,
    actor,
    {
      action,
      targetType: "cart",
      targetId: cart.id,
      summary,
      before: auditedLines(before),
      after: auditedLines(after),
    },
    at,
  );
}

/**
 * Takes one product out of every bag of the cart; a bag left empty goes too, and so does the
 * coupon. Answers what was removed and the bags whose material list discount went with it (a
 * required line of the list: docs/decisions/0072), so the person is told; the customer's cart
 * says it on the bag.
 */
export function removeCartItem(
  { db, now }: GestorDeps,
  actor: AuditActor,
  scope: StaffScope,
  cartId: string,
  itemTOTVSId: number,
): Promise<{ removed: RemovedCartItem[]; listDiscountRemoved: ListDiscountRemoved[] }> {
  return db.transaction().execute(async (trx) => {
    const when = now();
    const at = when.toISOString();
    const cart = await openCartForUpdate(trx, cartId, scope);
    const before = await loadCartLines(trx, cart.id);
    const lines = before.filter((line) => line.itemTOTVSId === itemTOTVSId);
    if (lines.length === 0) throw new CartRefusal(ITEM_NOT_IN_CART, 404);
    // A secretary removes her units' products only (decision 0061).
    if (!lines.every((line) => inScope(scope, line.unitCode))) throw new CartRefusal(ITEM_OF_OTHER_UNIT, 403);
    const contents = (await readContents(trx, cart.id))
      .map((bag) => ({ ...bag, items: bag.items.filter((item) => item.itemTOTVSId !== itemTOTVSId) }))
      .filter((bag) => bag.items.length > 0);
    const pricedBefore = await priceCart(trx, cart.id, when);
    await writeContents(trx, cart.id, contents, at);
    const listDiscountRemoved = listDiscountsLost(pricedBefore, await priceCart(trx, cart.id, when));
    await touchCart(trx, cart, { coupon_id: null }, at);
    const removed = removedItems(lines);
    await recordRemovals(trx, { cartId: cart.id, customerId: cart.customer_id, at }, removed);
    const after = before.filter((line) => line.itemTOTVSId !== itemTOTVSId);
    const summary = `Removeu ${lines[0]!.title} do carrinho de ${cart.customer_email}`;
    await auditCartChange(trx, actor, cart, { action: "cart.remove-item", summary, before, after }, when);
    return { removed, listDiscountRemoved };
  });
}

/** Deletes the whole cart (kept for history with deleted_at); the customer's next add starts a new one. */
export function deleteCart(
  { db, now }: GestorDeps,
  actor: AuditActor,
  scope: StaffScope,
  cartId: string,
): Promise<RemovedCartItem[]> {
  return db.transaction().execute(async (trx) => {
    const when = now();
    const at = when.toISOString();
    const cart = await openCartForUpdate(trx, cartId, scope);
    const before = await loadCartLines(trx, cart.id);
    // A secretary deletes a cart only when every product in it is of her units (decision 0061).
    if (!before.every((line) => inScope(scope, line.unitCode))) throw new CartRefusal(CART_OF_OTHER_UNITS, 403);
    const removed = removedItems(before);
    await trx
      .updateTable("carts")
      .set((eb) => ({ deleted_at: at, updated_at: at, version: eb("version", "+", 1) }))
      .where("id", "=", cart.id)
      .execute();
    await recordRemovals(trx, { cartId: cart.id, customerId: cart.customer_id, at }, removed);
    const summary = `Excluiu o carrinho de ${cart.customer_email}`;
    await auditCartChange(trx, actor, cart, { action: "cart.delete", summary, before, after: [] }, when);
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
