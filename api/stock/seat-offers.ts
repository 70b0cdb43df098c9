/**
 * A full class's waiting list meets a freed seat (issue 28; docs/decisions/0070-waiting-list.md).
 * Called by api/stock/repository.ts only, after every change that may grow `available` (a sale's
 * seats given back, a capacity raised, an offer that lapsed or was declined), in that change's
 * transaction: each free seat goes to the first parent waiting, as an OFFER held for
 * SEAT_OFFER_HOURS. The repository then takes the seats offered out of `available` (a
 * 'seat_offer' ledger row), so no other finish can buy them; only the offer's own parent's
 * claim can (takeSeatOffer, api/stock/sale-holds.ts).
 *
 * The caller's update of the stock row locks it until commit (PostgreSQL; SQLite has one
 * writer), so two releases of the same class offer in turn, never to the same parent twice.
 *
 * Imports nothing from the repository (it calls us). Runs under plain Node (type stripping) for
 * the command-line tool: no TypeScript-only syntax.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { unitFrom } from "#core/school-units.ts";
import { seatOfferPath } from "#core/storefront-paths.ts";
import type { Database } from "#db/schema.ts";
import { enqueueMail } from "../mail/mail-outbox.ts";
import { enqueueSeatOfferWhatsapp } from "../messages/event-messages.ts";
import { seatOfferEmail } from "../mail/seat-offer-email.ts";
import { listUnits } from "../units/repository.ts";

/** How long a freed seat is kept for the parent it is offered to (issue 28: 24 hours). */
export const SEAT_OFFER_HOURS = 24;

/** An item code of a unit of a store (api/stock/repository.ts's StockItem). */
interface SeatItem {
  storeId: number;
  unitCode: string;
  itemTotvsId: number;
}

/** The offer link's token is only in the e-mail; the table keeps its digest. */
export const offerTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

const offerExpiry = (at: string) => new Date(Date.parse(at) + SEAT_OFFER_HOURS * 60 * 60_000).toISOString();

/**
 * Offers up to `free` seats of the item to the parents first in line. A seat given back by a
 * sale that had taken an offer (its card declined, its Pix lapsed) while that offer's time still
 * runs returns to the same parent first. Answers how many seats are now held for offers: the
 * caller takes them out of `available`.
 */
export async function offerFreedSeats(
  db: Kysely<Database>,
  item: SeatItem,
  free: number,
  movement: { at: string; saleId?: string | null; whatsapp?: { nudge?: () => void } },
): Promise<number> {
  if (free <= 0) return 0;
  const at = movement.at;
  let held = 0;
  if (movement.saleId) {
    const back = await db
      .updateTable("waiting_list_entries")
      .set({ status: "offered", converted_sale_id: null, updated_at: at })
      .where("converted_sale_id", "=", movement.saleId)
      .where("status", "=", "converted")
      .where("unit_code", "=", item.unitCode)
      .where("item_totvs_id", "=", item.itemTotvsId)
      .where("offer_expires_at", ">", at)
      // Not when the parent is in line again meanwhile (another child): one live place per
      // address (migration 0041's index); the seat then goes to the first in line, them included.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("waiting_list_entries as other")
              .select("other.id")
              .whereRef("other.store_id", "=", "waiting_list_entries.store_id")
              .whereRef("other.unit_code", "=", "waiting_list_entries.unit_code")
              .whereRef("other.item_totvs_id", "=", "waiting_list_entries.item_totvs_id")
              .whereRef("other.email", "=", "waiting_list_entries.email")
              .where("other.status", "in", ["waiting", "offered"]),
          ),
        ),
      )
      .executeTakeFirst();
    held += Number(back.numUpdatedRows);
  }
  while (held < free) {
    const next = await db
      .selectFrom("waiting_list_entries")
      .select("id")
      .where("store_id", "=", item.storeId)
      .where("unit_code", "=", item.unitCode)
      .where("item_totvs_id", "=", item.itemTotvsId)
      .where("status", "=", "waiting")
      .orderBy("position")
      .limit(1)
      .executeTakeFirst();
    if (!next) break;
    const token = randomBytes(32).toString("base64url");
    const offered = await db
      .updateTable("waiting_list_entries")
      .set({
        status: "offered",
        offer_token_hash: offerTokenHash(token),
        offered_at: at,
        offer_expires_at: offerExpiry(at),
        updated_at: at,
      })
      .where("id", "=", next.id)
      // A parent who left meanwhile is skipped: the next one is read again.
      .where("status", "=", "waiting")
      .returning(["email", "storefront_url", "offer_expires_at", "customer_id"])
      .executeTakeFirst();
    if (!offered) continue;
    held += 1;
    await sendOffer(db, item, { ...offered, token, at }, movement.whatsapp);
  }
  return held;
}

