/**
 * The check-in at the door of a course or an event (issue 30; docs/decisions/0075): the paid
 * seats (TIPO S lines) of the person's units, grouped by item, and a seat checked in once,
 * with its history row and an audit row. A seat stays "Vaga confirmada"; the check-in is a fact
 * beside it.
 */
import type { Kysely } from "kysely";
import { DELIVERY_MESSAGES } from "#api/contract/gestor/delivery.ts";
import { isSeatType } from "#core/delivery.ts";
import type { Database } from "#db/schema.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, notFound } from "../../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { inScope, type StaffScope } from "../staff/staff-scope.ts";
import { recordDeliveryEvent } from "./delivery-event.ts";
import { paidLines } from "./paid-lines.ts";

/** TIPO S lines of paid sales of the store, in the person's units. */
const paidSeats = (db: Kysely<Database>, storeId: number, scope: StaffScope) =>
  paidLines(db, storeId, scope, { seats: true });

export async function seatItems(db: Kysely<Database>, storeId: number, scope: StaffScope) {
  const rows = await paidSeats(db, storeId, scope)
    .select(["line.unit_code", "line.item_totvs_id"])
    .select((eb) => [
      eb.fn.max("line.title").as("title"),
      eb.fn.countAll().as("seats"),
      eb.fn.count("line.checked_in_at").as("checked_in"),
    ])
    .groupBy(["line.unit_code", "line.item_totvs_id"])
    .orderBy("line.unit_code")
    .orderBy("title")
    .execute();
  return rows.map((row) => ({
    unitCode: row.unit_code,
    itemTOTVSId: row.item_totvs_id,
    title: row.title,
    // PostgreSQL answers count(*) as a bigint string.
    seats: Number(row.seats),
    checkedIn: Number(row.checked_in),
  }));
}

/** A course's or event's paid seats of a unit; null when the unit is not the person's or nothing was sold. */
export async function seatsOf(
  db: Kysely<Database>,
  storeId: number,
  scope: StaffScope,
  unitCode: string,
  itemTOTVSId: number,
) {
  if (!inScope(scope, unitCode)) return null;
  const rows = await paidSeats(db, storeId, scope)
    .innerJoin("customers", "customers.id", "sale.customer_id")
    .select(["line.id", "line.title", "line.checked_in_at", "bag.student_name", "bag.student_ra"])
    .select(["customers.name as customer_name", "sale.reference_code"])
    .where("line.unit_code", "=", unitCode)
    .where("line.item_totvs_id", "=", itemTOTVSId)
    .orderBy("bag.student_name")
    .orderBy("line.id")
    .execute();
  if (rows.length === 0) return null;
  return {
    title: rows[0]!.title,
    seats: rows.map((row) => ({
      lineId: row.id,
      studentName: row.student_name,
      studentRA: row.student_ra,
      customerName: row.customer_name,
      referenceCode: row.reference_code,
      checkedInAt: row.checked_in_at,
    })),
  };
}

export async function checkIn(
  deps: ApiDeps,
  actor: AuditActor & { kind: "staff" },
  storeId: number,
  scope: StaffScope,
  lineId: string,
): Promise<{ checkedInAt: string }> {
  const line = await deps.db
    .selectFrom("sale_bag_items as line")
    .innerJoin("sale_bags as bag", "bag.id", "line.sale_bag_id")
    .innerJoin("sales", "sales.id", "bag.sale_id")
    .select(["line.id", "line.type", "line.title", "line.unit_code", "bag.student_name"])
    .select(["sales.id as sale_id", "sales.reference_code"])
    .where("line.id", "=", lineId)
    .where("sales.store_id", "=", storeId)
    .where("sales.status", "=", "paid")
    .executeTakeFirst();
  if (!line || !inScope(scope, line.unit_code)) throw notFound(DELIVERY_MESSAGES.lineNotFound);
  if (!isSeatType(line.type)) throw new ApiError(422, DELIVERY_MESSAGES.checkInNotSeat);
  const now = deps.now();
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    // Once: a second tab's or a double click's check-in finds it done.
    const marked = await trx
      .updateTable("sale_bag_items")
      .set({ checked_in_at: at, checked_in_by: actor.staffId })
      .where("id", "=", line.id)
      .where("checked_in_at", "is", null)
      .executeTakeFirst();
    if (marked.numUpdatedRows === 0n) throw new ApiError(409, DELIVERY_MESSAGES.alreadyCheckedIn);
    await recordDeliveryEvent(trx, {
      storeId,
      saleId: line.sale_id,
      lineId: line.id,
      kind: "checked_in",
      state: null,
      staffId: actor.staffId,
      note: null,
      at,
    });
    await recordAudit(
      trx,
      actor,
      {
        action: "delivery.check-in",
        targetType: "sale",
        targetId: line.sale_id,
        summary: `Fez o check-in de ${line.student_name} em ${line.title} do pedido ${line.reference_code}`,
        after: { lineId: line.id, checkedInAt: at },
      },
      now,
    );
  });
  return { checkedInAt: at };
}
