import type { Kysely, Selectable } from "kysely";
import type { CartTable, Database } from "#db/schema.ts";

export type CartRow = Selectable<CartTable>;

/** The store's open carts: not deleted by the gestor, not finished by a purchase. */
function openCarts(db: Kysely<Database>, storeId: number) {
  return db
    .selectFrom("carts")
    .selectAll()
    .where("store_id", "=", storeId)
    .where("deleted_at", "is", null)
    .where("finished_at", "is", null);
}

/** The customer's open cart in the store. */
export function findOpenCart(db: Kysely<Database>, customerId: string, storeId: number) {
  return openCarts(db, storeId).where("customer_id", "=", customerId).executeTakeFirst();
}

/** The open cart `cartId` if it is this customer's; undefined for anyone else's, deleted or finished. */
export function findOwnOpenCart(db: Kysely<Database>, customerId: string, storeId: number, cartId: string) {
  return openCarts(db, storeId).where("id", "=", cartId).where("customer_id", "=", customerId).executeTakeFirst();
}

/** A visitor's open cart, by the hash of their key (spec §6). */
export function findOpenGuestCart(db: Kysely<Database>, guestKeyHash: string, storeId: number) {
  return openCarts(db, storeId).where("guest_key_hash", "=", guestKeyHash).executeTakeFirst();
}

/** Whose cart: a customer's, or a visitor's (by the hash of their key). */
export type CartOwner = { customerId: string } | { guestKeyHash: string };

/** A new open cart, holding `bags` when given. */
export async function createCart(
  db: Kysely<Database>,
  values: { storeId: number; owner: CartOwner; affiliateId: string | null; at: string },
  bags: readonly StoredBag[] = [],
): Promise<CartRow> {
  const row: CartRow = {
    id: crypto.randomUUID(),
    store_id: values.storeId,
    customer_id: "customerId" in values.owner ? values.owner.customerId : null,
    guest_key_hash: "guestKeyHash" in values.owner ? values.owner.guestKeyHash : null,
    affiliate_id: values.affiliateId,
    coupon_id: null,
    version: 1,
    created_at: values.at,
    updated_at: values.at,
    deleted_at: null,
    finished_at: null,
  };
  await db.insertInto("carts").values(row).execute();
  if (bags.length > 0) await writeContents(db, row.id, bags, values.at);
  return row;
}

/** Records a write: the version grows by one; `changes` may clear the coupon or set the unit. */
export async function touchCart(
  db: Kysely<Database>,
  cart: CartRow,
  changes: Partial<Pick<CartRow, "coupon_id" | "affiliate_id">>,
  at: string,
): Promise<void> {
  await db
    .updateTable("carts")
    .set((eb) => ({ ...changes, version: eb("version", "+", 1), updated_at: at }))
    .where("id", "=", cart.id)
    .execute();
}

/** A bag as stored: the student (null: not chosen yet) and the lines, each with its catalogue product. */
export interface StoredBag {
  studentId: string | null;
  items: { productId: string; itemTOTVSId: number; quantity: number }[];
}

/** The cart's contents in order, for comparing with a new request. */
export async function readContents(db: Kysely<Database>, cartId: string): Promise<StoredBag[]> {
  const rows = await db
    .selectFrom("cart_bags as b")
    .leftJoin("cart_items as i", "i.bag_id", "b.id")
    .select(["b.student_id", "i.product_id", "i.item_totvs_id", "i.quantity"])
    .where("b.cart_id", "=", cartId)
    .orderBy("b.position")
    .orderBy("i.position")
    .execute();
  const bags = new Map<string | null, StoredBag>();
  for (const row of rows) {
    const bag = bags.get(row.student_id) ?? { studentId: row.student_id, items: [] };
    bags.set(row.student_id, bag);
    if (row.product_id !== null && row.item_totvs_id !== null && row.quantity !== null) {
      bag.items.push({ productId: row.product_id, itemTOTVSId: row.item_totvs_id, quantity: row.quantity });
    }
  }
  return [...bags.values()];
}

