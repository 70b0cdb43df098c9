/**
 * A count set by hand in Estoque (issue 28): through the stock repository, so the level and its
 * ledger row (reason 'adjust', the person, the reason typed) change together, with the audit
 * entry, in one transaction. The form carries the level it showed (`seen`): when the level is
 * another now (a second tab, a sale, a cancel), the transaction rolls back and the person is
 * told the current count, so nobody's change is overwritten unseen.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  alreadyTracked,
  belowZero,
  staleLevel,
  STOCK_MESSAGES,
  type StockAdjustFields,
} from "../../contract/gestor/stock.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, notFound } from "../../errors.ts";
import { setStockLevel, type Movement, type StockItem } from "../../stock/repository.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { inScope, type StaffScope } from "../staff/staff-scope.ts";
import { findStockItem, itemOfUnit } from "./stock-items.ts";

type Db = Kysely<Database>;

/** How the audit log and the errors name an item: "Camisa Polo (M)", or its code. */
const describeItem = (item: { title: string | null; optionValue: string | null }, code: number) =>
  item.title ? `${item.title}${item.optionValue ? ` (${item.optionValue})` : ""}` : `item ${code}`;

/**
 * The item's name, when it may be tracked in the unit: an item already tracked, or a product's
 * or a size's code of the unit (a model whose sizes carry the stock is refused). 404 otherwise.
 */
export async function trackableItemName(
  db: Db,
  storeId: number,
  unitCode: string,
  itemTotvsId: number,
  scope: StaffScope,
): Promise<{ name: string; tracked: boolean; classSeats: boolean }> {
  if (!inScope(scope, unitCode)) throw notFound(STOCK_MESSAGES.notFound);
  const tracked = await findStockItem(db, storeId, unitCode, itemTotvsId, scope);
  // A class's seats follow its capacity (the product form): `classSeats` says a count typed here
  // may not change them.
  if (tracked)
    return { name: describeItem(tracked, itemTotvsId), tracked: true, classSeats: tracked.capacity !== null };
  const known = await itemOfUnit(db, storeId, unitCode, itemTotvsId);
  if (!known) throw notFound(STOCK_MESSAGES.unknownItem);
  if (known.kind === "model") throw new ApiError(409, STOCK_MESSAGES.modelCode);
  if (known.kind === "class") throw new ApiError(409, STOCK_MESSAGES.classSeats);
  return { name: known.title, tracked: false, classSeats: false };
}

/**
 * A count the staff set (an adjust or an import row), with its ledger row: the level before
 * (null: not tracked until now).
 */
export async function applyStockCount(
  trx: Db,
  item: StockItem,
  available: number,
  movement: Movement,
): Promise<number | null> {
  // Back from sold out (0 → more), setStockLevel queues the item's "Avise-me quando chegar"
  // e-mails in this same transaction (decision 0069): a caller that then refuses (a stale level)
  // rolls them back with the level.
  return setStockLevel(trx, item, available, movement);
}

export async function adjustStock(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  scope: StaffScope,
  adjust: StockAdjustFields,
): Promise<{ before: number | null; available: number; changed: boolean }> {
  const { unitCode, itemTOTVSId, seen } = adjust;
  const { name, classSeats } = await trackableItemName(deps.db, storeId, unitCode, itemTOTVSId, scope);
  if (classSeats) throw new ApiError(409, STOCK_MESSAGES.classSeats);
  const available = adjust.mode === "set" ? adjust.amount : (seen ?? 0) + adjust.amount;
  if (available < 0) throw new ApiError(409, belowZero(seen ?? 0));
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = await applyStockCount(trx, { storeId, unitCode, itemTotvsId: itemTOTVSId }, available, {
      reason: "adjust",
      at: now.toISOString(),
      staffId: actor.kind === "staff" ? actor.staffId : null,
      note: adjust.reason,
      whatsapp: deps.whatsapp,
    });
    // Throwing rolls the level and its ledger row back: nothing changed.
    if (seen === undefined && before !== null) throw new ApiError(409, alreadyTracked(before));
    if (seen !== undefined && before !== seen) throw new ApiError(409, staleLevel(before));
    if (before === available) return { before, available, changed: false };
    await recordAudit(
      trx,
      actor,
      {
        action: "stock.adjust",
        targetType: "stock_item",
        targetId: `${unitCode}/${itemTOTVSId}`,
        summary: `Ajustou o estoque de ${name} na unidade ${unitCode}: ${before ?? "não acompanhado"} → ${available} (${adjust.reason})`,
        before: before === null ? null : { available: before },
        after: { available, reason: adjust.reason },
      },
      now,
    );
    return { before, available, changed: true };
  });
}
