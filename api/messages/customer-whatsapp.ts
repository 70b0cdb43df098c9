/**
 * What the store keeps about a customer's WhatsApp (issue 31) for the LGPD export and the
 * account's deletion (decision note 0016): the consent and the messages. The export lists the
 * messages by what they reported, never their parameters (pickup codes, Pix and boleto lines);
 * the deletion takes the rows away with their number and parameters.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { MESSAGE_STATUS_LABELS, type MessageStatus } from "../contract/gestor/messages.ts";
import type { CustomerData } from "../contract/privacy.ts";
import { WHATSAPP_TEMPLATES, type WhatsappKind } from "./templates.ts";

const labelOf = (kind: string) => WHATSAPP_TEMPLATES[kind as WhatsappKind]?.label ?? kind;

export async function whatsappDataOf(db: Kysely<Database>, customerId: string): Promise<CustomerData["whatsapp"]> {
  const [customer, messages] = await Promise.all([
    db
      .selectFrom("customers")
      .select(["whatsapp_consent_at", "whatsapp_consent_source"])
      .where("id", "=", customerId)
      .executeTakeFirst(),
    db
      .selectFrom("whatsapp_messages")
      .select(["kind", "created_at", "status"])
      .where("customer_id", "=", customerId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  const consentedAt = customer?.whatsapp_consent_at ?? null;
  return {
    consent: consentedAt ? { consentedAt, source: customer?.whatsapp_consent_source ?? "" } : null,
    messages: messages.map((row) => ({
      kind: labelOf(row.kind),
      createdAt: row.created_at,
      status: MESSAGE_STATUS_LABELS[row.status as MessageStatus] ?? row.status,
    })),
  };
}

/** In the deletion's transaction: no consent, no messages left. */
export async function deleteWhatsappDataOf(trx: Kysely<Database>, customerId: string): Promise<void> {
  await trx
    .updateTable("customers")
    .set({ whatsapp_consent_at: null, whatsapp_consent_source: null })
    .where("id", "=", customerId)
    .execute();
  await trx.deleteFrom("whatsapp_messages").where("customer_id", "=", customerId).execute();
}
