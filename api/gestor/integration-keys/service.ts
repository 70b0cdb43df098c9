/**
 * Integration keys (issue 27; docs/decisions/0060-integration-keys.md): created by an admin,
 * shown once, kept as a SHA-256, revoked and never deleted, every creation and revocation in
 * the audit log. Each use is recorded on the key (when, from where) by the guard.
 */
import type { Kysely, Selectable } from "kysely";
import type { Database, IntegrationKeyTable } from "#db/schema.ts";
import {
  INTEGRATION_KEY_PREFIX,
  INTEGRATION_SCOPES,
  type IntegrationKey,
  type IntegrationScope,
} from "../../contract/gestor/integration-keys.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { hashSecret, newSecret } from "../../accounts/tokens.ts";
import { COMMAND_LINE_LABEL, recordAudit, type AuditActor } from "../audit/audit-log.ts";

export const KEY_NOT_FOUND = "Chave de integração não encontrada.";

type KeyRow = Selectable<IntegrationKeyTable>;

export const scopesOf = (row: Pick<KeyRow, "scopes">): IntegrationScope[] =>
  row.scopes.split(",").filter((scope): scope is IntegrationScope => INTEGRATION_SCOPES.includes(scope as never));

/** Who made or revoked a key, as the list shows it: the person's e-mail, or the command line. */
async function staffEmails(db: Kysely<Database>, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom("staff").select(["id", "email"]).where("id", "in", wanted).execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}

function toReply(row: KeyRow, emails: Map<string, string>): IntegrationKey {
  const nameOf = (id: string | null) => (id === null ? COMMAND_LINE_LABEL : (emails.get(id) ?? "pessoa removida"));
  return {
    id: row.id,
    label: row.label,
    hint: row.token_hint,
    scopes: scopesOf(row),
    createdAt: row.created_at,
    createdBy: nameOf(row.created_by),
    lastUsedAt: row.last_used_at,
    lastUsedAddress: row.last_used_address,
    revokedAt: row.revoked_at,
    revokedBy: row.revoked_at === null ? null : nameOf(row.revoked_by),
  };
}

async function repliesOf(db: Kysely<Database>, rows: KeyRow[]): Promise<IntegrationKey[]> {
  const emails = await staffEmails(
    db,
    rows.flatMap((row) => [row.created_by, row.revoked_by]),
  );
  return rows.map((row) => toReply(row, emails));
}

/** Live keys first, then revoked ones; newest first in each. */
export async function listKeys(db: Kysely<Database>, storeId: number): Promise<IntegrationKey[]> {
  const rows = await db
    .selectFrom("integration_keys")
    .selectAll()
    .where("store_id", "=", storeId)
    .orderBy((eb) => eb.case().when("revoked_at", "is", null).then(0).else(1).end())
    .orderBy("created_at", "desc")
    .execute();
  return repliesOf(db, rows);
}

const staffIdOf = (actor: AuditActor) => (actor.kind === "staff" ? actor.staffId : null);

export async function createKey(
  { db, now }: Pick<ApiDeps, "db" | "now">,
  actor: AuditActor,
  { storeId, label, scopes }: { storeId: number; label: string; scopes: IntegrationScope[] },
): Promise<{ key: IntegrationKey; secret: string }> {
  const secret = `${INTEGRATION_KEY_PREFIX}${newSecret()}`;
  const at = now();
  const row: KeyRow = {
    id: crypto.randomUUID(),
    store_id: storeId,
    label,
    token_hash: hashSecret(secret),
    token_hint: secret.slice(-4),
    scopes: INTEGRATION_SCOPES.filter((scope) => scopes.includes(scope)).join(","),
    created_by: staffIdOf(actor),
    created_at: at.toISOString(),
    last_used_at: null,
    last_used_address: null,
    revoked_at: null,
    revoked_by: null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("integration_keys").values(row).execute();
    // Never the secret nor its hash in the log: the label, the hint and the scopes say which key.
    await recordAudit(
      trx,
      actor,
      {
        action: "integration-key.create",
        targetType: "integration-key",
        targetId: row.id,
        summary: `Criou a chave de integração "${label}" (…${row.token_hint})`,
        after: { label, hint: row.token_hint, scopes: scopesOf(row) },
      },
      at,
    );
  });
  const [key] = await repliesOf(db, [row]);
  return { key: key!, secret };
}

/** Revokes the key; a key already revoked stays as it was (a double click, two tabs). */
export async function revokeKey(
  { db, now }: Pick<ApiDeps, "db" | "now">,
  actor: AuditActor,
  keyId: string,
): Promise<IntegrationKey> {
  const at = now();
  const row = await db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("integration_keys").selectAll().where("id", "=", keyId).executeTakeFirst();
    if (!found) throw new ApiError(404, KEY_NOT_FOUND);
    if (found.revoked_at !== null) return found;
    const revoked = { ...found, revoked_at: at.toISOString(), revoked_by: staffIdOf(actor) };
    await trx
      .updateTable("integration_keys")
      .set({ revoked_at: revoked.revoked_at, revoked_by: revoked.revoked_by })
      .where("id", "=", keyId)
      .where("revoked_at", "is", null)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "integration-key.revoke",
        targetType: "integration-key",
        targetId: keyId,
        summary: `Revogou a chave de integração "${found.label}" (…${found.token_hint})`,
        before: { revokedAt: null },
        after: { revokedAt: revoked.revoked_at },
      },
      at,
    );
    return revoked;
  });
  const [key] = await repliesOf(db, [row]);
  return key!;
}

/** The live key of a secret, or undefined (unknown or revoked). */
export async function findLiveKey(db: Kysely<Database>, secret: string): Promise<KeyRow | undefined> {
  return db
    .selectFrom("integration_keys")
    .selectAll()
    .where("token_hash", "=", hashSecret(secret))
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

/** When and from where the key was last used, as the list shows it. */
export async function recordKeyUse(db: Kysely<Database>, keyId: string, at: Date, address: string): Promise<void> {
  await db
    .updateTable("integration_keys")
    .set({ last_used_at: at.toISOString(), last_used_address: address })
    .where("id", "=", keyId)
    .execute();
}

/** The actor the log names for a call made with the key. */
export function keyActor(row: Pick<KeyRow, "id" | "label" | "token_hint">, address: string): AuditActor {
  return { kind: "integration", keyId: row.id, label: row.label, hint: row.token_hint, address };
}
