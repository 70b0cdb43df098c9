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
 * A message refused for good or out of attempts (a send that kept timing out included, once its
 * last wait passed without word) is failed and its fallback e-mail queued (whatsapp-failure.ts).
 * A refused access token is no fault of the message: it waits, uncounted, for the operator's fix.
 * A reminder (`quiet_hours` = 1) waits for the end of the quiet hours, and is cancelled when its
 * order stopped waiting for payment before it went; a Pix message is cancelled once its Pix
 * expired (`outdatedReason`); any message is cancelled when its customer withdrew consent before
 * it went (a row waiting in flight included: the withdrawal leaves those to this worker).
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { createDrainLoop, type DrainLoop } from "../drain-loop.ts";
import { retryDelayMs } from "../mail/mail-outbox.ts";
import { CloudApiError, type CloudApiClient } from "./cloud-api-client.ts";
import { WITHDRAWN } from "./consent.ts";
import { endOfQuietTime, isQuietTime, type QuietHours } from "./quiet-hours.ts";
import { failWhatsappMessage, outdatedReason } from "./whatsapp-failure.ts";

/** Attempts before a message is given up and goes by e-mail (the waits add up to about a day). */
export const WHATSAPP_MAX_ATTEMPTS = 10;
/** How long a message found in flight waits for Meta's webhook before it is sent again. */
export const IN_FLIGHT_GRACE_MS = 15 * 60_000;
/**
 * The wait between tries while Meta refuses the access token: short and fixed, so messages go
 * within minutes of the operator's fix, whenever it comes; a batch every few minutes is no load.
 */
export const TOKEN_RETRY_MS = 5 * 60_000;
/** Why a message whose every send timed out was given up (the gestor's list). */
export const NO_ANSWER = "Sem resposta da Meta";
const BATCH_SIZE = 20;
export const WHATSAPP_POLL_INTERVAL_MS = 15_000;

export interface WhatsappWorkerOptions {
  db: Kysely<Database>;
  client: CloudApiClient;
  now: () => Date;
  /** When reminders are not sent; without it, any time. */
  quietHours?: QuietHours;
  /** Wakes the mail worker after a fallback e-mail was queued. */
  nudgeMail?: () => void;
}

/** Its drain resolves with how many messages Meta took. */
export type WhatsappWorker = DrainLoop;

interface ClaimedRow {
  id: string;
  kind: string;
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
      .select(["id", "kind", "recipient", "template", "language", "parameters", "attempts", "in_flight_at"])
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

  /** Cancels the claimed row, unsent, saying why (the gestor's list). */
  async function cancel(token: string, id: string, reason: string): Promise<void> {
    await db
      .updateTable("whatsapp_messages")
      .set({
        status: "cancelled",
        status_at: now().toISOString(),
        last_error: reason,
        in_flight_at: null,
        claimed_until: null,
        claim_token: null,
      })
      .where("id", "=", id)
      .where("claim_token", "=", token)
      .where("status", "=", "queued")
      .execute();
  }

