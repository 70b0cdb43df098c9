/**
 * Where each line of a sale is on its way to the family, as the storefront shows it (issue 30;
 * docs/decisions/0075-delivery-at-the-unit.md): /conta, the receipt, by core/delivery.ts
 * shownDelivery (a bag's status is its sale's). The
 * storefront learns the receiver's name, never their CPF nor the staff member who handed over.
 */
import type { Kysely, Selectable } from "kysely";
import { shownDelivery } from "#core/delivery.ts";
import type { Database, SaleBagItemTable, SaleBagTable } from "#db/schema.ts";
import type { SaleBagItem } from "../contract/orders.ts";

export type LineDelivery = NonNullable<SaleBagItem["delivery"]>;

/** The delivery of each line (by its id) of the given bags; a line out of the flow has none. */
export async function deliveryOfLines(
  db: Kysely<Database>,
  bags: readonly (Selectable<SaleBagTable> & { items: Selectable<SaleBagItemTable>[] })[],
): Promise<Map<string, LineDelivery>> {
  const lines = bags.flatMap((bag) =>
    bag.items.flatMap((item) => {
      const state = shownDelivery(bag.status, item);
      return state ? [{ ...item, state }] : [];
    }),
  );
  const deliveries = new Map<string, LineDelivery>();
  if (lines.length === 0) return deliveries;
  const handoverIds = [...new Set(lines.flatMap((line) => (line.handover_id ? [line.handover_id] : [])))];
  const receivers = new Map(
    handoverIds.length === 0
      ? []
      : (
          await db
            .selectFrom("pickup_handovers")
            .select(["id", "received_by_name"])
            .where("id", "in", handoverIds)
            .execute()
        ).map((handover) => [handover.id, handover.received_by_name]),
  );
  // The latest exchange of each line: ordered by time, a later row replaces an earlier one.
  const exchanges = await db
    .selectFrom("delivery_events")
    .select(["sale_bag_item_id", "note"])
    .where("kind", "=", "exchanged")
    .where(
      "sale_bag_item_id",
      "in",
      lines.map((line) => line.id),
    )
    .orderBy("at")
    .orderBy("id")
    .execute();
  const exchangeOf = new Map(exchanges.map((event) => [event.sale_bag_item_id, event.note]));
  for (const line of lines)
    deliveries.set(line.id, {
      state: line.state,
      at: line.delivery_state_at,
      receivedBy: line.handover_id ? (receivers.get(line.handover_id) ?? null) : null,
      exchange: exchangeOf.get(line.id) ?? null,
    });
  return deliveries;
}
