/**
 * The reminders (issue 31; docs/decisions/0080-whatsapp-channel.md), a periodic job that one
 * server runs at a time (withJobLock, started by app/.server/bundled-api.server.ts):
 *   - "pix-expiring": a pending Pix whose code expires within the next PIX_EXPIRING_MINUTES, with
 *     at least PIX_MIN_LEFT_MINUTES still left, so the message never names a time already past;
 *   - "boleto-due-tomorrow": a pending boleto due tomorrow in the store's time zone (the quiet
 *     hours'), placed at least BOLETO_SETTLE_HOURS before: a newer sale's order message has just
 *     given the boleto's line and due date;
 *   - "order-unpaid": a pending sale placed more than UNPAID_AFTER_HOURS ago, except a boleto that
 *     got its "boleto-due-tomorrow" reminder already: one nudge per boleto is enough;
 *   - "cart-left": a customer's open cart with items, unchanged for CART_LEFT_HOURS, only to a
 *     customer who opted in to WhatsApp.
 * Each goes at most once per sale or cart: its message_reminders row (kind, subject_id) is
 * inserted in the transaction that queues it, and a row already there (another run, another
 * server) means it went. Never in the quiet hours: the job skips its run then, and the messages
 * it queues are marked so the WhatsApp worker postpones them too. Only pending sales are picked;
 * the worker drops a queued reminder whose sale was paid or cancelled before it went.
 *
 * The channel: a customer who opted in gets WhatsApp (enqueueWhatsapp answers its id), with the
 * same text kept as the fallback e-mail; anyone else gets the e-mail (kind "reminder"), except
 * the cart's, which goes only by WhatsApp.
 *
 * Sales and carts older than LOOK_BACK_HOURS are left alone, so a first run (after deploying it,
 * or a long stop) does not message about orders and carts long forgotten.
 *
 * Works alike on SQLite and PostgreSQL: Kysely only, instants compared as ISO strings.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import type { Kysely } from "kysely";
import { addDays, STORE_TIME_ZONE } from "#core/dates.ts";
import { PAYMENT_METHOD_CODES } from "#core/payment-methods.ts";
import type { Database } from "#db/schema.ts";
import { enqueueMail } from "../../mail/mail-outbox.ts";
import { enqueueWhatsapp, whatsappRecipientOf } from "../enqueue-whatsapp.ts";
import { DEFAULT_QUIET_HOURS, isQuietTime, type QuietHours } from "../quiet-hours.ts";
import {
  boletoDueTomorrowReminder,
  cartLeftReminder,
  orderUnpaidReminder,
  pixExpiringReminder,
  type ReminderMessage,
  type SaleForReminder,
} from "./reminder-messages.ts";

/** How often the job looks: a Pix's 10 minutes are caught with minutes to spare. */
export const REMINDER_INTERVAL_MS = 60_000;
const PIX_EXPIRING_MINUTES = 10;
const PIX_MIN_LEFT_MINUTES = 2;
const BOLETO_SETTLE_HOURS = 12;
const UNPAID_AFTER_HOURS = 24;
const CART_LEFT_HOURS = 24;
const LOOK_BACK_HOURS = 72;
const HOUR_MS = 60 * 60_000;

export interface ReminderDeps {
  db: Kysely<Database>;
  now: () => Date;
  publicUrl: string;
  nudgeMail?: () => void;
  whatsapp?: { nudge?: () => void };
  /** The store's quiet hours; 21h to 8h in Recife when not given. */
  quietHours?: QuietHours;
}

/** How many reminders of each kind a run queued; `quiet`: the run fell in the quiet hours and did nothing. */
export interface ReminderRun {
  quiet: boolean;
  queued: Record<"pix-expiring" | "boleto-due-tomorrow" | "order-unpaid" | "cart-left", number>;
}

const quietHoursOf = (deps: ReminderDeps): QuietHours =>
  deps.quietHours ?? { ...DEFAULT_QUIET_HOURS, timeZone: STORE_TIME_ZONE };

