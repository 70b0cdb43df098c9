/**
 * The WhatsApp outbox's worker (issue 31; docs/decisions/0080-whatsapp-channel.md), modelled on
 * the mail outbox's (api/mail/mail-outbox.ts): it claims a batch of due `whatsapp_messages` with
 * a lease (one UPDATE; two workers, in one server or several, on SQLite or PostgreSQL, never hold
 * the same row), renews each row's lease before sending it, and tries a failure again with a
 * growing wait.
 *
 * The Cloud API has no idempotency key, so a message is never sent twice on a guess:
 *   - the row is marked in flight (`in_flight_at`) before the call, and the answer clears it;
 *   - a row found in flight (the server died mid-send, or Meta did not answer in time) is not
 *     sent again at once: it waits IN_FLIGHT_GRACE_MS for the status webhook, which names it by
 *     `biz_opaque_callback_data` (the row's id) and records Meta's id (webhook/handler.ts); only
 *     after that wait without word is it sent again (a message Meta never took).
 * A message refused for good or out of attempts is failed and its fallback e-mail queued
 * (whatsapp-failure.ts). A reminder (`quiet_hours` = 1) waits for the end of the quiet hours,
 * and is cancelled when its order stopped waiting for payment before it went.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { retryDelayMs } from "../mail/mail-outbox.ts";
import { CloudApiError, type CloudApiClient } from "./cloud-api-client.ts";
import { endOfQuietTime, isQuietTime, type QuietHours } from "./quiet-hours.ts";
import { failWhatsappMessage } from "./whatsapp-failure.ts";

/** Attempts before a message is given up and goes by e-mail (the waits add up to about a day). */
export const WHATSAPP_MAX_ATTEMPTS = 10;
/** How long a message found in flight waits for Meta's webhook before it is sent again. */
export const IN_FLIGHT_GRACE_MS = 15 * 60_000;
const BATCH_SIZE = 20;
export const WHATSAPP_POLL_INTERVAL_MS = 15_000;
/** On PostgreSQL the nudge can come before the enqueuing transaction commits: a second look later. */
const NUDGE_FOLLOW_UP_MS = 1_000;
/** Why a queued reminder was not sent (the gestor's list). */
export const SALE_SETTLED = "Pedido pago ou cancelado antes do envio";

export interface WhatsappWorkerOptions {
  db: Kysely<Database>;
  client: CloudApiClient;
  now: () => Date;
  /** When reminders are not sent; without it, any time. */
  quietHours?: QuietHours;
  /** Wakes the mail worker after a fallback e-mail was queued. */
  nudgeMail?: () => void;
}

