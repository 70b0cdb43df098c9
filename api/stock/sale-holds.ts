/**
 * What a sale holds while it may still be paid or is paid: a use of its coupon, and the pieces
 * and seats its lines took at the finish (docs/decisions/0067-stock-and-seats.md). The one home
 * of taking, giving back and taking again, for every status change (api/payments/payment-sync.ts,
 * expireOverdueSales, the gestor's cancel, confirm and refund, a Pix code renewed):
 *   - the claim takes stock of the cart's tracked lines, all or nothing (SoldOutError), and
 *     counts the coupon use;
 *   - a sale leaving the holding statuses (declined, expired, cancelled, refunded, charged back)
 *     gives both back, once: each line is marked returned (stock_returned_at) by the update
 *     that gives it back. A refund gives back a course's seats always, physical pieces only
 *     when the gestor says they came back, and never those already picked up at the unit
 *     (issue 30); a piece not returned stays out (stock_returned_at null) and can be given
 *     back later;
 *   - a sale coming back (an expired sale paid late or confirmed, a Pix code renewed) counts
 *     the coupon again and takes its lines again where stock allows: the lines it could not
 *     take are answered, for the caller to refuse (Pix) or report (money already received).
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import type { Kysely } from "kysely";
import type { Database, SaleStatus } from "#db/schema.ts";
import {
  decrementIfAvailable,
  findStockLevels,
  giveBackStock,
  lockStockLevel,
  recordMovement,
  returnOfferedSeat,
  stockKeyOf,
  takeStock,
} from "./repository.ts";
import { takeSeatOffer } from "./seat-offers.ts";

/** Statuses in which a sale holds its coupon use and its stock. */
export const HOLDING_STATUSES: readonly SaleStatus[] = ["processing", "pending", "paid"];

export const holdsGoods = (status: SaleStatus) => HOLDING_STATUSES.includes(status);

/** TIPO S: a course's or event's seat, given back on any end of the sale (a refund too). */
const SEAT_TYPE = "S";
export const isSeat = (type: string) => type === SEAT_TYPE;

/** A line of a sale, as the stock and the customer know it. */
export interface StockLine {
  unitCode: string;
  itemTOTVSId: number;
  quantity: number;
  title: string;
  /** The variant's option ("M"); null for a product without variants. */
  optionValue: string | null;
}

/** The cart's lines that could not be taken: the finish answers 409 ITEM_SOLD_OUT. */
export class SoldOutError extends Error {
  lines: StockLine[];
  constructor(lines: StockLine[]) {
    super(`Esgotado: ${lines.map((line) => line.itemTOTVSId).join(", ")}`);
    this.name = "SoldOutError";
    this.lines = lines;
  }
}

/**
 * Takes the stock of every tracked line (an item with no stock_levels row sells untracked: 0).
 * Answers what each line took, in order; throws SoldOutError naming every line short of stock,
 * for the caller's transaction to roll back what was taken. The ledger rows come with
 * recordSaleTakes, once the sale exists.
 */
export async function takeSaleStock(
  trx: Kysely<Database>,
  storeId: number,
  lines: readonly StockLine[],
  at: string,
  /** The claim's customer and sale: a seat a waiting list holds for them is theirs to take. */
  buyer?: { customerId: string; saleId: string },
): Promise<number[]> {
  const levels = await findStockLevels(
    trx,
    storeId,
    lines.map((line) => ({ unitCode: line.unitCode, itemTotvsId: line.itemTOTVSId })),
  );
  const taken = lines.map(() => 0);
  const soldOut: StockLine[] = [];
  const indexes = inLockOrder(
    lines.map((_, index) => index),
    (index) => ({ unitCode: lines[index]!.unitCode, itemTotvsId: lines[index]!.itemTOTVSId }),
  );
  for (const index of indexes) {
    const line = lines[index]!;
    const item = { storeId, unitCode: line.unitCode, itemTotvsId: line.itemTOTVSId };
    if (!levels.has(stockKeyOf(item))) continue;
    // Their offer's seat, held out of `available`, goes back in and is taken below, under the
    // row's lock: nobody else can take it in between (docs/decisions/0070-waiting-list.md).
    // The level's row first, as every other path that touches an offer (decline, expiry, the
    // gestor's move): one lock order, no deadlock on PostgreSQL.
    if (buyer) await lockStockLevel(trx, item);
    if (buyer && (await takeSeatOffer(trx, item, buyer, at))) await returnOfferedSeat(trx, item, at);
    if (await decrementIfAvailable(trx, item, line.quantity, at)) taken[index] = line.quantity;
    else soldOut.push(line);
  }
  if (soldOut.length > 0) throw new SoldOutError(soldOut);
  return taken;
}