/** "YYYY-MM-DD" of `at` in the time zone. */
function dateIn(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Queues every reminder due now, each once; nothing in the quiet hours. */
export async function sendReminders(deps: ReminderDeps): Promise<ReminderRun> {
  const now = deps.now();
  const queued = { "pix-expiring": 0, "boleto-due-tomorrow": 0, "order-unpaid": 0, "cart-left": 0 };
  const quiet = quietHoursOf(deps);
  if (isQuietTime(now, quiet)) return { quiet: true, queued };
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS).toISOString();
  const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

  const pix = await pendingSales(deps.db, "pix-expiring")
    .where("sales.payment_method_code", "=", PAYMENT_METHOD_CODES.pix)
    .where("sales.pix_expires_at", ">=", inMinutes(PIX_MIN_LEFT_MINUTES))
    .where("sales.pix_expires_at", "<=", inMinutes(PIX_EXPIRING_MINUTES))
    .execute();
  for (const { id } of pix)
    if (await remindSale(deps, "pix-expiring", id, pixExpiringReminder)) queued["pix-expiring"]++;

  const tomorrow = addDays(dateIn(now, quiet.timeZone), 1);
  const boletos = await pendingSales(deps.db, "boleto-due-tomorrow")
    .where("sales.payment_method_code", "=", PAYMENT_METHOD_CODES.boleto)
    .where("sales.boleto_due_date", "=", tomorrow)
    .where("sales.created_at", "<=", ago(BOLETO_SETTLE_HOURS))
    .execute();
  for (const { id } of boletos)
    if (await remindSale(deps, "boleto-due-tomorrow", id, boletoDueTomorrowReminder)) queued["boleto-due-tomorrow"]++;

  const unpaid = await pendingSales(deps.db, "order-unpaid")
    .where("sales.created_at", "<=", ago(UNPAID_AFTER_HOURS))
    .where("sales.created_at", ">", ago(LOOK_BACK_HOURS))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("message_reminders")
            .select("message_reminders.subject_id")
            .where("message_reminders.kind", "=", "boleto-due-tomorrow")
            .whereRef("message_reminders.subject_id", "=", "sales.id"),
        ),
      ),
    )
    .execute();
  for (const { id } of unpaid)
    if (await remindSale(deps, "order-unpaid", id, orderUnpaidReminder)) queued["order-unpaid"]++;

  // The cart's reminder goes only by WhatsApp: with it off there is nobody to remind.
  if (deps.whatsapp) {
    const carts = await leftCarts(deps.db, ago(CART_LEFT_HOURS), ago(LOOK_BACK_HOURS));
    for (const cart of carts) if (await remindCart(deps, cart.id)) queued["cart-left"]++;
  }
  return { quiet: false, queued };
}

/** Pending sales not yet reminded of `kind` (the transaction checks again). */
function pendingSales(db: Kysely<Database>, kind: string) {
  return db
    .selectFrom("sales")
    .select("sales.id")
    .where("sales.status", "=", "pending")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("message_reminders")
            .select("message_reminders.subject_id")
            .where("message_reminders.kind", "=", kind)
            .whereRef("message_reminders.subject_id", "=", "sales.id"),
        ),
      ),
    )
    .orderBy("sales.created_at");
}

/**
 * Takes the reminder's row; false when it was there already (sent before, or by a run at the
 * same time: on PostgreSQL the second insert waits for the first's commit, then finds it).
 */
