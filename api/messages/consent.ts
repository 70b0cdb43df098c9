/**
 * A customer's WhatsApp consent (issue 31; docs/decisions/0080-whatsapp-channel.md): the date and
 * where it was given, kept on the customer's row; withdrawing clears both (the LGPD export shows
 * the consent while it lasts, and a withdrawn one leaves nothing to show).
 *
 * Runs under plain Node (type stripping): no TypeScript-only syntax.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { cellPhonesOfWhatsappId } from "./whatsapp-number.ts";

/** Why a queued message was not sent, for the gestor's list. */
export const WITHDRAWN = "O cliente deixou de aceitar WhatsApp";

/** Where consent was given (api/contract/messages.ts WHATSAPP_CONSENT_SOURCES). */
export type ConsentSource = "cadastro" | "conta" | "checkout";

export interface StoredConsent {
  consentedAt: string | null;
  source: ConsentSource | null;
  cellPhone: string;
}

export async function readConsent(db: Kysely<Database>, customerId: string): Promise<StoredConsent | null> {
  const row = await db
    .selectFrom("customers")
    .select(["whatsapp_consent_at", "whatsapp_consent_source", "cell_phone"])
    .where("id", "=", customerId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    consentedAt: row.whatsapp_consent_at,
    source: row.whatsapp_consent_source as ConsentSource | null,
    cellPhone: row.cell_phone,
  };
}

/**
 * Opts in (a consent already given keeps its first date and source: ticking the box again at the
 * checkout is no new consent) or withdraws.
 */
export async function writeConsent(
  db: Kysely<Database>,
  customerId: string,
  change: { consent: boolean; source: ConsentSource; at: Date },
): Promise<void> {
  if (change.consent)
    await db
      .updateTable("customers")
      .set({ whatsapp_consent_at: change.at.toISOString(), whatsapp_consent_source: change.source })
      .where("id", "=", customerId)
      .where("whatsapp_consent_at", "is", null)
      .execute();
  else
    await db
      .updateTable("customers")
      .set({ whatsapp_consent_at: null, whatsapp_consent_source: null })
      .where("id", "=", customerId)
      .execute();
}

/**
 * "SAIR" from a WhatsApp number (Meta's webhook): every account of the store with that cell phone
 * stops getting WhatsApp, and messages still queued for them are not sent (those waiting in
 * flight are cancelled by the worker, which checks consent before each send: whatsapp-outbox.ts).
 * Answers how many accounts withdrew.
 */
export async function withdrawConsentOfWhatsappId(
  db: Kysely<Database>,
  storeId: number,
  waId: string,
  at: Date,
): Promise<number> {
  const phones = cellPhonesOfWhatsappId(waId);
  if (phones.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const customers = await trx
      .selectFrom("customers")
      .select("id")
      .where("store_id", "=", storeId)
      .where("cell_phone", "in", phones)
      .where("whatsapp_consent_at", "is not", null)
      .execute();
    if (customers.length === 0) return 0;
    const ids = customers.map((customer) => customer.id);
    await trx
      .updateTable("customers")
      .set({ whatsapp_consent_at: null, whatsapp_consent_source: null })
      .where("id", "in", ids)
      .execute();
    await cancelQueuedMessagesOf(trx, ids, at);
    return customers.length;
  });
}

/**
 * A withdrawal's messages still queued are not sent (those in flight are cancelled by the worker,
 * which checks consent before each send). Pass the withdrawal's transaction.
 */
export async function cancelQueuedMessagesOf(db: Kysely<Database>, customerIds: string[], at: Date): Promise<void> {
  await db
    .updateTable("whatsapp_messages")
    .set({
      status: "cancelled",
      status_at: at.toISOString(),
      claimed_until: null,
      claim_token: null,
      last_error: WITHDRAWN,
    })
    .where("customer_id", "in", customerIds)
    .where("status", "=", "queued")
    .where("in_flight_at", "is", null)
    .execute();
}
