/**
 * The mail outbox (docs/decisions/0020-mail-outbox.md). Every e-mail the store sends is first a
 * row of `mail_outbox`, written by `enqueueMail` in the same transaction as the change it
 * reports: a rollback takes the message with it, a commit keeps it through any crash. A worker
 * then sends the due messages through the Mailer (SMTP or the .eml folder):
 *   - it claims a batch with a lease (one UPDATE; on SQLite and PostgreSQL alike, two workers,
 *     in one server or in several, never hold the same message);
 *   - it marks a message sent only after the mailer accepted it; a failure is tried again
 *     with a growing wait, and after MAX_ATTEMPTS the message stays failed with its error's
 *     name (`gestor.ts list-mail`);
 *   - a worker that dies mid-send leaves its lease to run out, and the message is sent again
 *     with the same id: the .eml file is replaced, the SMTP Message-ID repeated.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only
 * syntax, no api/errors.ts.
 */
import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Database } from "#db/schema.ts";
import { createDrainLoop, type DrainLoop } from "../drain-loop.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

/** Attempts before a message is given up (the waits between them add up to about a day). */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 4 * 60 * 60_000;
const BATCH_SIZE = 20;
/** How often a server looks for due messages besides the nudge after each enqueue. */
export const MAIL_POLL_INTERVAL_MS = 15_000;

export type MailKind =
  | "purchase"
  | "payment-confirmed"
  | "payment-declined"
  /** The gestor cancelled an unpaid sale or refunded a paid one (issue 25, point 15). */
  | "sale-cancelled"
  | "sale-refunded"
  | "password-reset"
  /** A "Fale conosco" message, to the central (CONTACT_EMAIL), and its receipt to the sender. */
  | "support-ticket"
  | "support-ticket-receipt"
  /** A gestor area's one-time password link: an invitation or an admin's reset (api/gestor/team/service.ts). */
  | "staff-password-link"
  /** A gestor's reply to a "Fale conosco" message, from the area (decision note 0033). */
  | "support-ticket-reply"
  /** "Avise-me quando chegar": a sold-out item is back in stock (api/stock/alerts-on-return.ts). */
  | "stock-alert"
  /** A full class's waiting list: a freed seat is held for the parent first in line (api/stock/seat-offers.ts). */
  | "seat-offer"
  /** Items of a paid sale are ready at the unit (api/gestor/delivery/ready-email.ts, issue 30). */
  | "pickup-ready"
  /** A reminder (api/messages/reminders/, issue 31) to a customer without WhatsApp. */
  | "reminder"
  /** A WhatsApp message that failed, sent by e-mail instead (api/messages/whatsapp-outbox.ts). */
  | "whatsapp-fallback";

/** What an enqueuing call needs: the clock, and the worker's nudge when one runs in this process. */
export interface OutboxDeps {
  now: () => Date;
  nudgeMail?: () => void;
}

/** Whom and what an e-mail is about: the gestor lists a customer's and a sale's messages (issue 31). */
export interface MailSubject {
  customerId?: string | null;
  saleId?: string | null;
}

/**
 * Queues one message. Pass the transaction of the change it reports. The nudge only wakes the
 * worker: it reads the row once the transaction is over.
 */
export async function enqueueMail(
  db: Kysely<Database>,
  deps: OutboxDeps,
  kind: MailKind,
  message: Omit<MailMessage, "id">,
  about: MailSubject = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const at = deps.now().toISOString();
  await db
    .insertInto("mail_outbox")
    .values({
      id,
      kind,
      recipient: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      created_at: at,
      attempts: 0,
      next_attempt_at: at,
      claimed_until: null,
      claim_token: null,
      sent_at: null,
      failed_at: null,
      last_error: null,
      customer_id: about.customerId ?? null,
      sale_id: about.saleId ?? null,
    })
    .execute();
  deps.nudgeMail?.();
  return id;
}

/** The wait before attempt `attempts + 1`: 30 s, 1 min, 2 min… up to 4 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** An error's name or code for last_error: never its message, which may quote an address or a link. */
function errorName(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return [typeof code === "string" ? code : error.name, typeof responseCode === "number" ? responseCode : null]
    .filter((part) => part !== null)
    .join(" ")
    .slice(0, 80);
}

export interface MailWorkerOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  now: () => Date;
}

/** The mail worker: its loop (one drain at a time, nudge, poll, stop) is api/drain-loop.ts. */
export type MailWorker = DrainLoop;

