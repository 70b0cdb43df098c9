/**
 * A line's history row for what happens at the counter besides a move (an exchange, a
 * check-in; the moves write theirs in api/delivery/delivery-moves.ts), in the caller's
 * transaction: /conta and the sale's pages read the history from delivery_events.
 */
import type { Kysely } from "kysely";
import type { DeliveryEventKind, GoodsDeliveryState } from "#core/delivery.ts";
import type { Database } from "#db/schema.ts";

export async function recordDeliveryEvent(
  db: Kysely<Database>,
  event: {
    storeId: number;
    saleId: string;
    lineId: string;
    kind: DeliveryEventKind;
    /** The line's state, kept: an exchange or a check-in moves none. */
    state: GoodsDeliveryState | null;
    staffId: string;
    note: string | null;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto("delivery_events")
    .values({
      id: crypto.randomUUID(),
      store_id: event.storeId,
      sale_id: event.saleId,
      sale_bag_item_id: event.lineId,
      kind: event.kind,
      from_state: event.state,
      to_state: event.state,
      staff_id: event.staffId,
      handover_id: null,
      note: event.note,
      at: event.at,
    })
    .execute();
}
