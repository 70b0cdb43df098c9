/**
 * "Avise-me quando chegar" (issue 28): an address waiting for a sold-out item code. Kept only for
 * a tracked item of the store that is sold out now (nothing else has anything to wait for), and
 * one pending alert per (store, item, e-mail): asking twice keeps the first. The e-mail goes when
 * the stock returns (api/stock/alerts-on-return.ts).
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { STOCK_ALERT_MESSAGES as M } from "../contract/stock-alerts.ts";
import { ApiError } from "../errors.ts";
import { isSeat } from "./sale-holds.ts";
import { findStockLevels, stockKeyOf } from "./repository.ts";

export interface StockAlertRequest {
  storeId: number;
  itemTotvsId: number;
  email: string;
  /** The logged-in customer asking; null: a visitor who ticked the consent. */
  customerId: string | null;
  /** The storefront's address, for the e-mail's link (ApiDeps.publicUrl). */
  storefrontUrl: string;
  at: string;
}

/** The sellable product or active size of that code, with the unit that sells it. */
async function sellableItem(db: Kysely<Database>, storeId: number, itemTotvsId: number) {
  const products = () => db.selectFrom("products as p").select(["p.unit_code", "p.type"]);
  const enabled = (query: ReturnType<typeof products>) =>
    query.where("p.status", "=", "enabled").where("p.visible", "=", 1).where("p.store_id", "=", storeId);
  const variant = await enabled(
    products()
      .innerJoin("product_variants as v", "v.product_id", "p.id")
      .where("v.item_totvs_id", "=", itemTotvsId)
      .where("v.active", "=", 1),
  ).executeTakeFirst();
  return variant ?? (await enabled(products().where("p.item_totvs_id", "=", itemTotvsId)).executeTakeFirst());
}

/** Keeps the alert, or finds the one already waiting. Refuses (ApiError) what has nothing to wait for. */
export async function createStockAlert(
  db: Kysely<Database>,
  request: StockAlertRequest,
): Promise<{ id: string; alreadyWaiting: boolean }> {
  const item = await sellableItem(db, request.storeId, request.itemTotvsId);
  if (!item) throw new ApiError(404, M.unknownItem);
  if (isSeat(item.type)) throw new ApiError(409, M.seat);
  const stockItem = { unitCode: item.unit_code, itemTotvsId: request.itemTotvsId };
  const available = (await findStockLevels(db, request.storeId, [stockItem])).get(stockKeyOf(stockItem));
  if (available === undefined) throw new ApiError(409, M.notTracked);
  if (available > 0) throw new ApiError(409, M.notSoldOut);
  const id = crypto.randomUUID();
  const inserted = await db
    .insertInto("stock_alerts")
    .values({
      id,
      store_id: request.storeId,
      unit_code: item.unit_code,
      item_totvs_id: request.itemTotvsId,
      email: request.email,
      customer_id: request.customerId,
      consent_at: request.at,
      storefront_url: request.storefrontUrl,
      created_at: request.at,
      notified_at: null,
    })
    .onConflict((oc) => oc.columns(["store_id", "item_totvs_id", "email"]).where("notified_at", "is", null).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { id, alreadyWaiting: false };
  const waiting = await db
    .selectFrom("stock_alerts")
    .select("id")
    .where("store_id", "=", request.storeId)
    .where("item_totvs_id", "=", request.itemTotvsId)
    .where("email", "=", request.email)
    .where("notified_at", "is", null)
    .executeTakeFirstOrThrow();
  return { id: waiting.id, alreadyWaiting: true };
}

/** The account's alerts: asked while logged in, or for its address in its store while logged out. */
function ofCustomer(customer: { id: string; email: string; store_id: number }) {
  return (eb: ExpressionBuilder<Database, "stock_alerts">) =>
    eb.or([
      eb("customer_id", "=", customer.id),
      eb.and([eb("store_id", "=", customer.store_id), eb("email", "=", customer.email)]),
    ]);
}

/** "Baixar meus dados": the account's alerts, answered ones too, oldest first. */
export function listCustomerStockAlerts(
  db: Kysely<Database>,
  customer: { id: string; email: string; store_id: number },
) {
  return db
    .selectFrom("stock_alerts")
    .select(["item_totvs_id", "email", "created_at", "notified_at"])
    .where(ofCustomer(customer))
    .orderBy("created_at")
    .execute();
}

/** "Excluir minha conta": the account's alerts go, answered ones too. */
export async function deleteCustomerStockAlerts(
  db: Kysely<Database>,
  customer: { id: string; email: string; store_id: number },
): Promise<void> {
  await db.deleteFrom("stock_alerts").where(ofCustomer(customer)).execute();
}

/** A sent alert's record stays this long (what "Baixar meus dados" shows), then goes. */
export const SENT_ALERT_KEPT_DAYS = 30;
/** An alert still waiting after a year waits for a season long gone: it goes, unsent. */
export const PENDING_ALERT_KEPT_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the alerts kept past their time (docs/privacy.md, /privacidade): sent ones 30 days
 * after their e-mail, pending ones a year after they were asked. Run by the storefront's hourly
 * sweep; deleting twice is harmless. Answers how many went.
 */
export async function pruneStockAlerts(db: Kysely<Database>, now: Date): Promise<number> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const sent = await db
    .deleteFrom("stock_alerts")
    .where("notified_at", "is not", null)
    .where("notified_at", "<", before(SENT_ALERT_KEPT_DAYS))
    .executeTakeFirst();
  const stale = await db
    .deleteFrom("stock_alerts")
    .where("notified_at", "is", null)
    .where("created_at", "<", before(PENDING_ALERT_KEPT_DAYS))
    .executeTakeFirst();
  return Number(sent.numDeletedRows) + Number(stale.numDeletedRows);
}
