/**
 * Separação's and Prontos' moves of whole bags (api/contract/gestor/delivery.ts separate,
 * unseparate, ready; docs/decisions/0075): the lines of the bags named that are goods of a paid
 * sale of the person's units, moved through moveLines (the one home of a move) in one
 * transaction. A line already in the move's target state (a second tab, a double click) is
 * offered too and comes back skipped; a line in any other state is no part of this move.
 * "Pronto" queues, in the same transaction, one e-mail per sale with a line made ready.
 */
import { DELIVERY_MOVES, type DeliveryMove } from "#core/delivery.ts";
import type { ApiDeps } from "../../deps.ts";
import { moveLines, type MovableLine } from "../../delivery/delivery-moves.ts";
import type { AuditActor } from "../audit/audit-log.ts";
import type { StaffScope } from "../staff/staff-scope.ts";
import { paidLines } from "./paid-lines.ts";
import { enqueueReadyEmail } from "./ready-email.ts";

export type BagMove = Exclude<DeliveryMove, "handOver">;

export async function moveBags(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  scope: StaffScope,
  move: BagMove,
  bagIds: readonly string[],
): Promise<{ moved: number; skipped: number }> {
  // Only a staff member moves lines: the history names who (delivery_events.staff_id).
  if (actor.kind !== "staff") throw new Error("a delivery move needs a staff member");
  // A class emptied meanwhile (another tab moved it all): nothing to move.
  if (bagIds.length === 0) return { moved: 0, skipped: 0 };
  const { from, to } = DELIVERY_MOVES[move];
  const at = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const lines: MovableLine[] = await paidLines(trx, storeId, scope, { seats: false })
      .select([
        "line.id",
        "sale.id as saleId",
        "sale.reference_code as saleReference",
        "line.type",
        "line.title",
        "line.option_value as optionValue",
      ])
      .where("bag.id", "in", [...bagIds])
      .where("line.delivery_state", "in", [...from, to])
      .orderBy("sale.reference_code")
      .orderBy("line.id")
      .execute();
    const { moved, skipped } = await moveLines(trx, lines, { storeId, move, actor, at });
    if (move === "ready")
      for (const saleId of new Set(moved.map((line) => line.saleId))) await enqueueReadyEmail(trx, deps, saleId);
    return { moved: moved.length, skipped: skipped.length };
  });
}
