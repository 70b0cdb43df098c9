/**
 * A full class's waiting list (issue 28; docs/decisions/0070-waiting-list.md): joining while a
 * course has no free seat, leaving, the offer's link (found by its token's digest), its expiry,
 * the account's privacy rights and the demo seed's entries. A freed seat reaches the list through
 * api/stock/repository.ts (api/stock/seat-offers.ts); the claim takes an offered seat through
 * api/stock/sale-holds.ts.
 *
 * Every change that frees a held seat gives it back through giveBackStock, which offers it to the
 * next in line in the same transaction, or leaves it free when nobody waits.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import { unitFrom } from "#core/school-units.ts";
import type { Database, WaitingListStatus } from "#db/schema.ts";
import { WAITING_LIST_MESSAGES as M, type SeatOffer } from "../contract/waiting-list.ts";
import { ApiError } from "../errors.ts";
import { listUnits } from "../units/repository.ts";
import { giveBackStock, lockStockLevel, type StockItem } from "./repository.ts";
import { isSeat } from "./sale-holds.ts";
import { offerTokenHash } from "./seat-offers.ts";

/** Statuses of a parent still in line: waiting, or holding an offered seat. */
export const LIVE_WAITING_STATUSES: readonly WaitingListStatus[] = ["waiting", "offered"];

export interface JoinRequest {
  storeId: number;
  itemTotvsId: number;
  email: string;
  /** The logged-in customer joining; null: a visitor who ticked the consent. */
  customerId: string | null;
  /** The storefront's address, for the offer's link (ApiDeps.publicUrl). */
  storefrontUrl: string;
  at: string;
}

/** The sellable course or event of that code, with the unit that holds its class. */
async function sellableCourse(db: Kysely<Database>, storeId: number, itemTotvsId: number) {
  return db
    .selectFrom("products")
    .select(["unit_code", "type"])
    .where("store_id", "=", storeId)
    .where("item_totvs_id", "=", itemTotvsId)
    .where("status", "=", "enabled")
    .where("visible", "=", 1)
    .executeTakeFirst();
}

const ofItem = (item: StockItem) => (eb: ExpressionBuilder<Database, "waiting_list_entries">) =>
  eb.and([
    eb("store_id", "=", item.storeId),
    eb("unit_code", "=", item.unitCode),
    eb("item_totvs_id", "=", item.itemTotvsId),
  ]);

/** 1 for the first in line: the live entries at or before this position. */
async function placeOf(db: Kysely<Database>, item: StockItem, position: number): Promise<number> {
  const row = await db
    .selectFrom("waiting_list_entries")
    .select((eb) => eb.fn.countAll<number | string>().as("ahead"))
    .where(ofItem(item))
    .where("status", "in", LIVE_WAITING_STATUSES)
    .where("position", "<=", position)
    .executeTakeFirstOrThrow();
  return Number(row.ahead);
}

/** The address's (or the account's) live entry for the item. */
function liveEntryOf(db: Kysely<Database>, item: StockItem, who: { email: string; customerId: string | null }) {
  return db
    .selectFrom("waiting_list_entries")
    .select(["id", "email", "position"])
    .where(ofItem(item))
    .where("status", "in", LIVE_WAITING_STATUSES)
    .where((eb) =>
      who.customerId === null
        ? eb("email", "=", who.email)
        : eb.or([eb("email", "=", who.email), eb("customer_id", "=", who.customerId)]),
    )
    .orderBy("position")
    .executeTakeFirst();
}

/**
 * Puts the parent at the end of the line, under the course's stock row lock: a seat freed at
 * the same moment is either seen free here (refused: buy it) or offered to this entry, never
 * left free beside a waiting parent. Refuses (ApiError) a course with free seats, unlimited, or
 * not the store's; answers the entry already in line for the same address or account.
 */
