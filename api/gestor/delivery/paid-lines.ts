/**
 * The lines the unit's back room works on (issue 30; docs/decisions/0075): lines of paid sales
 * of the store in the person's units, goods (to separate and hand over) or seats (TIPO S, to
 * check in). The one home of that query: Separação, Prontos, the Painel, the moves and the
 * check-in all start from it.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { unitsOf, type StaffScope } from "../staff/staff-scope.ts";

/** `line`, `bag` and `sale` of paid sales of the store in the person's units; goods or (`seats`) TIPO S only. */
export function paidLines(db: Kysely<Database>, storeId: number, scope: StaffScope, { seats }: { seats: boolean }) {
  const units = unitsOf(scope);
  return (
    db
      .selectFrom("sale_bag_items as line")
      .innerJoin("sale_bags as bag", "bag.id", "line.sale_bag_id")
      .innerJoin("sales as sale", "sale.id", "bag.sale_id")
      .where("sale.store_id", "=", storeId)
      .where("sale.status", "=", "paid")
      // Spec §7 TIPO S (core/delivery.ts isSeatType): a seat has nothing to separate or pick up.
      .where("line.type", seats ? "=" : "!=", "S")
      .$if(units !== null, (query) => query.where("line.unit_code", "in", [...units!]))
  );
}
