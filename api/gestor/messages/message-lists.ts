/**
 * The gestor's view of the messages the store sent (issue 31; docs/decisions/0080-whatsapp-channel.md):
 * a customer's and a sale's e-mails (mail_outbox) and WhatsApp messages (whatsapp_messages), merged
 * newest first, and the Painel's failures of the last day. Recipients leave here masked: the list
 * tells numbers and addresses apart, the customer's page shows the full ones to whoever needs them.
 * A secretary sees what is about her units' sales and families, as their pages (decision 0061).
 */
import { sql, type Kysely, type SqlBool } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  FAILED_MESSAGES_HOURS,
  type FailedMessage,
  type MessageStatus,
  type SentMessage,
} from "../../contract/gestor/messages.ts";
import { WHATSAPP_TEMPLATES, type WhatsappKind } from "../../messages/templates.ts";
import { maskedWhatsappNumber } from "../../messages/whatsapp-number.ts";
import { customersOfUnits, salesOfUnits, unitsOf, type StaffScope } from "../staff/staff-scope.ts";

type Db = Kysely<Database>;

/** The lists show the newest this many. */
const LIST_LIMIT = 100;

/** "maria@exemplo.com.br" → "m***@exemplo.com.br". */
function maskedEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}

/** Which rows of a table a list takes: a customer's, a sale's, or the failures since a time. */
interface Filter {
  customerId?: string;
  saleId?: string;
  failedSince?: string;
}

/**
 * A secretary's slice (decision 0061): a message about a sale of her units, or about no sale but
 * for a family of hers (a cart's reminder, a welcome). Null for the network's roles.
 */
function ofUnits(db: Db, scope: StaffScope, table: "mail_outbox" | "message") {
  const units = unitsOf(scope);
  if (units === null) return null;
  const sale = sql.ref(`${table}.sale_id`);
  const customer = sql.ref(`${table}.customer_id`);
  // Kysely wraps each subquery in its own parentheses: "in (select …)".
  return sql<SqlBool>`(${sale} in ${salesOfUnits(db, units)} or (${sale} is null and ${customer} in ${customersOfUnits(db, units)}))`;
}

async function emailRows(db: Db, filter: Filter, scope: StaffScope) {
  const rule = ofUnits(db, scope, "mail_outbox");
  return db
    .selectFrom("mail_outbox")
    .leftJoin("customers", "customers.id", "mail_outbox.customer_id")
    .leftJoin("sales", "sales.id", "mail_outbox.sale_id")
    .select([
      "mail_outbox.id",
      "mail_outbox.subject",
      "mail_outbox.recipient",
      "mail_outbox.created_at",
      "mail_outbox.sent_at",
      "mail_outbox.failed_at",
      "mail_outbox.last_error",
      "mail_outbox.customer_id",
      "mail_outbox.sale_id",
      "customers.name as customer_name",
      "sales.reference_code",
    ])
    .$if(filter.customerId !== undefined, (qb) => qb.where("mail_outbox.customer_id", "=", filter.customerId!))
    .$if(filter.saleId !== undefined, (qb) => qb.where("mail_outbox.sale_id", "=", filter.saleId!))
    .$if(filter.failedSince !== undefined, (qb) => qb.where("mail_outbox.failed_at", ">=", filter.failedSince!))
    .$if(rule !== null, (qb) => qb.where(rule!))
    .orderBy("mail_outbox.created_at", "desc")
    .orderBy("mail_outbox.id", "desc")
    .limit(LIST_LIMIT)
    .execute();
}

async function whatsappRows(db: Db, filter: Filter, scope: StaffScope) {
  const rule = ofUnits(db, scope, "message");
  return db
    .selectFrom("whatsapp_messages as message")
    .leftJoin("customers", "customers.id", "message.customer_id")
    .leftJoin("sales", "sales.id", "message.sale_id")
    .select([
      "message.id",
      "message.kind",
      "message.template",
      "message.recipient",
      "message.created_at",
      "message.status",
      "message.status_at",
      "message.sent_at",
      "message.failed_at",
      "message.last_error",
      "message.fallback_mail_id",
      "message.customer_id",
      "message.sale_id",
      "customers.name as customer_name",
      "sales.reference_code",
    ])
    .$if(filter.customerId !== undefined, (qb) => qb.where("message.customer_id", "=", filter.customerId!))
    .$if(filter.saleId !== undefined, (qb) => qb.where("message.sale_id", "=", filter.saleId!))
    .$if(filter.failedSince !== undefined, (qb) =>
      qb.where("message.status", "=", "failed").where("message.failed_at", ">=", filter.failedSince!),
    )
    .$if(rule !== null, (qb) => qb.where(rule!))
    .orderBy("message.created_at", "desc")
    .orderBy("message.id", "desc")
    .limit(LIST_LIMIT)
    .execute();
}

