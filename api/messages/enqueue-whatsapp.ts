/**
 * Queues a WhatsApp template message (issue 31; docs/decisions/0080-whatsapp-channel.md), in the
 * transaction of what it reports, like enqueueMail: a rollback takes it along, a commit keeps it
 * through any crash, and the worker (whatsapp-outbox.ts) sends it once.
 *
 * The one home of who gets WhatsApp: only when the store has it on (WHATSAPP_* settings, which
 * put `whatsapp` in the deps) and the customer opted in, with a cell phone that is a Brazilian
 * mobile number. Otherwise nothing is queued and the caller's e-mail is the only channel.
 *
 * Runs under plain Node (type stripping): no TypeScript-only syntax.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { MailMessage } from "../mail/mailer.ts";
import {
  REMINDER_KINDS,
  TEMPLATE_LANGUAGE,
  templateParameter,
  WHATSAPP_TEMPLATES,
  type WhatsappKind,
} from "./templates.ts";
import { whatsappNumberOf } from "./whatsapp-number.ts";

/** What queuing a WhatsApp message needs: the clock, and the store's WhatsApp when it is on. */
export interface WhatsappOutboxDeps {
  now: () => Date;
  /** Present when WhatsApp is on; its nudge wakes this process's worker after a message is queued. */
  whatsapp?: { nudge?: () => void };
}

export interface WhatsappMessageDraft {
  customerId: string;
  saleId?: string | null;
  kind: WhatsappKind;
  /** The template's parameters in order (made one-line here). */
  parameters: readonly string[];
  /**
   * The e-mail sent instead if WhatsApp fails; null when the same news went by e-mail anyway
   * (the order, payment and pickup e-mails always go).
   */
  fallback: Omit<MailMessage, "id" | "to"> | null;
}

/** The customer's WhatsApp number when they opted in and have a mobile number; null otherwise. */
export async function whatsappRecipientOf(db: Kysely<Database>, customerId: string): Promise<string | null> {
  const customer = await db
    .selectFrom("customers")
    .select(["cell_phone", "whatsapp_consent_at", "deleted_at"])
    .where("id", "=", customerId)
    .executeTakeFirst();
  if (!customer || customer.deleted_at !== null || customer.whatsapp_consent_at === null) return null;
  return whatsappNumberOf(customer.cell_phone);
}

/**
 * Queues the message when WhatsApp is on and the customer opted in; answers its id, or null when
 * nothing was queued (the caller then sends its e-mail, if any). Pass the transaction.
 */
export async function enqueueWhatsapp(
  db: Kysely<Database>,
  deps: WhatsappOutboxDeps,
  draft: WhatsappMessageDraft,
): Promise<string | null> {
  if (!deps.whatsapp) return null;
  const recipient = await whatsappRecipientOf(db, draft.customerId);
  if (!recipient) return null;
  const customer = await db
    .selectFrom("customers")
    .select("store_id")
    .where("id", "=", draft.customerId)
    .executeTakeFirstOrThrow();
  const template = WHATSAPP_TEMPLATES[draft.kind];
  const expected = template.parameters.length;
  if (draft.parameters.length !== expected)
    throw new Error(`WhatsApp ${template.name}: ${draft.parameters.length} parâmetros, o modelo tem ${expected}`);
  const id = crypto.randomUUID();
  const at = deps.now().toISOString();
  await db
    .insertInto("whatsapp_messages")
    .values({
      id,
      store_id: customer.store_id,
      kind: draft.kind,
      customer_id: draft.customerId,
      sale_id: draft.saleId ?? null,
      recipient,
      template: template.name,
      language: TEMPLATE_LANGUAGE,
      parameters: JSON.stringify(draft.parameters.map(templateParameter)),
      quiet_hours: REMINDER_KINDS.includes(draft.kind) ? 1 : 0,
      fallback_subject: draft.fallback?.subject ?? null,
      fallback_text: draft.fallback?.text ?? null,
      fallback_html: draft.fallback?.html ?? null,
      created_at: at,
      attempts: 0,
      next_attempt_at: at,
      status: "queued",
    })
    .execute();
  deps.whatsapp.nudge?.();
  return id;
}