export function sameContents(a: readonly StoredBag[], b: readonly StoredBag[]): boolean {
  const key = (bags: readonly StoredBag[]) =>
    JSON.stringify(bags.map((bag) => [bag.studentId, bag.items.map((item) => [item.itemTOTVSId, item.quantity])]));
  return key(a) === key(b);
}

/**
 * Makes the cart hold exactly `bags`, keeping the ids of bags and lines that stay
 * (a line's cartItemid survives a quantity change).
 */
export async function writeContents(db: Kysely<Database>, cartId: string, bags: readonly StoredBag[], at: string) {
  const existing = await db
    .selectFrom("cart_bags")
    .select(["id", "student_id"])
    .where("cart_id", "=", cartId)
    .execute();
  const bagIdOf = new Map(existing.map((bag) => [bag.student_id, bag.id]));
  const wanted = new Set(bags.map((bag) => bag.studentId));
  const dropped = existing.filter((bag) => !wanted.has(bag.student_id)).map((bag) => bag.id);
  if (dropped.length > 0) {
    await db.deleteFrom("cart_items").where("bag_id", "in", dropped).execute();
    await db.deleteFrom("cart_bags").where("id", "in", dropped).execute();
  }
  for (const [position, bag] of bags.entries()) {
    let bagId = bagIdOf.get(bag.studentId);
    if (bagId) {
      await db.updateTable("cart_bags").set({ position }).where("id", "=", bagId).execute();
    } else {
      bagId = crypto.randomUUID();
      await db
        .insertInto("cart_bags")
        .values({ id: bagId, cart_id: cartId, student_id: bag.studentId, position, created_at: at })
        .execute();
    }
    await writeItems(db, bagId, bag.items, at);
  }
}

async function writeItems(db: Kysely<Database>, bagId: string, items: StoredBag["items"], at: string) {
  const existing = await db
    .selectFrom("cart_items")
    .select(["id", "item_totvs_id"])
    .where("bag_id", "=", bagId)
    .execute();
  const itemIdOf = new Map(existing.map((item) => [item.item_totvs_id, item.id]));
  const wanted = new Set(items.map((item) => item.itemTOTVSId));
  const dropped = existing.filter((item) => !wanted.has(item.item_totvs_id)).map((item) => item.id);
  if (dropped.length > 0) await db.deleteFrom("cart_items").where("id", "in", dropped).execute();
  for (const [position, item] of items.entries()) {
    const id = itemIdOf.get(item.itemTOTVSId);
    if (id) {
      await db.updateTable("cart_items").set({ quantity: item.quantity, position }).where("id", "=", id).execute();
    } else {
      await db
        .insertInto("cart_items")
        .values({
          id: crypto.randomUUID(),
          bag_id: bagId,
          product_id: item.productId,
          item_totvs_id: item.itemTOTVSId,
          quantity: item.quantity,
          position,
          created_at: at,
        })
        .execute();
    }
  }
}

/** Removes a cart and its contents for good (a visitor's cart, once merged or abandoned). */
export async function deleteCartRows(db: Kysely<Database>, cartIds: readonly string[]): Promise<void> {
  if (cartIds.length === 0) return;
  const bagIds = db.selectFrom("cart_bags").select("id").where("cart_id", "in", cartIds);
  await db.deleteFrom("cart_items").where("bag_id", "in", bagIds).execute();
  await db.deleteFrom("cart_bags").where("cart_id", "in", cartIds).execute();
  await db.deleteFrom("carts").where("id", "in", cartIds).execute();
}

/**
 * Drops the student's bag from the customer's open cart (their link was removed). A
 * change like any other: the version grows and the coupon goes. Call inside the
 * transaction that holds the customer's lock.
 */
export async function dropStudentBag(
  db: Kysely<Database>,
  customer: { id: string; store_id: number },
  studentId: string,
  at: string,
): Promise<void> {
  const cart = await findOpenCart(db, customer.id, customer.store_id);
  if (!cart) return;
  const contents = await readContents(db, cart.id);
  if (!contents.some((bag) => bag.studentId === studentId)) return;
  await writeContents(
    db,
    cart.id,
    contents.filter((bag) => bag.studentId !== studentId),
    at,
  );
  await touchCart(db, cart, { coupon_id: null }, at);
}
