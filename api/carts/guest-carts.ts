/**
 * A visitor's cart (spec §6: visitors may fill a cart). The storefront keeps a random
 * key in the visitor's session and sends it in the X-Guest-Cart-Key header; the
 * database keeps only its SHA-256, so a copy of the database cannot open anyone's cart.
 * The cart has one bag, without a student: who each item is for is asked after login.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { CartReply } from "../contract/carts.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError, badRequest } from "../errors.ts";
import { hitRateLimit, TOO_MANY_REQUESTS } from "../rate-limit.ts";
import type { GuestCartPayloadData } from "../contract/carts.ts";
import { affiliateOf, desiredContents, STALE_CART } from "./service.ts";
import {
  createCart,
  deleteCartRows,
  findOpenGuestCart,
  readContents,
  sameContents,
  touchCart,
  writeContents,
  type CartRow,
} from "./repository.ts";
import { buildCart } from "./cart-view.ts";

export const GUEST_CART_MESSAGES = {
  invalidKey: "Carrinho de visitante inválido.",
  studentNeedsLogin: "Entre na sua conta para escolher o estudante.",
} as const;

export const GUEST_CART_KEY_HEADER = "x-guest-cart-key";

/** 32 random bytes in base64url, as the storefront makes them. */
const GUEST_KEY = /^[A-Za-z0-9_-]{43}$/;

/** New visitor carts per address: generous for a school's shared network, tight for a script. */
export const GUEST_CART_CREATION_LIMIT = { name: "guest-cart", limit: 30, windowMs: 10 * 60_000 };

/** A visitor's cart untouched this long is deleted (the session cookie lasts as long). */
export const GUEST_CART_IDLE_DAYS = 30;

/** The stored form of a well-formed key; anything else is a 400. */
export function guestKeyHash(key: string | undefined): string {
  if (!key || !GUEST_KEY.test(key)) throw badRequest(GUEST_CART_MESSAGES.invalidKey);
  return createHash("sha256").update(key).digest("hex");
}

export async function guestCartReply(db: Kysely<Database>, cart: CartRow | undefined, now: Date): Promise<CartReply> {
  return { cart: await buildCart(db, cart, now), itemsRemoved: [] };
}

/**
 * Serialises writes to one cart: a no-op update holds the row in PostgreSQL and takes
 * SQLite's write lock, like lockCustomer for a customer's.
 */
async function lockCart(db: Kysely<Database>, cartId: string): Promise<void> {
  await db
    .updateTable("carts")
    .set((eb) => ({ version: eb.ref("version") }))
    .where("id", "=", cartId)
    .execute();
}

async function purgeIdleGuestCarts(db: Kysely<Database>, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - GUEST_CART_IDLE_DAYS * 86_400_000).toISOString();
  const idle = await db
    .selectFrom("carts")
    .select("id")
    .where("guest_key_hash", "is not", null)
    .where("updated_at", "<", cutoff)
    .limit(500)
    .execute();
  await deleteCartRows(
    db,
    idle.map((row) => row.id),
  );
}

/**
 * POST /carts/guest-add-item-to-cart: the visitor's whole cart, checked like a
 * customer's (catalogue prices, quantities, S and M at one unit) and with the same
 * version check between tabs. Naming a student needs an account.
 */
export async function saveGuestCart(
  deps: ApiDeps,
  guest: { keyHash: string; storeId: number; address: string },
  data: GuestCartPayloadData,
): Promise<CartReply> {
  if (data.bags.some((bag) => bag.studentId !== null)) throw badRequest(GUEST_CART_MESSAGES.studentNeedsLogin);
  const bags = await desiredContents(deps.db, guest.storeId, data.bags);
  const existing = await findOpenGuestCart(deps.db, guest.keyHash, guest.storeId);
  if (!existing && bags.length > 0) {
    if (!(await hitRateLimit(deps, GUEST_CART_CREATION_LIMIT, guest.address)))
      throw new ApiError(429, TOO_MANY_REQUESTS);
  }
  const affiliateId = await affiliateOf(deps.db, null, bags);
  return deps.db.transaction().execute(async (trx) => {
    const at = deps.now().toISOString();
    const cart = await findOpenGuestCart(trx, guest.keyHash, guest.storeId);
    if (!cart) {
      if (bags.length === 0) return guestCartReply(trx, undefined, deps.now());
      await purgeIdleGuestCarts(trx, deps.now());
      let created: CartRow;
      try {
        created = await createCart(trx, {
          storeId: guest.storeId,
          owner: { guestKeyHash: guest.keyHash },
          affiliateId,
          at,
        });
      } catch {
        // The same key created its cart in another request a moment ago (unique index).
        throw new ApiError(409, STALE_CART);
      }
      await writeContents(trx, created.id, bags, at);
      return guestCartReply(trx, created, deps.now());
    }
    await lockCart(trx, cart.id);
    const current = (await findOpenGuestCart(trx, guest.keyHash, guest.storeId))!;
    const unchanged = sameContents(await readContents(trx, current.id), bags);
    if (data.version !== undefined && data.version !== current.version && !unchanged)
      throw new ApiError(409, STALE_CART);
    if (!unchanged) {
      await writeContents(trx, current.id, bags, at);
      await touchCart(trx, current, { affiliate_id: affiliateId }, at);
    }
    return guestCartReply(trx, await findOpenGuestCart(trx, guest.keyHash, guest.storeId), deps.now());
  });
}