/**
 * Rows by unit and item code: every transaction locks stock rows in this order, so two on
 * PostgreSQL never wait for each other's rows crosswise (a deadlock).
 */
function inLockOrder<T>(rows: readonly T[], itemOf: (row: T) => { unitCode: string; itemTotvsId: number }): T[] {
  const compare = (a: T, b: T) => {
    const [x, y] = [itemOf(a), itemOf(b)];
    return x.unitCode < y.unitCode ? -1 : x.unitCode > y.unitCode ? 1 : x.itemTotvsId - y.itemTotvsId;
  };
  return [...rows].sort(compare);
}

/** The ledger rows of a claim's takes (takeSaleStock), for the sale now written. */
export async function recordSaleTakes(
  trx: Kysely<Database>,
  sale: { id: string; storeId: number },
  lines: readonly StockLine[],
  taken: readonly number[],
  at: string,
): Promise<void> {
  for (const [index, line] of lines.entries()) {
    const quantity = taken[index] ?? 0;
    if (quantity === 0) continue;
    await recordMovement(
      trx,
      { storeId: sale.storeId, unitCode: line.unitCode, itemTotvsId: line.itemTOTVSId },
      -quantity,
      { reason: "sale", saleId: sale.id, at },
    );
  }
}

/** The lines of those sales that took stock, with their sale's store. */
function stockLinesOf(trx: Kysely<Database>, saleIds: readonly string[]) {
  return (
    trx
      .selectFrom("sale_bag_items as i")
      .innerJoin("sale_bags as b", "b.id", "i.sale_bag_id")
      .innerJoin("sales as s", "s.id", "b.sale_id")
      .select(["i.id", "i.item_totvs_id", "i.unit_code", "i.type", "i.stock_taken", "i.title", "i.option_value"])
      .select("i.delivery_state")
      .select(["s.id as sale_id", "s.store_id"])
      .where("b.sale_id", "in", saleIds)
      .where("i.stock_taken", ">", 0)
      // The order takeSaleStock locks rows in (inLockOrder).
      .orderBy("i.unit_code")
      .orderBy("i.item_totvs_id")
  );
}

const itemOfRow = (row: { unit_code: string; item_totvs_id: number }) => ({
  unitCode: row.unit_code,
  itemTotvsId: row.item_totvs_id,
});

/**
 * Gives back what those sales hold: their coupon uses, and the stock of their lines not yet
 * returned (each line once, whoever else releases it meanwhile). `piecesReturned: false` (a
 * refund whose pieces stayed with the customer) gives back seats only.
 */
export async function releaseSaleHolds(
  trx: Kysely<Database>,
  saleIds: readonly string[],
  at: string,
  { piecesReturned = true, whatsapp }: { piecesReturned?: boolean; whatsapp?: { nudge?: () => void } } = {},
): Promise<void> {
  if (saleIds.length === 0) return;
  await trx.deleteFrom("coupon_uses").where("sale_id", "in", saleIds).execute();
  const lines = await stockLinesOf(trx, saleIds).where("i.stock_returned_at", "is", null).execute();
  for (const line of inLockOrder(lines, itemOfRow)) {
    if (!piecesReturned && !isSeat(line.type)) continue;
    // A piece picked up at the unit is with the family (issue 30): a refund gives it back only
    // once it comes back, as a later change of the stock, never by the status change.
    if (!isSeat(line.type) && line.delivery_state === "picked_up") continue;
    const marked = await trx
      .updateTable("sale_bag_items")
      .set({ stock_returned_at: at })
      .where("id", "=", line.id)
      .where("stock_returned_at", "is", null)
      .executeTakeFirst();
    if (marked.numUpdatedRows === 0n) continue;
    await giveBackStock(
      trx,
      { storeId: line.store_id, unitCode: line.unit_code, itemTotvsId: line.item_totvs_id },
      line.stock_taken,
      { reason: "release", saleId: line.sale_id, at, whatsapp },
    );
  }
}

/**
 * A sale holding again (paid late, confirmed, a Pix code renewed): its coupon use is counted
 * again and each line given back is taken again where stock allows. Answers the lines it
 * could not take (they stay returned: the sale holds nothing for them).
 */
