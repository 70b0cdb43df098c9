/**
 * Troca (issue 30; docs/decisions/0075): a size that does not fit is swapped at the unit for
 * another active size of the same product at the same selling price, before or after pickup
 * (the state stays). The piece given back returns to the unit's stock and the new one leaves
 * it, through the stock's one home (api/stock/repository.ts, reason "exchange"), in the same
 * transaction as the line's new item code, its history row and the audit row; a sold-out size
 * refuses with nothing changed. A size whose stock is not tracked moves no stock; the old size
 * gets back only what the line took (sale_bag_items.stock_taken).
 */
import type { Kysely } from "kysely";
import { DELIVERY_MESSAGES, type DeliveryLine } from "#api/contract/gestor/delivery.ts";
import { exchangeNote, isSeatType } from "#core/delivery.ts";
import type { Database } from "#db/schema.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, notFound } from "../../errors.ts";
import { findStockLevels, giveBackStock, lockStockLevel, stockKeyOf, takeStock } from "../../stock/repository.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { inScope, type StaffScope } from "../staff/staff-scope.ts";
import { readDeliveryBags } from "./delivery-bags.ts";
import { recordDeliveryEvent } from "./delivery-event.ts";

const M = DELIVERY_MESSAGES;

/** A line of a paid sale of the person's units, with its product's sizes and their selling prices. */
async function exchangeableLine(db: Kysely<Database>, storeId: number, lineId: string, scope: StaffScope) {
  const line = await db
    .selectFrom("sale_bag_items as line")
    .innerJoin("sale_bags as bag", "bag.id", "line.sale_bag_id")
    .innerJoin("sales", "sales.id", "bag.sale_id")
    .select(["line.id", "line.sale_bag_id", "line.item_totvs_id", "line.title", "line.type", "line.unit_code"])
    .select(["line.quantity", "line.stock_taken", "line.option_name", "line.option_value", "line.delivery_state"])
    .select(["sales.id as sale_id", "sales.reference_code"])
    .where("line.id", "=", lineId)
    .where("sales.store_id", "=", storeId)
    .where("sales.status", "=", "paid")
    .executeTakeFirst();
  if (!line || !inScope(scope, line.unit_code)) throw notFound(M.lineNotFound);
  if (isSeatType(line.type) || !line.option_name || !line.option_value) throw new ApiError(422, M.exchangeNotGoods);
  const current = await db
    .selectFrom("product_variants as variant")
    .select(["variant.product_id"])
    .where("variant.store_id", "=", storeId)
    .where("variant.item_totvs_id", "=", line.item_totvs_id)
    .executeTakeFirst();
  if (!current) throw new ApiError(422, M.exchangeNotGoods);
  const sizes = await db
    .selectFrom("product_variants as variant")
    .innerJoin("products", "products.id", "variant.product_id")
    .select(["variant.item_totvs_id", "variant.value", "variant.active"])
    .select((eb) => [eb.fn.coalesce("variant.sale_price_cents", "products.sale_price_cents").as("selling_cents")])
    .where("variant.product_id", "=", current.product_id)
    .orderBy("variant.position")
    .execute();
  const own = sizes.find((size) => size.item_totvs_id === line.item_totvs_id);
  const options = sizes.filter((size) => size.active === 1 && size.item_totvs_id !== line.item_totvs_id);
  return { line, ownSellingCents: own ? Number(own.selling_cents) : null, options };
}

async function lineReply(
  db: Kysely<Database>,
  storeId: number,
  bagId: string,
  lineId: string,
  scope: StaffScope,
  now: Date,
) {
  const [bag] = await readDeliveryBags(db, storeId, [bagId], scope, now);
  return bag!.lines.find((line) => line.id === lineId)!;
}