export function joinWaitingList(
  db: Kysely<Database>,
  request: JoinRequest,
): Promise<{ id: string; email: string; place: number; alreadyWaiting: boolean }> {
  return db.transaction().execute(async (trx) => {
    const course = await sellableCourse(trx, request.storeId, request.itemTotvsId);
    if (!course) throw new ApiError(404, M.unknownItem);
    if (!isSeat(course.type)) throw new ApiError(409, M.notACourse);
    const item = { storeId: request.storeId, unitCode: course.unit_code, itemTotvsId: request.itemTotvsId };
    const level = await lockStockLevel(trx, item);
    if (!level) throw new ApiError(409, M.unlimited);
    const already = await liveEntryOf(trx, item, request);
    if (already)
      return {
        id: already.id,
        email: already.email,
        place: await placeOf(trx, item, already.position),
        alreadyWaiting: true,
      };
    if (level.available > 0) throw new ApiError(409, M.seatsFree);
    const position = await nextPosition(trx, item);
    const id = crypto.randomUUID();
    await trx
      .insertInto("waiting_list_entries")
      .values({
        id,
        store_id: item.storeId,
        unit_code: item.unitCode,
        item_totvs_id: item.itemTotvsId,
        customer_id: request.customerId,
        email: request.email,
        consent_at: request.at,
        storefront_url: request.storefrontUrl,
        position,
        status: "waiting",
        offer_token_hash: null,
        offered_at: null,
        offer_expires_at: null,
        converted_sale_id: null,
        created_at: request.at,
        updated_at: request.at,
      })
      .execute();
    return { id, email: request.email, place: await placeOf(trx, item, position), alreadyWaiting: false };
  });
}

async function nextPosition(db: Kysely<Database>, item: StockItem): Promise<number> {
  const row = await db
    .selectFrom("waiting_list_entries")
    .select((eb) => eb.fn.max("position").as("last"))
    .where(ofItem(item))
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/**
 * Ends an entry (the parent left, the gestor removed it, the offer lapsed), guarded by its live
 * status; an offered seat goes back through giveBackStock, to the next in line or to the free
 * seats. Answers whether this call ended it. The stock row is locked first, the order every
 * seat change takes (a release locks it, then offers), so two never wait on each other.
 */
async function endEntry(
  db: Kysely<Database>,
  entry: { id: string; store_id: number; unit_code: string; item_totvs_id: number },
  status: "left" | "expired",
  at: string,
  note: string,
  whatsapp?: { nudge?: () => void },
): Promise<boolean> {
  const item = { storeId: entry.store_id, unitCode: entry.unit_code, itemTotvsId: entry.item_totvs_id };
  await lockStockLevel(db, item);
  const current = await db
    .selectFrom("waiting_list_entries")
    .select("status")
    .where("id", "=", entry.id)
    .executeTakeFirst();
  if (!current || !LIVE_WAITING_STATUSES.includes(current.status)) return false;
  const ended = await db
    .updateTable("waiting_list_entries")
    .set({ status, updated_at: at })
    .where("id", "=", entry.id)
    .where("status", "=", current.status)
    .executeTakeFirst();
  if (ended.numUpdatedRows === 0n) return false;
  if (current.status === "offered") await giveBackStock(db, item, 1, { reason: "seat_offer", at, note, whatsapp });
  return true;
}

const entryColumns = ["id", "store_id", "unit_code", "item_totvs_id"] as const;

/**
 * The customer leaves the course's list: their live entries end (an offered seat passes on).
 * Answers how many; 0 when not in line (a second click of the same button changes nothing).
 */
export function leaveWaitingList(
  db: Kysely<Database>,
  customer: { id: string; email: string; store_id: number },
  itemTotvsId: number,
  at: string,
  /** The store's WhatsApp when on: the seat passed on is offered by WhatsApp too (issue 31). */
  whatsapp?: { nudge?: () => void },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const entries = await trx
      .selectFrom("waiting_list_entries")
      .select(entryColumns)
      .where(ofCustomer(customer))
      .where("item_totvs_id", "=", itemTotvsId)
      .where("status", "in", LIVE_WAITING_STATUSES)
      .execute();
    let left = 0;
    for (const entry of entries)
      if (await endEntry(trx, entry, "left", at, "Saiu da lista de espera", whatsapp)) left += 1;
    return left;
  });
}

/**
 * The gestor removes an entry from the line (Estoque, api/gestor/stock/waiting-list.ts): it ends
 * as a parent's leave does, an offered seat passing on. Answers whether this call ended it. In the
 * caller's transaction.
 */
export function removeWaitingListEntry(
  db: Kysely<Database>,
  entry: { id: string; store_id: number; unit_code: string; item_totvs_id: number },
  at: string,
  whatsapp?: { nudge?: () => void },
): Promise<boolean> {
  return endEntry(db, entry, "left", at, "Removido da lista de espera pela equipe", whatsapp);
}

