/**
 * The one home of a paid line's delivery moves (issue 30; docs/decisions/0075): Separação,
 * Prontos and Entrega move lines through here, in their own transaction, so every move checks
 * the same rule (core/delivery.ts DELIVERY_MOVES), writes the line's history (delivery_events)
 * and leaves one audit row per sale. Each line moves with a conditional update on the state the
 * rule starts from and on its sale being paid: a second tab's or a double click's move of a line
 * already moved changes nothing and is reported as skipped, never written twice.
 */
import type { Kysely } from "kysely";
import {
  DELIVERY_MOVES,
  EVENT_OF_MOVE,
  isSeatType,
  type DeliveryMove,
  type GoodsDeliveryState,
} from "#core/delivery.ts";
import type { Database } from "#db/schema.ts";
import { recordAudit, type AuditActor } from "../gestor/audit/audit-log.ts";

/** A line as a move reads it; `saleReference` names the sale in the audit summary. */
export interface MovableLine {
  id: string;
  saleId: string;
  saleReference: string;
  type: string;
  title: string;
  optionValue: string | null;
}

export interface MoveOptions {
  storeId: number;
  move: DeliveryMove;
  actor: AuditActor & { kind: "staff" };
  at: Date;
  /** The handover a "handOver" move records (pickup_handovers.id). */
  handoverId?: string;
}

/** What the audit summary says a move did to a sale's lines. */
const SUMMARY_VERB: Record<DeliveryMove, string> = {
  separate: "Separou",
  unseparate: "Desfez a separação de",
  ready: "Marcou como pronto para retirada",
  handOver: "Entregou",
};

const lineName = (line: MovableLine) => (line.optionValue ? `${line.title} (${line.optionValue})` : line.title);

/**
 * One line's conditional update, tried from each state the move starts from in turn: the one
 * that changes the row is the state it left, so the history's "from" is what the row was, even
 * with another tab moving it at the same moment (a read before the update could be stale).
 * Null: the line was in none of them, or its sale is no longer paid.
 */
async function moveLine(
  db: Kysely<Database>,
  lineId: string,
  from: readonly GoodsDeliveryState[],
  change: { to: GoodsDeliveryState; at: string; handoverId: string | null },
): Promise<GoodsDeliveryState | null> {
  for (const state of from) {
    const result = await db
      .updateTable("sale_bag_items")
      .set({
        delivery_state: change.to,
        delivery_state_at: change.at,
        handover_id: change.to === "picked_up" ? change.handoverId : null,
      })
      .where("id", "=", lineId)
      .where("delivery_state", "=", state)
      .where("sale_bag_id", "in", (paid) =>
        paid
          .selectFrom("sale_bags")
          .innerJoin("sales", "sales.id", "sale_bags.sale_id")
          .select("sale_bags.id")
          .where("sales.status", "=", "paid"),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return state;
  }
  return null;
}

/**
 * Moves the lines that the rule lets move, in `db` (a transaction the caller opened): returns
 * the lines moved and those left as they were (a seat, a line of another state, a sale no
 * longer paid). The caller has already kept the lines to the staff member's units.
 */
export async function moveLines(
  db: Kysely<Database>,
  lines: readonly MovableLine[],
  options: MoveOptions,
): Promise<{ moved: MovableLine[]; skipped: MovableLine[] }> {
  const { from, to } = DELIVERY_MOVES[options.move];
  const at = options.at.toISOString();
  const moved: MovableLine[] = [];
  const skipped: MovableLine[] = [];
  for (const line of lines) {
    if (isSeatType(line.type)) {
      skipped.push(line);
      continue;
    }
    const fromState = await moveLine(db, line.id, from, { to, at, handoverId: options.handoverId ?? null });
    if (!fromState) {
      skipped.push(line);
      continue;
    }
    moved.push(line);
    await db
      .insertInto("delivery_events")
      .values({
        id: crypto.randomUUID(),
        store_id: options.storeId,
        sale_id: line.saleId,
        sale_bag_item_id: line.id,
        kind: EVENT_OF_MOVE[options.move],
        from_state: fromState,
        to_state: to,
        staff_id: options.actor.staffId,
        handover_id: options.handoverId ?? null,
        note: null,
        at,
      })
      .execute();
  }
  const movedBySale = new Map<string, MovableLine[]>();
  for (const line of moved) movedBySale.set(line.saleId, [...(movedBySale.get(line.saleId) ?? []), line]);
  for (const [saleId, ofSale] of movedBySale) {
    await recordAudit(
      db,
      options.actor,
      {
        action: `delivery.${options.move === "handOver" ? "hand-over" : options.move}`,
        targetType: "sale",
        targetId: saleId,
        summary: `${SUMMARY_VERB[options.move]} ${ofSale.map(lineName).join(", ")} do pedido ${ofSale[0]!.saleReference}`,
        after: { lines: ofSale.map((line) => line.id), state: to, handoverId: options.handoverId ?? null },
      },
      options.at,
    );
  }
  return { moved, skipped };
}
