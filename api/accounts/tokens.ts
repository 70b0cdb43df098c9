import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { ApiDeps } from "../deps.ts";

/** Spec §4 and §9: a session lasts 1440 minutes. */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60_000;

/** 256 random bits, URL-safe: bearer tokens and password-reset links. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this digest is stored; a fast hash is enough for 256-bit random secrets. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Creates a bearer token for the customer and returns it (the only time it exists in clear). */
export async function issueToken(db: Kysely<Database>, customerId: string, now: Date): Promise<string> {
  const token = newSecret();
  await db
    .insertInto("customer_tokens")
    .values({
      id: crypto.randomUUID(),
      customer_id: customerId,
      token_hash: hashSecret(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
      revoked_at: null,
    })
    .execute();
  return token;
}

/** The live token (not revoked, not expired) with its customer, or undefined. */
export async function findLiveToken({ db, now }: ApiDeps, token: string) {
  return db
    .selectFrom("customer_tokens as t")
    .innerJoin("customers as c", "c.id", "t.customer_id")
    .selectAll("c")
    .select("t.id as token_id")
    .where("t.token_hash", "=", hashSecret(token))
    .where("t.revoked_at", "is", null)
    .where("t.expires_at", ">", now().toISOString())
    .executeTakeFirst();
}

export async function revokeToken({ db, now }: ApiDeps, tokenId: string): Promise<void> {
  await db
    .updateTable("customer_tokens")
    .set({ revoked_at: now().toISOString() })
    .where("id", "=", tokenId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Ends every session of the customer (password change or reset). */
export async function revokeAllTokens(db: Kysely<Database>, customerId: string, now: Date): Promise<void> {
  await db
    .updateTable("customer_tokens")
    .set({ revoked_at: now.toISOString() })
    .where("customer_id", "=", customerId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Forgets the customer's expired tokens, so the table does not grow with every login. */
export async function deleteExpiredTokens(db: Kysely<Database>, customerId: string, now: Date): Promise<void> {
  await db
    .deleteFrom("customer_tokens")
    .where("customer_id", "=", customerId)
    .where("expires_at", "<=", now.toISOString())
    .execute();
}