/** The offer a link's token names, as its page shows it; undefined: no such token. */
export async function findSeatOffer(db: Kysely<Database>, token: string): Promise<SeatOffer | undefined> {
  const row = await db
    .selectFrom("waiting_list_entries as w")
    .innerJoin("products as p", (join) =>
      join.onRef("p.store_id", "=", "w.store_id").onRef("p.item_totvs_id", "=", "w.item_totvs_id"),
    )
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select(["w.status", "w.store_id", "w.unit_code", "w.item_totvs_id", "w.offer_expires_at", "w.customer_id"])
    .select(["p.title", "p.slug", "c.slug as category_slug"])
    .where("w.offer_token_hash", "=", offerTokenHash(token))
    .executeTakeFirst();
  if (!row || row.status === "waiting" || row.offer_expires_at === null) return undefined;
  const unit = unitFrom(await listUnits(db, row.store_id), row.unit_code);
  // Past its deadline an offer is over, even before the 5-minute sweep marks it so.
  const over = row.status === "offered" && row.offer_expires_at <= new Date().toISOString();
  return {
    status: over ? "expired" : row.status,
    storeId: row.store_id,
    itemTOTVSId: row.item_totvs_id,
    courseTitle: row.title,
    categorySlug: row.category_slug,
    productSlug: row.slug,
    unitName: unit.name,
    expiresAt: row.offer_expires_at,
    bound: row.customer_id !== null,
  };
}

/** The live offer of a token, for a change: refused (ApiError) once it is no longer held. */
async function liveOfferOf(db: Kysely<Database>, token: string, at: string) {
  const entry = await db
    .selectFrom("waiting_list_entries")
    .select([...entryColumns, "status", "customer_id", "offer_expires_at"])
    .where("offer_token_hash", "=", offerTokenHash(token))
    .executeTakeFirst();
  if (!entry || entry.offer_expires_at === null) throw new ApiError(404, M.offerNotFound);
  if (entry.status === "expired" || (entry.status === "offered" && entry.offer_expires_at <= at))
    throw new ApiError(409, M.offerExpired);
  if (entry.status !== "offered") throw new ApiError(409, M.offerClosed);
  return entry;
}

/**
 * The parent opened the offer's link logged in: the offer becomes their account's, whose finish
 * takes the held seat (takeSeatOffer). An offer already bound to another account is refused, so a
 * forwarded e-mail cannot take the seat from the parent who holds it.
 */
export async function acceptSeatOffer(
  db: Kysely<Database>,
  token: string,
  customer: { id: string; store_id: number },
  at: string,
): Promise<SeatOffer> {
  await db.transaction().execute(async (trx) => {
    const entry = await liveOfferOf(trx, token, at);
    if (entry.store_id !== customer.store_id) throw new ApiError(404, M.offerNotFound);
    if (entry.customer_id === customer.id) return;
    if (entry.customer_id !== null) throw new ApiError(403, M.offerOfAnotherAccount);
    const bound = await trx
      .updateTable("waiting_list_entries")
      .set({ customer_id: customer.id, updated_at: at })
      .where("id", "=", entry.id)
      .where("customer_id", "is", null)
      .executeTakeFirst();
    if (bound.numUpdatedRows === 0n) throw new ApiError(403, M.offerOfAnotherAccount);
  });
  return (await findSeatOffer(db, token))!;
}

/** The parent gives the offered seat up (the link is the proof): it goes to the next in line. */
export async function declineSeatOffer(
  db: Kysely<Database>,
  token: string,
  at: string,
  whatsapp?: { nudge?: () => void },
): Promise<SeatOffer> {
  await db.transaction().execute(async (trx) => {
    const entry = await liveOfferOf(trx, token, at);
    if (!(await endEntry(trx, entry, "left", at, "Vaga recusada pela lista de espera", whatsapp)))
      throw new ApiError(409, M.offerClosed);
  });
  return (await findSeatOffer(db, token))!;
}

/** How often the store server ends offers past their time (their seats pass on). */
export const SEAT_OFFER_SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * Every offer past its time ends "expired" and its seat goes to the next in line, or back to the
 * free seats: each in its own transaction, so one course's failure does not hold the others.
 * Answers how many ended. An offer past its time already cannot be used by its parent's claim
 * (takeSeatOffer reads the deadline), so the sweep's interval delays only the next parent.
 */
