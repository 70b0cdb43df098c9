/**
 * Entrega's handing over (issue 30; docs/decisions/0075, 0076): the lines named go to one of
 * the sale's receivers (the account holder or a person they named in Minha Conta), recorded once
 * per unit in pickup_handovers (name and CPF as shown, the staff member, when) and moved by
 * moveLines, the one home of the states, all in one transaction. Lines already picked up,
 * still awaiting separation or of another unit are skipped; nothing moved answers 409, and
 * nothing is written.
 */
import { DELIVERY_MESSAGES, type HandOverFields } from "#api/contract/gestor/delivery.ts";
import { canMove, isSeatType } from "#core/delivery.ts";
import type { ApiDeps } from "../../deps.ts";
import { moveLines, type MovableLine } from "../../delivery/delivery-moves.ts";
import { ApiError, notFound } from "../../errors.ts";
import type { AuditActor } from "../audit/audit-log.ts";
import { inScope, type StaffScope } from "../staff/staff-scope.ts";
import { findCounterSale, receiversOf } from "./counter-sale.ts";

export async function handOver(
  deps: ApiDeps,
  actor: AuditActor & { kind: "staff" },
  storeId: number,
  scope: StaffScope,
  saleId: string,
  { lineIds, receiverId }: HandOverFields,
): Promise<{ moved: number; skipped: number }> {
  const sale = await findCounterSale(deps.db, storeId, saleId, scope);
  if (!sale) throw notFound(DELIVERY_MESSAGES.saleNotFound);
  const receivers = await receiversOf(deps.db, sale);
  const receiver = receivers.find((person) => (person.id ?? "") === receiverId);
  if (!receiver) throw new ApiError(422, DELIVERY_MESSAGES.receiverNotAllowed);

  const rows = await deps.db
    .selectFrom("sale_bag_items as line")
    .innerJoin("sale_bags as bag", "bag.id", "line.sale_bag_id")
    .select(["line.id", "line.type", "line.title", "line.option_value", "line.unit_code", "line.delivery_state"])
    .where("bag.sale_id", "=", sale.id)
    .where("line.id", "in", lineIds)
    .execute();
  const candidates = rows.filter(
    (row) => !isSeatType(row.type) && inScope(scope, row.unit_code) && canMove("handOver", row.delivery_state),
  );
  const at = deps.now();
  const moved = await deps.db.transaction().execute(async (trx) => {
    let count = 0;
    for (const unitCode of [...new Set(candidates.map((row) => row.unit_code))].sort()) {
      const handoverId = crypto.randomUUID();
      await trx
        .insertInto("pickup_handovers")
        .values({
          id: handoverId,
          sale_id: sale.id,
          unit_code: unitCode,
          received_by_name: receiver.name,
          received_by_cpf: receiver.cpf,
          staff_id: actor.staffId,
          at: at.toISOString(),
        })
        .execute();
      const lines: MovableLine[] = candidates
        .filter((row) => row.unit_code === unitCode)
        .map((row) => ({
          id: row.id,
          saleId: sale.id,
          saleReference: sale.reference_code,
          type: row.type,
          title: row.title,
          optionValue: row.option_value,
        }));
      const result = await moveLines(trx, lines, { storeId, move: "handOver", actor, at, handoverId });
      // Another tab handed them over meanwhile: no handover without lines.
      if (result.moved.length === 0) await trx.deleteFrom("pickup_handovers").where("id", "=", handoverId).execute();
      count += result.moved.length;
    }
    if (count === 0) throw new ApiError(409, DELIVERY_MESSAGES.nothingMoved);
    return count;
  });
  return { moved, skipped: lineIds.length - moved };
}
