/**
 * What Meta's WhatsApp webhook reports (issue 31; docs/decisions/0080-whatsapp-channel.md), once
 * its signature is checked: each message's status, moved forward only, and a customer's "SAIR".
 *
 * Meta posts `{ object: "whatsapp_business_account", entry: [{ changes: [{ field: "messages",
 * value: { statuses: [...], messages: [...] } }] }] }`. A status names the message by Meta's id
 * (`id`, the wamid) and echoes `biz_opaque_callback_data` (the outbox row's id): a message whose
 * send never got its answer recorded (a crash mid-send, a timeout) is found by the latter, which
 * settles it without sending it again (whatsapp-outbox.ts).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { OutboxDeps } from "../../mail/mail-outbox.ts";
import { WHATSAPP_TEXTS } from "../../contract/messages.ts";
import { withdrawConsentOfWhatsappId } from "../consent.ts";
import { failWhatsappMessage, FINAL_STATUSES } from "../whatsapp-failure.ts";

/** X-Hub-Signature-256: "sha256=" and the HMAC-SHA256 of the raw body with the app secret, in hex. */
export function checkSignature(
  appSecret: string,
  header: string | null | undefined,
  rawBody: string,
): "valid" | "missing" | "wrong" {
  const value = header?.trim();
  if (!value) return "missing";
  const match = /^sha256=([0-9a-f]{64})$/i.exec(value);
  if (!match) return "wrong";
  const expected = createHmac("sha256", appSecret).update(rawBody, "utf8").digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, "hex")) ? "valid" : "wrong";
}

/** How far a status is along: a later one never goes back (a late "delivered" after "read"). */
const STATUS_RANK: Record<string, number> = { queued: 0, sent: 1, delivered: 2, read: 3 };

interface StatusReport {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  biz_opaque_callback_data?: unknown;
  errors?: { code?: unknown; title?: unknown; message?: unknown }[];
}

interface IncomingMessage {
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { text?: unknown; payload?: unknown };
  interactive?: { button_reply?: { title?: unknown } };
}

/** "Sair", " sair ", "SAÍR": the stop word, case and accents ignored. */
export function isStopWord(text: unknown): boolean {
  if (typeof text !== "string") return false;
  const normalized = text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toUpperCase();
  return normalized === WHATSAPP_TEXTS.stopWord;
}

function timeOf(timestamp: unknown, fallback: Date): string {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : fallback.toISOString();
}

/**
 * The status's message: by Meta's id, or by the echoed row id while its wamid is not recorded yet
 * (or is this one: the worker may record it between the two looks).
 */
async function findReported(db: Kysely<Database>, report: StatusReport) {
  const wamid = typeof report.id === "string" && report.id !== "" ? report.id : null;
  const echoed = typeof report.biz_opaque_callback_data === "string" ? report.biz_opaque_callback_data : null;
  if (wamid === null && echoed === null) return undefined;
  return db
    .selectFrom("whatsapp_messages")
    .select(["id", "status", "wamid"])
    .where((eb) =>
      eb.or([
        ...(wamid === null ? [] : [eb("wamid", "=", wamid)]),
        ...(echoed === null
          ? []
          : [
              eb.and([
                eb("id", "=", echoed),
                eb.or([eb("wamid", "is", null), ...(wamid === null ? [] : [eb("wamid", "=", wamid)])]),
              ]),
            ]),
      ]),
    )
    .executeTakeFirst();
}

async function applyStatus(db: Kysely<Database>, deps: OutboxDeps, report: StatusReport): Promise<void> {
  const row = await findReported(db, report);
  if (!row || (FINAL_STATUSES as readonly string[]).includes(row.status)) return;
  const wamid = typeof report.id === "string" && report.id !== "" ? report.id : null;
  if (report.status === "failed") {
    const error = report.errors?.[0];
    const code = typeof error?.code === "number" || typeof error?.code === "string" ? String(error.code) : "?";
    const title = typeof error?.title === "string" ? error.title.slice(0, 100) : "falha informada pela Meta";
    await db.transaction().execute(async (trx) => {
      if (wamid && row.wamid === null)
        await trx.updateTable("whatsapp_messages").set({ wamid }).where("id", "=", row.id).execute();
      await failWhatsappMessage(trx, deps, row.id, `${code} ${title}`);
    });
    return;
  }
  const rank = typeof report.status === "string" ? STATUS_RANK[report.status] : undefined;
  if (rank === undefined || rank === 0) return;
  const at = timeOf(report.timestamp, deps.now());
  await db
    .updateTable("whatsapp_messages")
    .set((eb) => ({
      status: report.status as string,
      status_at: at,
      wamid: wamid ?? eb.ref("wamid"),
      sent_at: eb.fn.coalesce("sent_at", eb.val(at)),
      // Meta took it: whatever send was under way or waited for is settled.
      in_flight_at: null,
      claimed_until: null,
      claim_token: null,
      last_error: null,
    }))
    .where("id", "=", row.id)
    .where(
      "status",
      "in",
      Object.keys(STATUS_RANK).filter((status) => STATUS_RANK[status]! < rank),
    )
    .execute();
}

/** Applies one well-signed delivery of Meta's webhook. Unknown messages and fields are ignored. */
export async function applyWebhookPayload(db: Kysely<Database>, deps: OutboxDeps, payload: unknown): Promise<void> {
  const entries = (payload as { entry?: unknown } | null)?.entry;
  if (!Array.isArray(entries)) return;
  for (const entry of entries as { changes?: unknown }[]) {
    if (!Array.isArray(entry?.changes)) continue;
    for (const change of entry.changes as { value?: { statuses?: unknown; messages?: unknown } }[]) {
      const value = change?.value;
      if (Array.isArray(value?.statuses))
        for (const report of value.statuses as StatusReport[]) if (report) await applyStatus(db, deps, report);
      if (Array.isArray(value?.messages))
        for (const message of value.messages as IncomingMessage[]) await applyIncoming(db, deps, message);
    }
  }
}

/** A customer's answer: "SAIR" withdraws the consent of every account with that number. */
async function applyIncoming(db: Kysely<Database>, deps: OutboxDeps, message: IncomingMessage): Promise<void> {
  if (!message || typeof message.from !== "string") return;
  const said = [
    message.text?.body,
    message.button?.text,
    message.button?.payload,
    message.interactive?.button_reply?.title,
  ];
  if (!said.some(isStopWord)) return;
  // One WhatsApp number serves the database's stores: the answer is to all of them.
  const stores = await db.selectFrom("stores").select("id").execute();
  let withdrawn = 0;
  for (const store of stores) withdrawn += await withdrawConsentOfWhatsappId(db, store.id, message.from, deps.now());
  if (withdrawn > 0) console.log(`[whatsapp] ${withdrawn} cliente(s) responderam SAIR: deixam de receber WhatsApp`);
}