export function createMailWorker({ db, mailer, now }: MailWorkerOptions): MailWorker {
  /** One atomic UPDATE takes the lease on up to BATCH_SIZE due messages; then they are read by its token. */
  async function claim(): Promise<{ token: string; rows: ClaimedRow[] }> {
    const token = crypto.randomUUID();
    const at = now();
    const iso = at.toISOString();
    const free = (query: FreeQuery) =>
      query
        .where("sent_at", "is", null)
        .where("failed_at", "is", null)
        .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", iso)]));
    await db
      .updateTable("mail_outbox")
      .set((eb) => ({
        claimed_until: new Date(at.getTime() + mailer.leaseMs).toISOString(),
        claim_token: token,
        attempts: eb("attempts", "+", 1),
      }))
      .where("id", "in", (eb) =>
        free(eb.selectFrom("mail_outbox").select("id"))
          .where("next_attempt_at", "<=", iso)
          .orderBy("next_attempt_at")
          .limit(BATCH_SIZE),
      )
      // Again on the row itself: on PostgreSQL a row another worker claimed meanwhile is
      // re-checked here after its lock, and left out.
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", iso)]))
      .where("sent_at", "is", null)
      .execute();
    const rows = await db
      .selectFrom("mail_outbox")
      .select(["id", "recipient", "subject", "text_body", "html_body", "attempts"])
      .where("claim_token", "=", token)
      .orderBy("next_attempt_at")
      .execute();
    return { token, rows };
  }

  /**
   * The batch's lease was sized for one send: each message's lease is renewed just before it is
   * sent, and a message whose lease ran out (another worker may have it now) is left alone.
   */
  async function renewLease(token: string, row: ClaimedRow): Promise<boolean> {
    const at = now();
    const renewed = await db
      .updateTable("mail_outbox")
      .set({ claimed_until: new Date(at.getTime() + mailer.leaseMs).toISOString() })
      .where("id", "=", row.id)
      .where("claim_token", "=", token)
      .where("sent_at", "is", null)
      .where("claimed_until", ">", at.toISOString())
      .executeTakeFirst();
    return Number(renewed.numUpdatedRows) === 1;
  }

  async function deliver(token: string, row: ClaimedRow): Promise<boolean> {
    if (!(await renewLease(token, row))) return false;
    try {
      await mailer.send({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
    } catch (error) {
      const failed = row.attempts >= MAX_ATTEMPTS;
      const at = now();
      await db
        .updateTable("mail_outbox")
        .set({
          claimed_until: null,
          claim_token: null,
          last_error: errorName(error),
          next_attempt_at: new Date(at.getTime() + retryDelayMs(row.attempts)).toISOString(),
          failed_at: failed ? at.toISOString() : null,
        })
        .where("id", "=", row.id)
        .where("claim_token", "=", token)
        .execute();
      console.error(
        `[mail] "${row.subject}" não enviada (tentativa ${row.attempts} de ${MAX_ATTEMPTS}): ${errorName(error)}`,
      );
      return false;
    }
    // Sent: the bodies go, as a reset link must not outlive its e-mail in the database.
    await db
      .updateTable("mail_outbox")
      .set({ sent_at: now().toISOString(), claimed_until: null, claim_token: null, text_body: "", html_body: "" })
      .where("id", "=", row.id)
      .where("claim_token", "=", token)
      .execute();
    return true;
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
    pollIntervalMs: MAIL_POLL_INTERVAL_MS,
    onError: (error) => console.error("[mail] falha ao ler a fila de e-mails:", errorName(error)),
  });
}

interface ClaimedRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

type FreeQuery = SelectQueryBuilder<Database, "mail_outbox", { id: string }>;

/**
 * Given-up messages get a new round of attempts from now: the gestor's `send-mail`, once the
 * mail server is fixed. Answers how many.
 */
export async function retryFailedMail(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ failed_at: null, attempts: 0, next_attempt_at: now.toISOString() })
    .where("sent_at", "is", null)
    .where("failed_at", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The messages not sent yet (queued or failed), oldest first, for the gestor. */
export function listUnsentMail(db: Kysely<Database>) {
  return db
    .selectFrom("mail_outbox")
    .select(["id", "kind", "recipient", "subject", "created_at", "attempts", "next_attempt_at", "failed_at"])
    .select("last_error")
    .where("sent_at", "is", null)
    .orderBy("created_at")
    .execute();
}