/** The sizes a line may become, with the unit's stock (null: not tracked) and whether the price matches. */
export async function exchangeOptions(
  db: Kysely<Database>,
  storeId: number,
  lineId: string,
  scope: StaffScope,
  now: Date,
): Promise<{
  line: DeliveryLine;
  saleId: string;
  options: { itemTOTVSId: number; value: string; available: number | null; samePrice: boolean }[];
}> {
  const { line, ownSellingCents, options } = await exchangeableLine(db, storeId, lineId, scope);
  const levels = await findStockLevels(
    db,
    storeId,
    options.map((option) => ({ unitCode: line.unit_code, itemTotvsId: option.item_totvs_id })),
  );
  return {
    line: await lineReply(db, storeId, line.sale_bag_id, line.id, scope, now),
    saleId: line.sale_id,
    options: options.map((option) => ({
      itemTOTVSId: option.item_totvs_id,
      value: option.value,
      available: levels.get(stockKeyOf({ unitCode: line.unit_code, itemTotvsId: option.item_totvs_id })) ?? null,
      samePrice: Number(option.selling_cents) === ownSellingCents,
    })),
  };
}

export async function exchangeLine(
  deps: ApiDeps,
  actor: AuditActor & { kind: "staff" },
  storeId: number,
  scope: StaffScope,
  lineId: string,
  toItemTOTVSId: number,
): Promise<{ line: DeliveryLine; saleId: string }> {
  const { line, ownSellingCents, options } = await exchangeableLine(deps.db, storeId, lineId, scope);
  if (toItemTOTVSId === line.item_totvs_id) throw new ApiError(422, M.exchangeSame);
  const target = options.find((option) => option.item_totvs_id === toItemTOTVSId);
  if (!target) throw new ApiError(422, M.exchangeNotOfProduct);
  if (Number(target.selling_cents) !== ownSellingCents) throw new ApiError(422, M.exchangePrice);
  const now = deps.now();
  const at = now.toISOString();
  const note = exchangeNote(line.option_name!, line.option_value!, target.value);
  await deps.db.transaction().execute(async (trx) => {
    const given = { storeId, unitCode: line.unit_code, itemTotvsId: target.item_totvs_id };
    const back = { storeId, unitCode: line.unit_code, itemTotvsId: line.item_totvs_id };
    const movement = {
      reason: "exchange" as const,
      at,
      saleId: line.sale_id,
      staffId: actor.staffId,
      note,
      whatsapp: deps.whatsapp,
    };
    // Stock rows in item order, as every other path locks them (api/stock/sale-holds.ts): no
    // deadlock on PostgreSQL.
    const tracked = new Map<number, boolean>();
    for (const item of [given, back].sort((a, b) => a.itemTotvsId - b.itemTotvsId))
      tracked.set(item.itemTotvsId, (await lockStockLevel(trx, item)) !== undefined);
    // The line changes only from the size the page showed: a second click finds it changed.
    const changed = await trx
      .updateTable("sale_bag_items")
      .set({
        item_totvs_id: target.item_totvs_id,
        option_value: target.value,
        stock_taken: tracked.get(given.itemTotvsId) ? line.quantity : 0,
      })
      .where("id", "=", line.id)
      .where("item_totvs_id", "=", line.item_totvs_id)
      .executeTakeFirst();
    if (changed.numUpdatedRows === 0n) throw new ApiError(409, M.nothingMoved);
    if (tracked.get(given.itemTotvsId) && !(await takeStock(trx, given, line.quantity, movement)))
      throw new ApiError(409, M.exchangeSoldOut);
    // Only what the line took comes back (a size untracked at the sale took nothing), and the
    // line's stock_taken now says what the new size took, so a later refund gives back that.
    if (tracked.get(back.itemTotvsId) && line.stock_taken > 0)
      await giveBackStock(trx, back, line.stock_taken, movement);
    await recordDeliveryEvent(trx, {
      storeId,
      saleId: line.sale_id,
      lineId: line.id,
      kind: "exchanged",
      state: line.delivery_state,
      staffId: actor.staffId,
      note,
      at,
    });
    await recordAudit(
      trx,
      actor,
      {
        action: "delivery.exchange",
        targetType: "sale",
        targetId: line.sale_id,
        summary: `Trocou ${line.title}: ${note}, no pedido ${line.reference_code}`,
        before: { lineId: line.id, itemTOTVSId: line.item_totvs_id, optionValue: line.option_value },
        after: { lineId: line.id, itemTOTVSId: target.item_totvs_id, optionValue: target.value },
      },
      now,
    );
  });
  return { line: await lineReply(deps.db, storeId, line.sale_bag_id, line.id, scope, now), saleId: line.sale_id };
}
