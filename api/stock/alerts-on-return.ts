/**
 * "Avise-me quando chegar": when an item's stock returns (available 0 → more), each pending alert
 * of it gets one e-mail through the outbox and is marked notified, in the transaction of the
 * change (docs/decisions/0020-mail-outbox.md): a rollback takes the e-mails with it, and a later
 * return finds no pending alert, so nobody hears twice. Called by api/stock/repository.ts only,
 * where `available` grows.
 *
 * No nudge: the repository's callers carry no mail worker; the worker's poll (15 s) sends them.
 * The link's base is the storefront's address kept with the alert (migration 0040).
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import type { Kysely } from "kysely";
import { unitFrom } from "#core/school-units.ts";
import { productPath } from "#core/storefront-paths.ts";
import type { Database } from "#db/schema.ts";
import { enqueueMail } from "../mail/mail-outbox.ts";
import { enqueueBackInStockWhatsapp } from "../messages/event-messages.ts";
import { returnedItemName, stockAlertEmail } from "../mail/stock-alert-email.ts";
import { listUnits } from "../units/repository.ts";
import type { StockItem } from "./repository.ts";

/** The item's page and name as its e-mail says them: a variant's product, or the product itself. */
async function returnedProduct(db: Kysely<Database>, item: StockItem) {
  const asVariant = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select(["p.title", "p.slug", "c.slug as category_slug", "p.option_name", "v.value as option_value"])
    .where("v.store_id", "=", item.storeId)
    .where("v.item_totvs_id", "=", item.itemTotvsId)
    .executeTakeFirst();
  if (asVariant) return asVariant;
  return db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select(["p.title", "p.slug", "c.slug as category_slug", "p.option_name"])
    .select((eb) => eb.val<string | null>(null).as("option_value"))
    .where("p.store_id", "=", item.storeId)
    .where("p.item_totvs_id", "=", item.itemTotvsId)
    .executeTakeFirst();
}

/**
 * Sends the item's pending alerts when its level went from `before` (null: not tracked) to
 * `after`. Anything but a return from none to some sends nothing. An alert of a signed-in
 * customer who opted in also goes by WhatsApp when `whatsapp` (the store's) is given (issue 31).
 */
export async function notifyStockReturned(
  db: Kysely<Database>,
  item: StockItem,
  before: number | null,
  after: number,
  at: string,
  whatsapp?: { nudge?: () => void },
): Promise<void> {
  if ((before ?? 0) > 0 || after <= 0) return;
  // The update is the claim: on PostgreSQL a concurrent return waits on the stock row anyway,
  // and `notified_at is null` keeps an alert from being sent twice whatever else runs.
  const alerts = await db
    .updateTable("stock_alerts")
    .set({ notified_at: at })
    .where("store_id", "=", item.storeId)
    .where("unit_code", "=", item.unitCode)
    .where("item_totvs_id", "=", item.itemTotvsId)
    .where("notified_at", "is", null)
    .returning(["email", "storefront_url", "created_at", "customer_id"])
    .execute();
  if (alerts.length === 0) return;
  const product = await returnedProduct(db, item);
  // An item code the catalogue no longer has: nothing to link to, the alerts end unsent.
  if (!product) return;
  const unit = unitFrom(await listUnits(db, item.storeId), item.unitCode);
  const name = returnedItemName(product.title, { name: product.option_name, value: product.option_value });
  const path = productPath(product.category_slug, product.slug);
  const outbox = { now: () => new Date(at), whatsapp };
  for (const alert of alerts) {
    const email = stockAlertEmail(
      alert.email,
      { name, link: `${alert.storefront_url}${path}`, unitName: unit.name },
      { createdAt: alert.created_at },
    );
    await enqueueMail(db, outbox, "stock-alert", email, { customerId: alert.customer_id });
    if (alert.customer_id)
      await enqueueBackInStockWhatsapp(db, outbox, {
        customerId: alert.customer_id,
        product: name,
        link: `${alert.storefront_url}${path}`,
      });
  }
}