async function claimReminder(trx: Kysely<Database>, kind: string, subjectId: string, at: string): Promise<boolean> {
  const inserted = await trx
    .insertInto("message_reminders")
    .values({ kind, subject_id: subjectId, created_at: at })
    .onConflict((conflict) => conflict.columns(["kind", "subject_id"]).doNothing())
    .returning("subject_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Queues one reminder: WhatsApp with its e-mail as fallback to who opted in, else the e-mail. */
async function queueReminder(
  trx: Kysely<Database>,
  deps: ReminderDeps,
  about: { customerId: string; saleId: string | null },
  message: ReminderMessage,
  emailToo: boolean,
): Promise<boolean> {
  const { subject, text, html } = message.email;
  const byWhatsapp = await enqueueWhatsapp(trx, deps, {
    customerId: about.customerId,
    saleId: about.saleId,
    kind: message.kind,
    parameters: message.parameters,
    fallback: { subject, text, html },
  });
  if (byWhatsapp !== null) return true;
  if (!emailToo) return false;
  await enqueueMail(trx, deps, "reminder", message.email, about);
  return true;
}

/** A sale's reminder in one transaction: the sale read again (still pending), its row, its message. */
async function remindSale(
  deps: ReminderDeps,
  kind: string,
  saleId: string,
  compose: (sale: SaleForReminder, publicUrl: string) => ReminderMessage | null,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const sale = await trx
      .selectFrom("sales")
      .innerJoin("customers", "customers.id", "sales.customer_id")
      .select(["sales.id", "sales.customer_id", "sales.reference_code", "sales.status", "sales.payment_method_code"])
      .select(["sales.total_cents", "sales.pix_copy_paste", "sales.pix_expires_at", "sales.boleto_digitable_line"])
      .select(["sales.boleto_due_date", "sales.boleto_pdf_url", "sales.pickup_code"])
      .select(["customers.name", "customers.email", "customers.deleted_at"])
      .where("sales.id", "=", saleId)
      .where("sales.status", "=", "pending")
      .executeTakeFirst();
    if (!sale || sale.deleted_at !== null) return false;
    const message = compose(sale, deps.publicUrl);
    if (!message) return false;
    if (!(await claimReminder(trx, kind, saleId, deps.now().toISOString()))) return false;
    return queueReminder(trx, deps, { customerId: sale.customer_id, saleId }, message, true);
  });
}

/**
 * Open customers' carts with items, unchanged since `since` (and not before `notBefore`), of a
 * customer who opted in, not reminded yet. A cart becomes a sale by its checkout: finished once
 * the sale is pending or paid (api/payments/payment-sync.ts), and while the charge is under way
 * the sale already points at it, so a cart with a live sale is left out too.
 */
function leftCarts(db: Kysely<Database>, since: string, notBefore: string) {
  return db
    .selectFrom("carts")
    .innerJoin("customers", "customers.id", "carts.customer_id")
    .select("carts.id")
    .where("carts.deleted_at", "is", null)
    .where("carts.finished_at", "is", null)
    .where("carts.updated_at", "<=", since)
    .where("carts.updated_at", ">", notBefore)
    .where("customers.whatsapp_consent_at", "is not", null)
    .where("customers.deleted_at", "is", null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("cart_items")
          .innerJoin("cart_bags", "cart_bags.id", "cart_items.bag_id")
          .select("cart_items.id")
          .whereRef("cart_bags.cart_id", "=", "carts.id"),
      ),
    )
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom("sales")
            .select("sales.id")
            .whereRef("sales.cart_id", "=", "carts.id")
            .where("sales.status", "in", ["processing", "pending", "paid"]),
        ),
      ),
    )
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom("message_reminders")
            .select("message_reminders.subject_id")
            .where("message_reminders.kind", "=", "cart-left")
            .whereRef("message_reminders.subject_id", "=", "carts.id"),
        ),
      ),
    )
    .orderBy("carts.updated_at")
    .execute();
}

/** A cart's reminder in one transaction, only when it can go by WhatsApp (nothing recorded otherwise). */
async function remindCart(deps: ReminderDeps, cartId: string): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const cart = await trx
      .selectFrom("carts")
      .innerJoin("customers", "customers.id", "carts.customer_id")
      .select(["carts.customer_id", "customers.name", "customers.email"])
      .where("carts.id", "=", cartId)
      .where("carts.deleted_at", "is", null)
      .where("carts.finished_at", "is", null)
      .executeTakeFirst();
    if (!cart?.customer_id || !(await whatsappRecipientOf(trx, cart.customer_id))) return false;
    const items = await trx
      .selectFrom("cart_items")
      .innerJoin("cart_bags", "cart_bags.id", "cart_items.bag_id")
      .select((eb) => eb.fn.sum<number | string>("cart_items.quantity").as("items"))
      .where("cart_bags.cart_id", "=", cartId)
      .executeTakeFirst();
    const count = Number(items?.items ?? 0);
    if (count === 0) return false;
    if (!(await claimReminder(trx, "cart-left", cartId, deps.now().toISOString()))) return false;
    const message = cartLeftReminder(cart, count, deps.publicUrl);
    return queueReminder(trx, deps, { customerId: cart.customer_id, saleId: null }, message, false);
  });
}