/** The course's name and unit as the offer's e-mail says them. */
async function courseOf(db: Kysely<Database>, item: SeatItem) {
  return db
    .selectFrom("products")
    .select("title")
    .where("store_id", "=", item.storeId)
    .where("item_totvs_id", "=", item.itemTotvsId)
    .executeTakeFirst();
}

/**
 * The offer's e-mail, through the outbox in the offer's transaction (decision 0020), and its
 * WhatsApp message to a signed-in parent who opted in when the store's is given (issue 31).
 */
async function sendOffer(
  db: Kysely<Database>,
  item: SeatItem,
  offer: {
    email: string;
    storefront_url: string;
    offer_expires_at: string | null;
    token: string;
    at: string;
    customer_id: string | null;
  },
  whatsapp?: { nudge?: () => void },
): Promise<void> {
  const course = await courseOf(db, item);
  const unit = unitFrom(await listUnits(db, item.storeId), item.unitCode);
  const details = {
    courseTitle: course?.title ?? `Curso ${item.itemTotvsId}`,
    unitName: unit.name,
    link: `${offer.storefront_url}${seatOfferPath(offer.token)}`,
    expiresAt: offer.offer_expires_at ?? offerExpiry(offer.at),
  };
  const outbox = { now: () => new Date(offer.at), whatsapp };
  await enqueueMail(db, outbox, "seat-offer", seatOfferEmail(offer.email, details), { customerId: offer.customer_id });
  if (offer.customer_id) await enqueueSeatOfferWhatsapp(db, outbox, { customerId: offer.customer_id, ...details });
}

/**
 * The claim's use of an offer (api/stock/sale-holds.ts): the customer's live offer for the item,
 * marked converted by this sale in the claim's transaction. true: one held seat is theirs, for
 * the caller to put back into `available` and take with the sale, atomically. Anybody else, or
 * an offer past its time, gets false and takes from the free seats like everyone.
 */
export async function takeSeatOffer(
  db: Kysely<Database>,
  item: SeatItem,
  customer: { customerId: string; saleId: string },
  at: string,
): Promise<boolean> {
  const offer = await db
    .selectFrom("waiting_list_entries")
    .select("id")
    .where("store_id", "=", item.storeId)
    .where("unit_code", "=", item.unitCode)
    .where("item_totvs_id", "=", item.itemTotvsId)
    .where("customer_id", "=", customer.customerId)
    .where("status", "=", "offered")
    .where("offer_expires_at", ">", at)
    .executeTakeFirst();
  if (!offer) return false;
  const taken = await db
    .updateTable("waiting_list_entries")
    .set({ status: "converted", converted_sale_id: customer.saleId, updated_at: at })
    .where("id", "=", offer.id)
    .where("status", "=", "offered")
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n;
}

/** Seats of the item held for live offers (out of `available`, not yet any sale's). */
export async function seatsHeldForOffers(db: Kysely<Database>, item: SeatItem): Promise<number> {
  const row = await db
    .selectFrom("waiting_list_entries")
    .select((eb) => eb.fn.countAll<number | string>().as("held"))
    .where("store_id", "=", item.storeId)
    .where("unit_code", "=", item.unitCode)
    .where("item_totvs_id", "=", item.itemTotvsId)
    .where("status", "=", "offered")
    .executeTakeFirstOrThrow();
  return Number(row.held);
}

/** The seats held for the customer's live offers: theirs to buy though the class shows full. */
export function seatsOfferedTo(db: Kysely<Database>, storeId: number, customerId: string) {
  return (
    db
      .selectFrom("waiting_list_entries")
      .select(["unit_code", "item_totvs_id"])
      .where("store_id", "=", storeId)
      .where("customer_id", "=", customerId)
      .where("status", "=", "offered")
      // Past its deadline the claim refuses it (takeSeatOffer), even before the sweep ends it.
      .where("offer_expires_at", ">", new Date().toISOString())
      .execute()
  );
}
