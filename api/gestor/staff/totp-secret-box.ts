/**
 * Staff authenticator secrets at rest (issue 25, point 17; docs/decisions/0049): AES-256-GCM
 * with a key that is never in the database, so a backup of the database and a password do not
 * open the gestor area. The keys come from the operator's configuration, newest first
 * (app/.server/totp-keys.server.ts): the newest seals, every one opens, and
 * `resealTotpSecrets` moves every secret to the newest (at each start, and `gestor.ts
 * reseal-totp`), so an old key can be dropped once a start or that command has run with both.
 *
 * A sealed value is `enc1:<iv>:<ciphertext and tag>` (base64url); a base32 secret never has a
 * colon, so a clear one (written before this) is told apart. The staff member's id is the
 * additional data: a sealed secret copied to another row does not open there.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

/** AES-256 keys, newest first. */
export type TotpKeys = readonly Buffer[];

const PREFIX = "enc1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A configured key shorter than this can be guessed offline from one sealed secret. */
export const MIN_TOTP_KEY_LENGTH = 32;

/** The AES keys for the operator's secrets (each one HKDF-SHA256'd for this purpose only). */
export function totpKeysFrom(secrets: readonly string[]): TotpKeys {
  return secrets.map((secret) => Buffer.from(hkdfSync("sha256", secret, "loja-escolar", "staff-totp-secret", 32)));
}

const additionalData = (staffId: string) => Buffer.from(`staff-totp:${staffId}`);

export function sealTotpSecret(keys: TotpKeys, staffId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keys[0]!, iv);
  cipher.setAAD(additionalData(staffId));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${iv.toString("base64url")}:${sealed.toString("base64url")}`;
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/**
 * The secret a stored value holds, and the index of the key that opened it (null: stored in
 * clear, from before sealing); null when no key opens it (a key dropped too soon).
 */
export function openTotpSecret(
  keys: TotpKeys,
  staffId: string,
  stored: string,
): { secret: string; keyIndex: number | null } | null {
  if (!isSealed(stored)) return { secret: stored, keyIndex: null };
  const [iv, sealed] = stored
    .slice(PREFIX.length)
    .split(":")
    .map((part) => Buffer.from(part, "base64url"));
  if (!iv || !sealed || iv.length !== IV_BYTES || sealed.length <= TAG_BYTES) return null;
  for (const [keyIndex, key] of keys.entries()) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAAD(additionalData(staffId));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      const secret = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
      return { secret: secret.toString("utf8"), keyIndex };
    } catch {
      // Another key sealed it (or none of these did): try the next.
    }
  }
  return null;
}

export interface ResealReport {
  /** Stored in clear until now (written before sealing). */
  sealed: number;
  /** Sealed with an older key, now with the newest. */
  resealed: number;
  /** No configured key opens them: an old key was dropped while a secret still needed it. */
  unreadable: string[];
}

/**
 * Every staff secret sealed with the newest key: clear ones (the data migration of this change,
 * run at start rather than in a frozen migration, which may import nothing that changes later)
 * and those of an older key (rotation). Each row is changed only if its value is still the one
 * read, so a person enrolling meanwhile keeps their new secret.
 */
export async function resealTotpSecrets(db: Kysely<Database>, keys: TotpKeys): Promise<ResealReport> {
  const report: ResealReport = { sealed: 0, resealed: 0, unreadable: [] };
  const rows = await db
    .selectFrom("staff")
    .select(["id", "email", "totp_secret"])
    .where("totp_secret", "is not", null)
    .execute();
  for (const row of rows) {
    const opened = openTotpSecret(keys, row.id, row.totp_secret!);
    if (!opened) {
      report.unreadable.push(row.email);
      continue;
    }
    if (opened.keyIndex === 0) continue;
    await db
      .updateTable("staff")
      .set({ totp_secret: sealTotpSecret(keys, row.id, opened.secret) })
      .where("id", "=", row.id)
      .where("totp_secret", "=", row.totp_secret)
      .execute();
    if (opened.keyIndex === null) report.sealed++;
    else report.resealed++;
  }
  return report;
}