  /**
   * Gives the claimed row up (failed, with its fallback e-mail when its news still holds), only
   * while it is still queued and ours: a webhook that settled it meanwhile cleared the claim.
   */
  async function giveUp(token: string, id: string, reason: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const ours = await trx
        .updateTable("whatsapp_messages")
        .set({ last_error: reason.slice(0, 120) })
        .where("id", "=", id)
        .where("claim_token", "=", token)
        .where("status", "=", "queued")
        .executeTakeFirst();
      if (Number(ours.numUpdatedRows) === 1) await failWhatsappMessage(trx, mailDeps, id, reason);
    });
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
    }
    const outdated = await outdatedReason(db, row, at);
    if (outdated !== null) {
      await cancel(token, row.id, outdated);
      return false;
    }
    if (row.in_flight_at !== null) {
      // Every send timed out and Meta never reported one: given up, so the Painel counts it.
      if (row.attempts >= WHATSAPP_MAX_ATTEMPTS) {
        console.error(`[whatsapp] mensagem ${row.id} sem resposta da Meta após ${row.attempts} tentativas: desistida`);
        await giveUp(token, row.id, NO_ANSWER);
        return false;
      }
      console.error(`[whatsapp] mensagem ${row.id} sem resposta da Meta desde ${row.in_flight_at}: enviada de novo`);
    }
    if (row.quiet_hours === 1 && quietHours && isQuietTime(at, quietHours)) {
      await postpone(token, row.id, endOfQuietTime(at, quietHours).toISOString());
      return false;
    }
    return true;
  }

  async function deliver(token: string, row: ClaimedRow): Promise<boolean> {
    if (!(await renewLease(token, row.id))) return false;
    if (!(await mayGo(token, row))) return false;
    const attempts = row.attempts + 1;
    // Only for a customer who still consents (and still has an account): one who withdrew while
    // the row was queued or waiting in flight gets nothing more (decision 0080, "SAIR").
    const consenting = (eb: ExpressionBuilder<Database, "whatsapp_messages">) =>
      eb.exists(
        eb
          .selectFrom("customers")
          .select("customers.id")
          .whereRef("customers.id", "=", "whatsapp_messages.customer_id")
          .where("customers.whatsapp_consent_at", "is not", null)
          .where("customers.deleted_at", "is", null),
      );
    const started = await db
      .updateTable("whatsapp_messages")
      .set({ in_flight_at: now().toISOString(), attempts })
      .where("id", "=", row.id)
      .where("claim_token", "=", token)
      .where("status", "=", "queued")
      .where(consenting)
      .executeTakeFirst();
    if (Number(started.numUpdatedRows) !== 1) {
      await db
        .updateTable("whatsapp_messages")
        .set({
          status: "cancelled",
          status_at: now().toISOString(),
          last_error: WITHDRAWN,
          in_flight_at: null,
          claimed_until: null,
          claim_token: null,
        })
        .where("id", "=", row.id)
        .where("claim_token", "=", token)
        .where("status", "=", "queued")
        .where((eb) => eb.not(consenting(eb)))
        .execute();
      return false;
    }
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
    if (failure.kind === "token") {
      // The store's fault, not the message's: not counted toward giving up, so nothing queued is
      // lost while the operator fixes the token; tried again at the longest wait meanwhile.
      console.error(
        `[whatsapp] a Meta recusou o token de acesso (${failure.summary}): corrija WHATSAPP_ACCESS_TOKEN; ` +
          `as mensagens ficam na fila, sem contar tentativa, e são tentadas de novo a cada ${TOKEN_RETRY_MS / 60_000} min`,
      );
      await db
        .updateTable("whatsapp_messages")
        .set({
          last_error: failure.summary,
          attempts: row.attempts,
          in_flight_at: null,
          next_attempt_at: later(at, TOKEN_RETRY_MS),
          claimed_until: null,
          claim_token: null,
        })
        .where("id", "=", row.id)
        .where("claim_token", "=", token)
        .where("status", "=", "queued")
        .execute();
      return;
    }
    console.error(
      `[whatsapp] ${row.template} não enviada (tentativa ${attempts} de ${WHATSAPP_MAX_ATTEMPTS}): ${failure.summary}`,
    );
    // A timeout is never given up here: Meta may have taken it, so its webhook is waited for first (mayGo).
    if (failure.kind === "permanent" || (failure.kind === "retryable" && attempts >= WHATSAPP_MAX_ATTEMPTS)) {
      await giveUp(token, row.id, failure.summary);
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

  return createDrainLoop(drainAll, {
    pollIntervalMs: WHATSAPP_POLL_INTERVAL_MS,
    onError: (error) => console.error("[whatsapp] falha ao ler a fila de mensagens:", errorName(error)),
  });
}

/** An error's name or code, never its message (which may quote a number or a text). */
function errorName(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const { code } = error as { code?: unknown };
  return (typeof code === "string" ? code : error.name).slice(0, 80);
}