export async function expireSeatOffers({
  db,
  now,
  whatsapp,
}: {
  db: Kysely<Database>;
  now: () => Date;
  /** The store's WhatsApp when on: the seat passed on is offered by WhatsApp too (issue 31). */
  whatsapp?: { nudge?: () => void };
}): Promise<number> {
  const at = now().toISOString();
  const due = await db
    .selectFrom("waiting_list_entries")
    .select(entryColumns)
    .where("status", "=", "offered")
    .where("offer_expires_at", "<=", at)
    .orderBy("unit_code")
    .orderBy("item_totvs_id")
    .orderBy("position")
    .execute();
  let expired = 0;
  for (const entry of due) {
    const ended = await db
      .transaction()
      .execute((trx) => endEntry(trx, entry, "expired", at, "Oferta da lista de espera expirou", whatsapp));
    if (ended) expired += 1;
  }
  return expired;
}

/** An ended place (left, expired, bought) stays this long, for the gestor's and the parent's questions, then goes. */
export const ENDED_ENTRY_KEPT_DAYS = 30;

/**
 * Deletes the places that ended (left, expired or bought) more than 30 days ago: the line keeps
 * only who waits (docs/privacy.md, /privacidade). Run by the storefront's hourly sweep; deleting
 * twice is harmless. Answers how many went.
 */
export async function pruneWaitingList(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ENDED_ENTRY_KEPT_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const deleted = await db
    .deleteFrom("waiting_list_entries")
    .where("status", "not in", LIVE_WAITING_STATUSES)
    .where("updated_at", "<", before)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** The account's entries: joined logged in, or with its address in its store. */
function ofCustomer(customer: { id: string; email: string; store_id: number }) {
  return (eb: ExpressionBuilder<Database, "waiting_list_entries">) =>
    eb.or([
      eb("customer_id", "=", customer.id),
      eb.and([eb("store_id", "=", customer.store_id), eb("email", "=", customer.email)]),
    ]);
}

/** "Baixar meus dados": the account's entries, ended ones too, oldest first. */
export function listCustomerWaitingEntries(
  db: Kysely<Database>,
  customer: { id: string; email: string; store_id: number },
) {
  return db
    .selectFrom("waiting_list_entries")
    .select(["item_totvs_id", "email", "status", "created_at", "offer_expires_at"])
    .where(ofCustomer(customer))
    .orderBy("created_at")
    .execute();
}

/**
 * "Excluir minha conta": the account's entries go; an offered seat first passes on, so deleting
 * an account never strands a seat. In the deletion's transaction.
 */
export async function deleteCustomerWaitingEntries(
  db: Kysely<Database>,
  customer: { id: string; email: string; store_id: number },
  at: string,
): Promise<void> {
  const live = await db
    .selectFrom("waiting_list_entries")
    .select(entryColumns)
    .where(ofCustomer(customer))
    .where("status", "=", "offered")
    .orderBy("unit_code")
    .orderBy("item_totvs_id")
    .execute();
  for (const entry of live) await endEntry(db, entry, "left", at, "Conta excluída");
  await db.deleteFrom("waiting_list_entries").where(ofCustomer(customer)).execute();
}

/**
 * Parents at the end of a course's line, as they would have joined (no check that the class is
 * full): for the demo seed, which builds "one full course with a waiting list" (issue 28). Each
 * address once in line; a repeated one is skipped. Answers the ids added.
 */
export async function addWaitingListEntries(
  db: Kysely<Database>,
  course: StockItem,
  parents: readonly { email: string; customerId?: string | null }[],
  { at, storefrontUrl }: { at: string; storefrontUrl: string },
): Promise<string[]> {
  const ids: string[] = [];
  for (const parent of parents) {
    const email = parent.email.trim().toLowerCase();
    if (await liveEntryOf(db, course, { email, customerId: null })) continue;
    const id = crypto.randomUUID();
    await db
      .insertInto("waiting_list_entries")
      .values({
        id,
        store_id: course.storeId,
        unit_code: course.unitCode,
        item_totvs_id: course.itemTotvsId,
        customer_id: parent.customerId ?? null,
        email,
        consent_at: at,
        storefront_url: storefrontUrl,
        position: await nextPosition(db, course),
        status: "waiting",
        offer_token_hash: null,
        offered_at: null,
        offer_expires_at: null,
        converted_sale_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    ids.push(id);
  }
  return ids;
}
