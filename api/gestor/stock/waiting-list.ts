/**
 * A class's waiting list in Estoque (api/contract/gestor/waiting-list.ts; decision 0070): the
 * live entries first first, a move that swaps an entry with the neighbour the page showed, and a
 * removal that ends the entry through api/stock/waiting-list.ts (an offered seat passes on, as
 * when a parent leaves). Each change runs under the class's stock row lock, the lock every seat
 * change and every join takes first, so a join, an offer or an expiry never interleaves with it;
 * each is audited in its transaction.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { STOCK_MESSAGES } from "../../contract/gestor/stock.ts";
import {
  GESTOR_WAITING_LIST_MESSAGES as M,
  type GestorWaitingEntry,
  type WaitingMoveFields,
  type WaitingRemoveFields,
} from "../../contract/gestor/waiting-list.ts";
import { ApiError, notFound } from "../../errors.ts";
import { lockStockLevel, type StockItem } from "../../stock/repository.ts";
import { LIVE_WAITING_STATUSES, removeWaitingListEntry } from "../../stock/waiting-list.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import type { StaffScope } from "../staff/staff-scope.ts";
import { findStockItem } from "./stock-items.ts";

type Db = Kysely<Database>;

/** The class of the person's units, with its name for the audit log; 404 otherwise. */
async function classOf(db: Db, storeId: number, unitCode: string, itemTotvsId: number, scope: StaffScope) {
  const item = await findStockItem(db, storeId, unitCode, itemTotvsId, scope);
  if (!item) throw notFound(STOCK_MESSAGES.notFound);
  return { item: { storeId, unitCode, itemTotvsId } satisfies StockItem, name: item.title ?? `item ${itemTotvsId}` };
}

/** The live entries of a class, first first, with the account's name when linked. */
async function liveEntries(db: Db, item: StockItem): Promise<GestorWaitingEntry[]> {
  const rows = await db
    .selectFrom("waiting_list_entries as w")
    .leftJoin("customers as c", "c.id", "w.customer_id")
    .select(["w.id", "w.email", "w.created_at", "w.status", "w.offer_expires_at", "w.position", "c.name"])
    .where("w.store_id", "=", item.storeId)
    .where("w.unit_code", "=", item.unitCode)
    .where("w.item_totvs_id", "=", item.itemTotvsId)
    .where("w.status", "in", LIVE_WAITING_STATUSES)
    .orderBy("w.position")
    .orderBy("w.created_at")
    .execute();
  return rows.map((row, index) => ({
    id: row.id,
    place: index + 1,
    name: row.name ?? null,
    email: row.email,
    since: row.created_at,
    status: row.status === "offered" ? "offered" : "waiting",
    offerExpiresAt: row.status === "offered" ? row.offer_expires_at : null,
  }));
}

export async function listWaitingEntries(
  db: Db,
  storeId: number,
  unitCode: string,
  itemTotvsId: number,
  scope: StaffScope,
): Promise<GestorWaitingEntry[]> {
  const { item } = await classOf(db, storeId, unitCode, itemTotvsId, scope);
  return liveEntries(db, item);
}

/** How the audit log names a parent in line: the account's name and the address. */
const who = (entry: GestorWaitingEntry) => (entry.name ? `${entry.name} <${entry.email}>` : entry.email);

/**
 * Swaps the entry with its neighbour above or below, when that neighbour is still the one the
 * page showed; otherwise nothing changes (409, or 404 when the entry left the line).
 */
export async function moveWaitingEntry(
  db: Db,
  actor: AuditActor,
  storeId: number,
  scope: StaffScope,
  move: WaitingMoveFields,
  now: Date,
): Promise<GestorWaitingEntry[]> {
  const { item, name } = await classOf(db, storeId, move.unitCode, move.itemTOTVSId, scope);
  return db.transaction().execute(async (trx) => {
    await lockStockLevel(trx, item);
    const entries = await liveEntries(trx, item);
    const index = entries.findIndex((entry) => entry.id === move.entryId);
    if (index < 0) throw new ApiError(404, M.notFound);
    const neighbour = entries[move.direction === "up" ? index - 1 : index + 1];
    if (!neighbour || neighbour.id !== move.neighbourId) throw new ApiError(409, M.stale);
    const moving = entries[index]!;
    const positions = await trx
      .selectFrom("waiting_list_entries")
      .select(["id", "position"])
      .where("id", "in", [moving.id, neighbour.id])
      .execute();
    // Positions are distinct (each join takes the next one under this lock): swapping them swaps the two.
    const positionOf = (id: string) => positions.find((row) => row.id === id)!.position;
    const at = now.toISOString();
    for (const [id, position] of [
      [moving.id, positionOf(neighbour.id)],
      [neighbour.id, positionOf(moving.id)],
    ] as const)
      await trx.updateTable("waiting_list_entries").set({ position, updated_at: at }).where("id", "=", id).execute();
    const newPlace = move.direction === "up" ? moving.place - 1 : moving.place + 1;
    await recordAudit(
      trx,
      actor,
      {
        action: "waiting_list.move",
        targetType: "waiting_list_entry",
        targetId: moving.id,
        summary: `${move.direction === "up" ? "Subiu" : "Desceu"} ${who(moving)} na lista de espera de ${name} (unidade ${move.unitCode}): ${moving.place}º → ${newPlace}º`,
        before: { place: moving.place },
        after: { place: newPlace },
      },
      now,
    );
    return liveEntries(trx, item);
  });
}

/** Ends the entry ("left"); a seat it held passes on to the next in line. 404 once it left. */
export async function removeWaitingEntry(
  db: Db,
  actor: AuditActor,
  storeId: number,
  scope: StaffScope,
  removal: WaitingRemoveFields,
  now: Date,
  /** The store's WhatsApp when on: the seat passed on is offered by WhatsApp too (issue 31). */
  whatsapp?: { nudge?: () => void },
): Promise<{ heldOffer: boolean }> {
  const { item, name } = await classOf(db, storeId, removal.unitCode, removal.itemTOTVSId, scope);
  return db.transaction().execute(async (trx) => {
    await lockStockLevel(trx, item);
    const entry = (await liveEntries(trx, item)).find((live) => live.id === removal.entryId);
    if (!entry) throw new ApiError(404, M.notFound);
    const ended = await removeWaitingListEntry(
      trx,
      { id: entry.id, store_id: item.storeId, unit_code: item.unitCode, item_totvs_id: item.itemTotvsId },
      now.toISOString(),
      whatsapp,
    );
    if (!ended) throw new ApiError(404, M.notFound);
    const heldOffer = entry.status === "offered";
    await recordAudit(
      trx,
      actor,
      {
        action: "waiting_list.remove",
        targetType: "waiting_list_entry",
        targetId: entry.id,
        summary: `Removeu ${who(entry)} da lista de espera de ${name} (unidade ${removal.unitCode}, ${entry.place}º)${heldOffer ? "; a vaga oferecida passou adiante" : ""}`,
        before: { place: entry.place, status: entry.status },
        after: { status: "left" },
      },
      now,
    );
    return { heldOffer };
  });
}
