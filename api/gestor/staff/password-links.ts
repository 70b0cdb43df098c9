/**
 * One-time links to set a staff password: the first admin's (printed by the command-line
 * tool), an invitation, an admin's reset. Only the SHA-256 of the token is stored; a link works
 * once and for 72 hours.
 *
 * Runs under plain Node (type stripping) for the command-line tool.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { hashSecret, newSecret } from "../../accounts/tokens.ts";

export const PASSWORD_LINK_LIFETIME_MS = 72 * 60 * 60_000;
export type PasswordLinkPurpose = "convite" | "redefinicao";

/** The page a link opens, relative to the storefront's address. */
export const passwordLinkPath = (token: string) => `/gestor/definir-senha/${token}`;

/** Makes a link for the person (earlier unused ones stop working) and returns its token. */
export async function createPasswordLink(
  db: Kysely<Database>,
  staffId: string,
  purpose: PasswordLinkPurpose,
  now: Date,
): Promise<string> {
  const token = newSecret();
  await db
    .updateTable("staff_password_links")
    .set({ used_at: now.toISOString() })
    .where("staff_id", "=", staffId)
    .where("used_at", "is", null)
    .execute();
  await db
    .insertInto("staff_password_links")
    .values({
      id: crypto.randomUUID(),
      staff_id: staffId,
      token_hash: hashSecret(token),
      purpose,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + PASSWORD_LINK_LIFETIME_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** The unused, unexpired link of a token, with its active person. */
export async function findPasswordLink(db: Kysely<Database>, token: string, now: Date) {
  const row = await db
    .selectFrom("staff_password_links as l")
    .innerJoin("staff as s", "s.id", "l.staff_id")
    .select(["l.id as linkId", "l.purpose", "s.id as staffId", "s.name", "s.email"])
    .where("l.token_hash", "=", hashSecret(token))
    .where("l.used_at", "is", null)
    .where("l.expires_at", ">", now.toISOString())
    .where("s.deactivated_at", "is", null)
    .executeTakeFirst();
  return row;
}

/** Marks the link used; false when another request used it first. */
export async function usePasswordLink(db: Kysely<Database>, linkId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("staff_password_links")
    .set({ used_at: now.toISOString() })
    .where("id", "=", linkId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
