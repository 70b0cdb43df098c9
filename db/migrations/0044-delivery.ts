import type { Kysely } from "kysely";

// Delivery at the unit (issue 30; docs/decisions/0075-delivery-at-the-unit.md and
// 0076-pickup-code.md). Frozen: imports nothing from the code.
//
// - sale_bag_items.delivery_state: where a line of goods is on its way to the family:
//   'awaiting' (Aguardando separação) → 'separated' → 'ready' (Pronto para retirada) →
//   'picked_up' (Retirado). Every line starts 'awaiting'; only the lines of a paid sale are in
//   the flow (the screens read sales.status), so an unpaid or cancelled sale's never show.
//   Goods of sales paid more than 30 days before this migration are taken as picked up.
//   Courses and events (TIPO S) keep 'awaiting' here and read "Vaga confirmada" once paid; an
//   event's check-in is checked_in_at/checked_in_by. delivery_state_at: when the line entered
//   its state (null: since the sale was paid).
// - pickup_handovers: one handing over at the counter: which person received (name and CPF as
//   shown, the account holder or a person they named), which staff member handed over, when, at
//   which unit; the lines handed over point at it (handover_id), so a partial handover is the
//   lines it names.
// - delivery_events: each line's history (separated, back to awaiting, ready, picked up, size
//   exchanged, checked in), with the staff member and a note ("Tamanho M → G"), for the sale's
//   history; the audit log keeps its own row too.
// - sales.pickup_code: the short code the family shows at the unit (6 characters of an alphabet
//   without 0/O, 1/I/L), unique per store; null for a sale of courses and events only. Existing
//   sales with goods get one here.
// - customer_pickup_people: the people an account names to pick up for it (name and CPF), in
//   /conta; "Excluir minha conta" deletes them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("pickup_handovers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sale_id", "text", (c) => c.notNull().references("sales.id"))
    .addColumn("unit_code", "text", (c) => c.notNull())
    .addColumn("received_by_name", "text", (c) => c.notNull())
    .addColumn("received_by_cpf", "text", (c) => c.notNull())
    .addColumn("staff_id", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("pickup_handovers_sale").on("pickup_handovers").column("sale_id").execute();

  await db.schema
    .alterTable("sale_bag_items")
    .addColumn("delivery_state", "text", (c) => c.notNull().defaultTo("awaiting"))
    .execute();
  await db.schema.alterTable("sale_bag_items").addColumn("delivery_state_at", "text").execute();
  await db.schema.alterTable("sale_bag_items").addColumn("handover_id", "text").execute();
  await db.schema.alterTable("sale_bag_items").addColumn("checked_in_at", "text").execute();
  await db.schema.alterTable("sale_bag_items").addColumn("checked_in_by", "text").execute();
  // Separação and Prontos read a unit's lines by state.
  await db.schema
    .createIndex("sale_bag_items_delivery")
    .on("sale_bag_items")
    .columns(["unit_code", "delivery_state"])
    .execute();

  await db.schema
    .createTable("delivery_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("store_id", "integer", (c) => c.notNull().references("stores.id"))
    .addColumn("sale_id", "text", (c) => c.notNull().references("sales.id"))
    .addColumn("sale_bag_item_id", "text", (c) => c.notNull())
    // 'separated', 'unseparated', 'ready', 'picked_up', 'exchanged', 'checked_in'
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("from_state", "text")
    .addColumn("to_state", "text")
    .addColumn("staff_id", "text")
    .addColumn("handover_id", "text")
    .addColumn("note", "text")
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("delivery_events_sale").on("delivery_events").columns(["sale_id", "at"]).execute();

  await db.schema.alterTable("sales").addColumn("pickup_code", "text").execute();
  await db.schema
    .createIndex("sales_store_pickup_code")
    .unique()
    .on("sales")
    .columns(["store_id", "pickup_code"])
    .execute();

  await db.schema
    .createTable("customer_pickup_people")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("customer_id", "text", (c) => c.notNull().references("customers.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("cpf", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("customer_pickup_people_cpf")
    .unique()
    .on("customer_pickup_people")
    .columns(["customer_id", "cpf"])
    .execute();

  await giveExistingSalesPickupCodes(db);
  await closeOldDeliveries(db);
}

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** Uniform over the alphabet: bytes past the last multiple of 31 are drawn again. */
function newCode(): string {
  const limit = 256 - (256 % ALPHABET.length);
  let code = "";
  while (code.length < 6) {
    const [byte] = crypto.getRandomValues(new Uint8Array(1));
    if (byte! < limit) code += ALPHABET[byte! % ALPHABET.length];
  }
  return code;
}

/**
 * A store that upgrades has years of paid orders its units handed over before this screen
 * existed: left "awaiting", they would fill Separação, the Painel and the CSV, and "Pronto"
 * would e-mail families about them. Goods of sales paid more than 30 days before the upgrade
 * are taken as picked up (no handover row: nobody recorded who); the last 30 days' stay in the
 * flow, for the unit to confirm (decision 0075).
 */
async function closeOldDeliveries(db: Kysely<any>) {
  const cutoff = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString();
  await db
    .updateTable("sale_bag_items")
    .set({ delivery_state: "picked_up" })
    .where("type", "<>", "S")
    .where(
      "sale_bag_id",
      "in",
      db
        .selectFrom("sale_bags")
        .innerJoin("sales", "sales.id", "sale_bags.sale_id")
        .select("sale_bags.id")
        .where("sales.paid_at", "is not", null)
        .where("sales.paid_at", "<", cutoff),
    )
    .execute();
}

async function giveExistingSalesPickupCodes(db: Kysely<any>) {
  const sales: { id: string; store_id: number }[] = await db
    .selectFrom("sales")
    .select(["sales.id", "sales.store_id"])
    .where(
      "sales.id",
      "in",
      db
        .selectFrom("sale_bag_items")
        .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
        .select("sale_bags.sale_id")
        .where("sale_bag_items.type", "<>", "S"),
    )
    .execute();
  const taken = new Set<string>();
  for (const sale of sales) {
    let code = newCode();
    while (taken.has(`${sale.store_id}:${code}`)) code = newCode();
    taken.add(`${sale.store_id}:${code}`);
    await db.updateTable("sales").set({ pickup_code: code }).where("id", "=", sale.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("customer_pickup_people").execute();
  await db.schema.dropIndex("sales_store_pickup_code").execute();
  await db.schema.alterTable("sales").dropColumn("pickup_code").execute();
  await db.schema.dropTable("delivery_events").execute();
  await db.schema.dropIndex("sale_bag_items_delivery").execute();
  for (const column of ["checked_in_by", "checked_in_at", "handover_id", "delivery_state_at", "delivery_state"])
    await db.schema.alterTable("sale_bag_items").dropColumn(column).execute();
  await db.schema.dropTable("pickup_handovers").execute();
}
