/**
 * The one read of paid bags as the unit's screens show them (issue 30; api/contract/gestor/
 * delivery.ts DeliveryBag): Separação, Prontos, the picking lists and Entrega read bags here,
 * with the student's grade and class of now (the roster) and each line's state, handover and
 * check-in. A line of a unit outside the person's comes marked `otherUnit`, never left out: the
 * secretary sees that the family's sale has more, and moves only hers.
 */
import type { Kysely } from "kysely";
import { currentPeriodCode } from "#core/dates.ts";
import { deliveryStateOf } from "#core/delivery.ts";
import { currentSchoolYear } from "#core/school-years.ts";
import type { Database } from "#db/schema.ts";
import type { DeliveryBag, DeliveryLine } from "../../contract/gestor/delivery.ts";
import { schoolYearsOf, toSchoolYear } from "../../students/repository.ts";
import { inScope, type StaffScope } from "../staff/staff-scope.ts";

/** The bags named, in the order given (ids of no bag, or of another store, are left out). */
export async function readDeliveryBags(
  db: Kysely<Database>,
  storeId: number,
  bagIds: readonly string[],
  scope: StaffScope,
  now: Date,
): Promise<DeliveryBag[]> {
  if (bagIds.length === 0) return [];
  const bags = await db
    .selectFrom("sale_bags")
    .innerJoin("sales", "sales.id", "sale_bags.sale_id")
    .innerJoin("customers", "customers.id", "sales.customer_id")
    .select([
      "sale_bags.id",
      "sale_bags.sale_id",
      "sale_bags.student_id",
      "sale_bags.student_name",
      "sale_bags.student_ra",
      "sales.reference_code",
      "sales.pickup_code",
      "sales.paid_at",
      "sales.created_at",
      "customers.name as customer_name",
    ])
    .where("sale_bags.id", "in", [...bagIds])
    .where("sales.store_id", "=", storeId)
    .execute();
  const lines = await db
    .selectFrom("sale_bag_items as line")
    .leftJoin("pickup_handovers as handover", "handover.id", "line.handover_id")
    .leftJoin("staff", "staff.id", "handover.staff_id")
    .select([
      "line.id",
      "line.sale_bag_id",
      "line.item_totvs_id",
      "line.title",
      "line.type",
      "line.quantity",
      "line.unit_code",
      "line.option_name",
      "line.option_value",
      "line.delivery_state",
      "line.delivery_state_at",
      "line.checked_in_at",
      "handover.received_by_name",
      "handover.at as handover_at",
      "staff.name as staff_name",
    ])
    .where("line.sale_bag_id", "in", [...bagIds])
    .orderBy("line.title")
    .orderBy("line.id")
    .execute();
  const studentIds = [...new Set(bags.flatMap((bag) => (bag.student_id ? [bag.student_id] : [])))];
  const years = studentIds.length === 0 ? [] : await schoolYearsOf(db, studentIds);
  const period = currentPeriodCode(now);

  const byId = new Map(
    bags.map((bag) => {
      const year = bag.student_id
        ? currentSchoolYear(years.filter((row) => row.student_id === bag.student_id).map(toSchoolYear), period)
        : undefined;
      const reply: DeliveryBag = {
        id: bag.id,
        saleId: bag.sale_id,
        referenceCode: bag.reference_code,
        pickupCode: bag.pickup_code,
        paidAt: bag.paid_at ?? bag.created_at,
        customerName: bag.customer_name,
        studentName: bag.student_name,
        studentRA: bag.student_ra,
        gradeLabel: year && !year.deletedAt ? [year.HABILITACAO, year.CURSO].filter(Boolean).join(" · ") || null : null,
        codgrade: year && !year.deletedAt ? (year.codgrade ?? null) : null,
        turma: year && !year.deletedAt ? (year.TURMA ?? null) : null,
        lines: lines
          .filter((line) => line.sale_bag_id === bag.id)
          .map((line): DeliveryLine => ({
            id: line.id,
            itemTOTVSId: line.item_totvs_id,
            title: line.title,
            type: line.type,
            quantity: line.quantity,
            unitCode: line.unit_code,
            optionName: line.option_name,
            optionValue: line.option_value,
            state: deliveryStateOf(line),
            stateAt: line.delivery_state_at,
            handover:
              line.received_by_name && line.handover_at
                ? {
                    receivedByName: line.received_by_name,
                    staffName: line.staff_name ?? "",
                    at: line.handover_at,
                  }
                : null,
            checkedInAt: line.checked_in_at,
            otherUnit: !inScope(scope, line.unit_code),
          })),
      };
      return [bag.id, reply] as const;
    }),
  );
  return bagIds.flatMap((id) => {
    const bag = byId.get(id);
    return bag ? [bag] : [];
  });
}
