/**
 * Staff sessions (issue 15): server-side rows, so an admin can end them. A session lasts at
 * most 8 hours from login and ends after 30 minutes without a request (ASVS 3.3.2, level 2).
 * Only the SHA-256 of the bearer token is stored.
 */
import type { Kysely } from "kysely";
import type { Database, StaffTable } from "#db/schema.ts";
import { hashSecret, newSecret } from "../../accounts/tokens.ts";

export const STAFF_SESSION_ABSOLUTE_MS = 8 * 60 * 60_000;
export const STAFF_SESSION_IDLE_MS = 30 * 60_000;
/** last_seen_at is written at most this often: one write a minute, not one a request. */
const TOUCH_EVERY_MS = 60_000;

export type StaffRow = StaffTable;

export interface LiveStaffSession {
  sessionId: string;
  staff: StaffRow;
  expiresAt: string;
  /** False while the second factor is still owed. */
  mfaPassed: boolean;
}

export async function issueStaffSession(
  db: Kysely<Database>,
  staffId: string,
  now: Date,
  { mfaPassed, address }: { mfaPassed: boolean; address: string | null },
): Promise<{ token: string; expiresAt: string }> {
  const token = newSecret();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_ABSOLUTE_MS).toISOString();
  await db
    .insertInto("staff_sessions")
    .values({
      id: crypto.randomUUID(),
      staff_id: staffId,
      token_hash: hashSecret(token),
      created_at: at,
      last_seen_at: at,
      expires_at: expiresAt,
      revoked_at: null,
      mfa_passed_at: mfaPassed ? at : null,
      address,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The session of a token when it is live: not revoked, within its 8 hours, used in the last 30
 * minutes, its person still active. Counts as activity.
 */
export async function findLiveStaffSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<LiveStaffSession | undefined> {
  const row = await db
    .selectFrom("staff_sessions as s")
    .innerJoin("staff as p", "p.id", "s.staff_id")
    .selectAll("p")
    .select(["s.id as session_id", "s.expires_at", "s.last_seen_at", "s.mfa_passed_at"])
    .where("s.token_hash", "=", hashSecret(token))
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", now.toISOString())
    .where("p.deactivated_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const idleFor = now.getTime() - Date.parse(row.last_seen_at);
  if (idleFor >= STAFF_SESSION_IDLE_MS) {
    await revokeStaffSession(db, row.session_id, now);
    return undefined;
  }
  if (idleFor >= TOUCH_EVERY_MS)
    await db
      .updateTable("staff_sessions")
      .set({ last_seen_at: now.toISOString() })
      .where("id", "=", row.session_id)
      .execute();
  const { session_id, expires_at, last_seen_at: _seen, mfa_passed_at, ...staff } = row;
  return { sessionId: session_id, staff, expiresAt: expires_at, mfaPassed: mfa_passed_at !== null };
}

export async function revokeStaffSession(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable("staff_sessions")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Ends every session of a person (deactivation, role change, new password, 2FA reset). */
export async function revokeAllStaffSessions(db: Kysely<Database>, staffId: string, now: Date): Promise<void> {
  await db
    .updateTable("staff_sessions")
    .set({ revoked_at: now.toISOString() })
    .where("staff_id", "=", staffId)
    .where("revoked_at", "is", null)
    .execute();
}

/** The session has given its second factor (or enrolled one). */
export async function markSecondFactorPassed(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable("staff_sessions")
    .set({ mfa_passed_at: now.toISOString() })
    .where("id", "=", sessionId)
    .execute();
}