export interface WhatsappWorker {
  /** Sends every due message; resolves with how many Meta took. */
  drain(): Promise<number>;
  nudge(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

interface ClaimedRow {
  id: string;
  recipient: string;
  template: string;
  language: string;
  parameters: string;
  attempts: number;
  in_flight_at: string | null;
  quiet_hours: number;
  sale_id: string | null;
}

const later = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();

export function createWhatsappWorker({
  db,
  client,
  now,
  quietHours,
  nudgeMail,
}: WhatsappWorkerOptions): WhatsappWorker {
  // Longer than a send may take, so a lease never runs out under a call still waiting for Meta.
  const leaseMs = client.timeoutMs * 2 + 5_000;
  const mailDeps = { now, nudgeMail };
  let running: Promise<number> | null = null;
  let again = false;
  let followUp: NodeJS.Timeout | null = null;
  let poll: NodeJS.Timeout | null = null;

  async function claim(): Promise<{ token: string; rows: ClaimedRow[] }> {
    const token = crypto.randomUUID();
    const at = now();
    const iso = at.toISOString();
    await db
      .updateTable("whatsapp_messages")
      .set({ claimed_until: later(at, leaseMs), claim_token: token })
      .where("id", "in", (eb) =>
        eb
          .selectFrom("whatsapp_messages")
          .select("id")
          .where("status", "=", "queued")
          .where((inner) => inner.or([inner("claimed_until", "is", null), inner("claimed_until", "<", iso)]))
          .where("next_attempt_at", "<=", iso)
          .orderBy("next_attempt_at")
          .limit(BATCH_SIZE),
      )
      // Again on the row itself: on PostgreSQL a row another worker claimed meanwhile is re-checked after its lock.
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", iso)]))
      .where("status", "=", "queued")
      .execute();
    const rows = await db
      .selectFrom("whatsapp_messages")
      .select(["id", "recipient", "template", "language", "parameters", "attempts", "in_flight_at"])
      .select(["quiet_hours", "sale_id"])
      .where("claim_token", "=", token)
      .orderBy("next_attempt_at")
      .execute();
    return { token, rows };
  }

  /** Renews the row's lease; false when it ran out or the row is no longer queued (leave it alone). */
  async function renewLease(token: string, id: string): Promise<boolean> {
    const at = now();
    const renewed = await db
      .updateTable("whatsapp_messages")
      .set({ claimed_until: later(at, leaseMs) })
      .where("id", "=", id)
      .where("claim_token", "=", token)
      .where("status", "=", "queued")
      .where("claimed_until", ">", at.toISOString())
      .executeTakeFirst();
    return Number(renewed.numUpdatedRows) === 1;
  }

  /** Lets the row go until `nextAt`, unsent. */
  async function postpone(token: string, id: string, nextAt: string): Promise<void> {
    await db
      .updateTable("whatsapp_messages")
      .set({ next_attempt_at: nextAt, claimed_until: null, claim_token: null })
      .where("id", "=", id)
      .where("claim_token", "=", token)
      .execute();
  }

  /** A reminder whose order is no longer waiting for payment: cancelled, never sent. */
  async function settledSale(saleId: string | null): Promise<boolean> {
    if (saleId === null) return false;
    const sale = await db.selectFrom("sales").select("status").where("id", "=", saleId).executeTakeFirst();
    return !sale || sale.status !== "pending";
  }

  /** What must happen to a claimed row before it is sent: true when it may be sent now. */
  async function mayGo(token: string, row: ClaimedRow): Promise<boolean> {
    const at = now();
    if (row.in_flight_at !== null) {
      const waitUntil = new Date(new Date(row.in_flight_at).getTime() + IN_FLIGHT_GRACE_MS);
      if (at < waitUntil) {
        await postpone(token, row.id, waitUntil.toISOString());
        return false;
      }
      console.error(`[whatsapp] mensagem ${row.id} sem resposta da Meta desde ${row.in_flight_at}: enviada de novo`);
    }
    if (row.quiet_hours === 1) {
      if (await settledSale(row.sale_id)) {
        await db
          .updateTable("whatsapp_messages")
          .set({
            status: "cancelled",
            status_at: at.toISOString(),
            last_error: SALE_SETTLED,
            in_flight_at: null,
            claimed_until: null,
            claim_token: null,
          })
          .where("id", "=", row.id)
          .where("claim_token", "=", token)
          .execute();
        return false;
      }
      if (quietHours && isQuietTime(at, quietHours)) {
        await postpone(token, row.id, endOfQuietTime(at, quietHours).toISOString());
        return false;
      }
    }
    return true;
  }

  async function deliver(token: string, row: ClaimedRow): Promise<boolean> {
    if (!(await renewLease(token, row.id))) return false;
    if (!(await mayGo(token, row))) return false;
    const attempts = row.attempts + 1;
    const started = await db
      .updateTable("whatsapp_messages")
      .set({ in_flight_at: now().toISOString(), attempts })
      .where("id", "=", row.id)
      .where("claim_token", "=", token)
      .where("status", "=", "queued")
      .executeTakeFirst();
    if (Number(started.numUpdatedRows) !== 1) return false;
    let wamid: string;
    try {
      wamid = await client.sendTemplate({
        id: row.id,
        to: row.recipient,
        template: row.template,
        language: row.language,
        parameters: JSON.parse(row.parameters) as string[],
      });
    } catch (error) {
      await recordFailure(token, row, attempts, error);
      return false;
    }
    await recordSent(row.id, wamid);
    return true;
  }

  /** Meta took it: its id, and 'sent' unless the webhook already moved it on (or failed it). */
  async function recordSent(id: string, wamid: string): Promise<void> {
    const iso = now().toISOString();
    await db
      .updateTable("whatsapp_messages")
      .set((eb) => ({
        wamid,
        sent_at: eb.fn.coalesce("sent_at", eb.val(iso)),
        in_flight_at: null,
        claimed_until: null,
        claim_token: null,
      }))
      .where("id", "=", id)
      .execute();
    await db
      .updateTable("whatsapp_messages")
      .set({ status: "sent", status_at: iso, last_error: null })
      .where("id", "=", id)
      .where("status", "=", "queued")
      .execute();
  }

  async function recordFailure(token: string, row: ClaimedRow, attempts: number, error: unknown): Promise<void> {
    const failure =
      error instanceof CloudApiError ? error : new CloudApiError("retryable", "erro", errorName(error), null);
    const at = now();
    const giveUp = failure.kind === "permanent" || attempts >= WHATSAPP_MAX_ATTEMPTS;
    if (failure.kind === "token")
      console.error(
        `[whatsapp] a Meta recusou o token de acesso (${failure.summary}): corrija WHATSAPP_ACCESS_TOKEN; as mensagens esperam na fila`,
      );
    else
      console.error(
        `[whatsapp] ${row.template} não enviada (tentativa ${attempts} de ${WHATSAPP_MAX_ATTEMPTS}): ${failure.summary}`,
      );
    if (giveUp && failure.kind !== "timeout") {
      await db.transaction().execute((trx) => failWhatsappMessage(trx, mailDeps, row.id, failure.summary));
      return;
    }
    await db
      .updateTable("whatsapp_messages")
      .set({
        last_error: failure.summary,
        // No answer in time: Meta may have taken it, so the webhook is waited for (IN_FLIGHT_GRACE_MS).
        ...(failure.kind === "timeout"
          ? { next_attempt_at: later(at, IN_FLIGHT_GRACE_MS) }
          : { in_flight_at: null, next_attempt_at: later(at, retryDelayMs(attempts)) }),
        claimed_until: null,
        claim_token: null,
      })
      .where("id", "=", row.id)
      .where("claim_token", "=", token)
      .where("status", "=", "queued")
      .execute();
  }

  async function drainAll(): Promise<number> {
    let sent = 0;
    for (;;) {
      const { token, rows } = await claim();
      if (rows.length === 0) return sent;
      for (const row of rows) if (await deliver(token, row)) sent += 1;
    }
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let sent = 0;
      try {
        do {
          again = false;
          sent += await drainAll();
        } while (again);
      } finally {
        running = null;
      }
      return sent;
    })();
    return running;
  }

  const drainLogged = () =>
    void drain().catch((error: unknown) =>
      console.error("[whatsapp] falha ao ler a fila de mensagens:", errorName(error)),
    );

  return {
    drain,
    nudge() {
      setImmediate(drainLogged);
      followUp ??= setTimeout(() => {
        followUp = null;
        drainLogged();
      }, NUDGE_FOLLOW_UP_MS).unref();
    },
    start(intervalMs = WHATSAPP_POLL_INTERVAL_MS) {
      drainLogged();
      poll = setInterval(drainLogged, intervalMs).unref();
    },
    async stop() {
      clearInterval(poll ?? undefined);
      clearTimeout(followUp ?? undefined);
      poll = followUp = null;
      await running;
    },
  };
}

/** An error's name or code, never its message (which may quote a number or a text). */
function errorName(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const { code } = error as { code?: unknown };
  return (typeof code === "string" ? code : error.name).slice(0, 80);
}
