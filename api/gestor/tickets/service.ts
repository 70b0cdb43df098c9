/**
 * "Fale conosco" tickets in the gestor area (docs/decisions/0033-gestor-coupons-and-ticket-replies.md):
 * the list with its filters, a ticket with its replies, and the three changes (reply, close,
 * reopen), each audited in its own transaction; a reply's e-mail is queued in it too.
 */
import type { Kysely } from "kysely";
import { addDays, startOfBrazilDay } from "#core/dates.ts";
import type { SupportSubject } from "#core/validation/support-fields.ts";
import type { Database } from "#db/schema.ts";
import { GESTOR_PAGE_SIZE, paging } from "../../contract/gestor/paging.ts";
import { TICKET_MESSAGES, type TicketStatus } from "../../contract/gestor/tickets.ts";
import type { ApiDeps } from "../../deps.ts";
import { badRequest, notFound } from "../../errors.ts";
import { enqueueMail } from "../../mail/mail-outbox.ts";
import { ticketAnswerEmail } from "../../tickets/ticket-emails.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { listTicketReplies } from "./command-line.ts";
import { containsText } from "../text-search.ts";
import type { StaffRow } from "../staff/staff-sessions.ts";
import { unitsOf, type StaffScope } from "../staff/staff-scope.ts";

interface Filters {
  status?: TicketStatus;
  from?: string;
  to?: string;
  q?: string;
  page: number;
}

/** The tickets the person sees: a secretary, those about her units (decision 0061). */
export async function listGestorTickets({ db }: ApiDeps, { status, from, to, q, page }: Filters, scope: StaffScope) {
  const units = unitsOf(scope);
  let query = db.selectFrom("support_tickets");
  if (units) query = query.where("unit_code", "in", [...units]);
  if (status) query = query.where("status", "=", status);
  if (from) query = query.where("created_at", ">=", startOfBrazilDay(from));
  if (to) query = query.where("created_at", "<", startOfBrazilDay(addDays(to, 1)));
  if (q)
    query = query.where((eb) =>
      eb.or([containsText("name", q), containsText("email", q), containsText("protocol", q)]),
    );
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const pages = paging(page, Number(total));
  const rows = await query
    .select(["id", "protocol", "created_at", "name", "email", "subject", "status"])
    .orderBy("created_at", "desc")
    .orderBy("protocol", "desc")
    .limit(GESTOR_PAGE_SIZE)
    .offset(pages.offset)
    .execute();
  return {
    rows: rows.map(({ created_at, status: rowStatus, ...row }) => ({
      ...row,
      createdAt: created_at,
      status: rowStatus as TicketStatus,
    })),
    page: pages.page,
    pageCount: pages.pageCount,
    total: Number(total),
  };
}

/** The ticket, when the person sees it (404 otherwise: a 403 would confirm it exists). */
async function findRow(db: Kysely<Database>, ticketId: string, scope: StaffScope) {
  const units = unitsOf(scope);
  const row = await db
    .selectFrom("support_tickets")
    .selectAll()
    .where("id", "=", ticketId)
    .$if(units !== null, (qb) => qb.where("unit_code", "in", [...units!]))
    .executeTakeFirst();
  if (!row) throw notFound(TICKET_MESSAGES.notFound);
  return row;
}

export async function getGestorTicket({ db }: { db: Kysely<Database> }, ticketId: string, scope: StaffScope) {
  const row = await findRow(db, ticketId, scope);
  const replies = await listTicketReplies({ db }, ticketId);
  return {
    ticket: {
      id: row.id,
      protocol: row.protocol,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      name: row.name,
      email: row.email,
      phone: row.phone,
      ra: row.ra,
      subject: row.subject,
      message: row.message,
      status: row.status as TicketStatus,
      customerId: row.customer_id,
    },
    replies: replies.map((reply) => ({
      id: reply.id,
      at: reply.created_at,
      staffName: reply.staff_name,
      message: reply.message,
    })),
  };
}

async function setStatus(trx: Kysely<Database>, ticketId: string, status: TicketStatus, at: string) {
  await trx.updateTable("support_tickets").set({ status, updated_at: at }).where("id", "=", ticketId).execute();
}

/** Keeps the reply, e-mails it to the sender and marks the ticket "respondido". Refused when closed. */
export async function replyToTicket(
  deps: ApiDeps,
  actor: AuditActor,
  staff: Pick<StaffRow, "id" | "name">,
  scope: StaffScope,
  ticketId: string,
  message: string,
) {
  const now = deps.now();
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const row = await findRow(trx, ticketId, scope);
    if (row.status === "fechado") throw badRequest(TICKET_MESSAGES.closed);
    const replyId = crypto.randomUUID();
    await trx
      .insertInto("support_ticket_replies")
      .values({ id: replyId, ticket_id: ticketId, staff_id: staff.id, staff_name: staff.name, message, created_at: at })
      .execute();
    await setStatus(trx, ticketId, "respondido", at);
    await enqueueMail(
      trx,
      deps,
      "support-ticket-reply",
      ticketAnswerEmail({ ...row, subject: row.subject as SupportSubject }, { message, staffName: staff.name }),
    );
    await recordAudit(
      trx,
      actor,
      {
        action: "ticket.reply",
        targetType: "ticket",
        targetId: ticketId,
        summary: `Respondeu a mensagem ${row.protocol} por e-mail`,
        before: { status: row.status },
        after: { status: "respondido", replyId, message },
      },
      now,
    );
  });
  return getGestorTicket(deps, ticketId, scope);
}

/** Closes a ticket ("fechado") or reopens a closed one ("aberto"). */
export async function changeTicketStatus(
  deps: ApiDeps,
  actor: AuditActor,
  scope: StaffScope,
  ticketId: string,
  close: boolean,
) {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await findRow(trx, ticketId, scope);
    if (close && row.status === "fechado") throw badRequest(TICKET_MESSAGES.alreadyClosed);
    if (!close && row.status !== "fechado") throw badRequest(TICKET_MESSAGES.notClosed);
    const status: TicketStatus = close ? "fechado" : "aberto";
    await setStatus(trx, ticketId, status, now.toISOString());
    await recordAudit(
      trx,
      actor,
      {
        action: close ? "ticket.close" : "ticket.reopen",
        targetType: "ticket",
        targetId: ticketId,
        summary: `${close ? "Fechou" : "Reabriu"} a mensagem ${row.protocol}`,
        before: { status: row.status },
        after: { status },
      },
      now,
    );
  });
  return getGestorTicket(deps, ticketId, scope);
}