type EmailRow = Awaited<ReturnType<typeof emailRows>>[number];
type WhatsappRow = Awaited<ReturnType<typeof whatsappRows>>[number];
type Listed = FailedMessage;

function fromEmail(row: EmailRow): Listed {
  const status: MessageStatus = row.sent_at ? "sent" : row.failed_at ? "failed" : "queued";
  return {
    id: row.id,
    channel: "email",
    title: row.subject,
    recipient: maskedEmail(row.recipient),
    createdAt: row.created_at,
    status,
    statusAt: row.sent_at ?? row.failed_at ?? null,
    // A queued e-mail's last error is a retry's, not its fate.
    error: status === "failed" ? row.last_error : null,
    fellBackToEmail: false,
    saleId: row.sale_id,
    customer: row.customer_id && row.customer_name !== null ? { id: row.customer_id, name: row.customer_name } : null,
    saleReferenceCode: row.reference_code,
  };
}

const isStatus = (status: string): status is MessageStatus =>
  ["queued", "sent", "delivered", "read", "failed", "cancelled"].includes(status);

function fromWhatsapp(row: WhatsappRow): Listed {
  const template = WHATSAPP_TEMPLATES[row.kind as WhatsappKind] as { label: string } | undefined;
  const status = isStatus(row.status) ? row.status : "queued";
  return {
    id: row.id,
    channel: "whatsapp",
    title: template?.label ?? row.template,
    recipient: maskedWhatsappNumber(row.recipient),
    createdAt: row.created_at,
    status,
    statusAt: row.status_at ?? row.failed_at ?? row.sent_at ?? null,
    error: row.last_error,
    fellBackToEmail: row.fallback_mail_id !== null,
    saleId: row.sale_id,
    customer: row.customer_name !== null ? { id: row.customer_id, name: row.customer_name } : null,
    saleReferenceCode: row.reference_code,
  };
}

async function merged(db: Db, filter: Filter, scope: StaffScope): Promise<Listed[]> {
  const [emails, whatsapps] = await Promise.all([emailRows(db, filter, scope), whatsappRows(db, filter, scope)]);
  return [...emails.map(fromEmail), ...whatsapps.map(fromWhatsapp)]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .slice(0, LIST_LIMIT);
}

const plain = ({ customer: _customer, saleReferenceCode: _code, ...message }: Listed): SentMessage => message;

/**
 * A customer's messages, or undefined for an unknown or deleted account or one a secretary does
 * not see (as the customer's page); a secretary sees those about her units' sales or about no sale.
 */
export async function customerMessages(db: Db, customerId: string, scope: StaffScope) {
  const units = unitsOf(scope);
  const customer = await db
    .selectFrom("customers")
    .select("id")
    .where("id", "=", customerId)
    .where("deleted_at", "is", null)
    .$if(units !== null, (qb) => qb.where("customers.id", "in", customersOfUnits(db, units!)))
    .executeTakeFirst();
  if (!customer) return undefined;
  return (await merged(db, { customerId: customer.id }, scope)).map(plain);
}

/** A sale's messages, or undefined for an unknown sale or one not of the person's units (as its page). */
export async function saleMessages(db: Db, saleId: string, scope: StaffScope) {
  const units = unitsOf(scope);
  const sale = await db
    .selectFrom("sales")
    .select("id")
    .where("id", "=", saleId)
    .$if(units !== null, (qb) => qb.where("sales.id", "in", salesOfUnits(db, units!)))
    .executeTakeFirst();
  if (!sale) return undefined;
  return (await merged(db, { saleId: sale.id }, scope)).map(plain);
}

const failedSince = (now: Date) => new Date(now.getTime() - FAILED_MESSAGES_HOURS * 3_600_000).toISOString();

/** The Painel's list: what failed in the last day, newest first. */
export const failedMessages = (db: Db, scope: StaffScope, now: Date) =>
  merged(db, { failedSince: failedSince(now) }, scope);

/** The Painel's count: WhatsApp messages and e-mails that failed in the last day. */
export async function failedMessageCount(db: Db, scope: StaffScope, now: Date): Promise<number> {
  const since = failedSince(now);
  const [mailRule, whatsappRule] = [ofUnits(db, scope, "mail_outbox"), ofUnits(db, scope, "message")];
  const [emails, whatsapps] = await Promise.all([
    db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("mail_outbox.failed_at", ">=", since)
      .$if(mailRule !== null, (qb) => qb.where(mailRule!))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("whatsapp_messages as message")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("message.status", "=", "failed")
      .where("message.failed_at", ">=", since)
      .$if(whatsappRule !== null, (qb) => qb.where(whatsappRule!))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(emails.n) + Number(whatsapps.n);
}
