/**
 * A roster file between its preview and its import (issue 27): kept gzip'd in the database
 * (a 20,000-row file is ~10 MB of text, ~1 MB gzip'd), so the import posts only the upload's id
 * and the file's SHA-256, not the file again, and any server behind the load balancer applies it.
 * Valid for 24 hours; the import names the SHA-256 it previewed, so it applies that file or nothing.
 */
import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { GestorError } from "../gestor-error.ts";

const VALID_FOR_MS = 24 * 60 * 60 * 1000;
/** How often the bundled API deletes the files past their 24 hours. */
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export const UPLOAD_MESSAGES = {
  gone: "O arquivo conferido não está mais disponível (vale por 24 horas). Envie-o de novo.",
  changed: "O arquivo mudou depois da conferência. Confira-o de novo antes de importar.",
  applied: "Este arquivo já foi importado.",
} as const;

const sha256Of = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

interface StagedFile {
  storeId: number;
  kind: "alunos" | "series";
  staffId: string | null;
  fileName: string;
  csv: string;
  rowCount: number;
}

/** Keeps a previewed file; its id and SHA-256 are what the import will name. */
export async function stageUpload(db: Kysely<Database>, file: StagedFile, now: Date) {
  const id = crypto.randomUUID();
  const sha256 = sha256Of(file.csv);
  await db
    .insertInto("roster_uploads")
    .values({
      id,
      store_id: file.storeId,
      kind: file.kind,
      staff_id: file.staffId,
      file_name: file.fileName,
      sha256,
      csv_gzip: gzipSync(Buffer.from(file.csv, "utf8")),
      row_count: file.rowCount,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + VALID_FOR_MS).toISOString(),
    })
    .execute();
  return { id, sha256 };
}

/**
 * The staged file to apply. Refused when unknown, of another kind or store, expired, changed or
 * applied already.
 */
export async function loadUpload(
  db: Kysely<Database>,
  { storeId, kind, id, sha256 }: { storeId: number; kind: StagedFile["kind"]; id: string; sha256: string },
  now: Date,
): Promise<{ fileName: string; csv: string }> {
  const upload = await db
    .selectFrom("roster_uploads")
    .select(["file_name", "sha256", "csv_gzip", "expires_at", "applied_at"])
    .where("id", "=", id)
    .where("store_id", "=", storeId)
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (!upload || upload.expires_at <= now.toISOString()) throw new GestorError(UPLOAD_MESSAGES.gone);
  if (upload.sha256 !== sha256) throw new GestorError(UPLOAD_MESSAGES.changed);
  if (upload.applied_at !== null) throw new GestorError(UPLOAD_MESSAGES.applied);
  return { fileName: upload.file_name, csv: gunzipSync(upload.csv_gzip).toString("utf8") };
}

/**
 * Marks the file applied in the import's transaction (undone with it). A second import of the
 * same upload (a double click, two tabs) finds it marked and is refused.
 */
export async function markUploadApplied(trx: Kysely<Database>, id: string, now: Date): Promise<void> {
  const { numUpdatedRows } = await trx
    .updateTable("roster_uploads")
    .set({ applied_at: now.toISOString() })
    .where("id", "=", id)
    .where("applied_at", "is", null)
    .executeTakeFirstOrThrow();
  if (numUpdatedRows !== 1n) throw new GestorError(UPLOAD_MESSAGES.applied);
}

/** Deletes the staged files past their 24 hours, imported or not; answers how many. */
export async function deleteExpiredUploads(db: Kysely<Database>, now: Date): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom("roster_uploads")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(numDeletedRows);
}