export async function retakeSaleHolds(
  trx: Kysely<Database>,
  sale: { id: string; store_id: number; customer_id: string; coupon_code: string | null },
  at: string,
): Promise<StockLine[]> {
  await countCouponUse(trx, sale, at);
  const lines = await stockLinesOf(trx, [sale.id]).where("i.stock_returned_at", "is not", null).execute();
  const missing: StockLine[] = [];
  for (const line of inLockOrder(lines, itemOfRow)) {
    const item = { storeId: line.store_id, unitCode: line.unit_code, itemTotvsId: line.item_totvs_id };
    if (await takeStock(trx, item, line.stock_taken, { reason: "retake", saleId: sale.id, at })) {
      await trx.updateTable("sale_bag_items").set({ stock_returned_at: null }).where("id", "=", line.id).execute();
    } else {
      missing.push({
        unitCode: line.unit_code,
        itemTOTVSId: line.item_totvs_id,
        quantity: line.stock_taken,
        title: line.title,
        optionValue: line.option_value,
      });
    }
  }
  return missing;
}

/**
 * The holds of a status change: given back when the sale leaves the holding statuses, taken
 * again when it comes back. Answers the lines a return could not take again.
 */
export async function moveSaleHolds(
  trx: Kysely<Database>,
  sale: { id: string; store_id: number; customer_id: string; coupon_code: string | null },
  from: SaleStatus,
  to: SaleStatus,
  at: string,
  options: { piecesReturned?: boolean; whatsapp?: { nudge?: () => void } } = {},
): Promise<StockLine[]> {
  if (holdsGoods(from) && !holdsGoods(to)) await releaseSaleHolds(trx, [sale.id], at, options);
  if (!holdsGoods(from) && holdsGoods(to)) return retakeSaleHolds(trx, sale, at);
  return [];
}

/** "Camiseta do uniforme (M)": a line as the gestor's and the customer's messages name it. */
export function describeStockLine(line: Pick<StockLine, "title" | "optionValue">): string {
  return line.optionValue ? `${line.title} (${line.optionValue})` : line.title;
}

/**
 * A sale paid after it had given its stock back, when some of it was sold meanwhile: the sale is
 * paid all the same (the money arrived) and the gestor's list of sales shows what is missing,
 * to provide it or refund (the alert kept on the sale, as for the acquirer's surprises).
 */
export async function alertLinesWithoutStock(
  trx: Kysely<Database>,
  sale: { id: string; reference_code: string },
  lines: readonly StockLine[],
): Promise<void> {
  if (lines.length === 0) return;
  const names = lines.map((line) => `${describeStockLine(line)} × ${line.quantity}`).join("; ");
  const alert = `Pagamento confirmado, mas sem estoque para: ${names} (vendido enquanto a compra estava expirada). Providencie o item ou estorne a compra.`;
  console.error(`[estoque] ALERTA: compra ${sale.reference_code} (venda ${sale.id}): ${alert}`);
  await trx.updateTable("sales").set({ acquirer_alert: alert }).where("id", "=", sale.id).execute();
}

/**
 * Counts the sale's coupon use again (a sale that had given it back is paid after all). The
 * coupon is found by its code in the sale's store; a coupon deleted since counts nothing.
 */
async function countCouponUse(
  trx: Kysely<Database>,
  sale: { id: string; store_id: number; customer_id: string; coupon_code: string | null },
  at: string,
): Promise<void> {
  if (!sale.coupon_code) return;
  const coupon = await trx
    .selectFrom("coupons")
    .select("id")
    .where("store_id", "=", sale.store_id)
    .where("code", "=", sale.coupon_code)
    .executeTakeFirst();
  if (coupon) await holdCouponUse(trx, { couponId: coupon.id, customerId: sale.customer_id, saleId: sale.id, at });
}

/**
 * A use of the coupon held by the sale: counted at the claim, so concurrent purchases cannot all
 * pass a coupon's last use, and given back by releaseSaleHolds.
 */
export async function holdCouponUse(
  trx: Kysely<Database>,
  use: { couponId: string; customerId: string; saleId: string; at: string },
): Promise<void> {
  await trx
    .insertInto("coupon_uses")
    .values({
      id: crypto.randomUUID(),
      coupon_id: use.couponId,
      customer_id: use.customerId,
      sale_id: use.saleId,
      created_at: use.at,
    })
    .execute();
}
