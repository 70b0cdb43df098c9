/**
 * Entrega's reads (issue 30; docs/decisions/0075, 0076): the search at the counter and one sale
 * as the counter shows it. Only paid sales with a line of the person's units are found
 * (decision 0061): another unit's sale is "not found", never "not yours".
 */
import type { Kysely } from "kysely";
import type { PickupSale } from "#api/contract/gestor/delivery.ts";
import { maskedCpf, onlyDigits } from "#core/cpf.ts";
import { canMove, isSeatType, normalizePickupCode } from "#core/delivery.ts";
import type { Database } from "#db/schema.ts";
import { listPickupPeopleOf } from "../../pickup-people/repository.ts";
import { containsText } from "../text-search.ts";
import { inScope, salesOfUnits, unitsOf, type StaffScope } from "../staff/staff-scope.ts";
import { readDeliveryBags } from "./delivery-bags.ts";

/** The search lists at most this many sales, newest first: the counter narrows it by typing more. */
const COUNTER_SEARCH_LIMIT = 30;

/** A paid sale of the store with a line of the person's units, or undefined. */
export async function findCounterSale(db: Kysely<Database>, storeId: number, saleId: string, scope: StaffScope) {
  const units = unitsOf(scope);
  return db
    .selectFrom("sales")
    .innerJoin("customers", "customers.id", "sales.customer_id")
    .select(["sales.id", "sales.reference_code", "sales.pickup_code", "sales.status", "sales.paid_at"])
    .select(["sales.customer_id", "customers.name as customer_name", "customers.cpf as customer_cpf"])
    .select("customers.deleted_at as customer_deleted_at")
    .where("sales.id", "=", saleId)
    .where("sales.store_id", "=", storeId)
    .where("sales.status", "=", "paid")
    .$if(units !== null, (query) => query.where("sales.id", "in", salesOfUnits(db, units!)))
    .executeTakeFirst();
}

type CounterSaleRow = NonNullable<Awaited<ReturnType<typeof findCounterSale>>>;

/** The paid sales the counter's text names (a code alone; else CPF, RA or name), newest first. */
export async function searchCounterSales(db: Kysely<Database>, storeId: number, q: string, scope: StaffScope) {
  const units = unitsOf(scope);
  const paidOfUnits = () =>
    db
      .selectFrom("sales")
      .innerJoin("customers", "customers.id", "sales.customer_id")
      .select(["sales.id", "sales.reference_code", "sales.pickup_code", "sales.paid_at", "sales.created_at"])
      .select("customers.name as customer_name")
      .where("sales.store_id", "=", storeId)
      .where("sales.status", "=", "paid")
      .$if(units !== null, (query) => query.where("sales.id", "in", salesOfUnits(db, units!)))
      .orderBy("sales.paid_at", "desc")
      .orderBy("sales.created_at", "desc")
      .limit(COUNTER_SEARCH_LIMIT);

  // A code typed or scanned names one sale (docs/decisions/0076); a name that happens to read
  // as a code ("RENATA") finds no sale by it and is searched as a name below.
  const code = normalizePickupCode(q);
  if (code) {
    const byCode = await paidOfUnits().where("sales.pickup_code", "=", code).execute();
    if (byCode.length > 0) return withCounts(db, byCode, scope);
  }
  const digits = /^[\d\s.\-/]+$/.test(q) ? onlyDigits(q) : "";
  const sales = await paidOfUnits()
    .where((eb) =>
      digits
        ? eb.or([
            eb("customers.cpf", "=", digits),
            eb.exists(
              eb
                .selectFrom("customer_pickup_people")
                .select("customer_pickup_people.id")
                .whereRef("customer_pickup_people.customer_id", "=", "sales.customer_id")
                .where("customer_pickup_people.cpf", "=", digits),
            ),
            eb.exists(
              eb
                .selectFrom("sale_bags")
                .select("sale_bags.id")
                .whereRef("sale_bags.sale_id", "=", "sales.id")
                .where("sale_bags.student_ra", "=", digits),
            ),
          ])
        : eb.or([
            containsText("customers.name", q),
            eb.exists(
              eb
                .selectFrom("sale_bags")
                .select("sale_bags.id")
                .whereRef("sale_bags.sale_id", "=", "sales.id")
                .where(containsText("sale_bags.student_name", q)),
            ),
          ]),
    )
    .execute();
  return withCounts(db, sales, scope);
}

/** Each sale's students and what its lines of the person's units still wait for. */
async function withCounts(
  db: Kysely<Database>,
  sales: readonly {
    id: string;
    reference_code: string;
    pickup_code: string | null;
    paid_at: string | null;
    created_at: string;
    customer_name: string;
  }[],
  scope: StaffScope,
) {
  if (sales.length === 0) return [];
  const lines = await db
    .selectFrom("sale_bag_items")
    .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
    .select(["sale_bags.sale_id", "sale_bags.student_name", "sale_bag_items.type", "sale_bag_items.unit_code"])
    .select("sale_bag_items.delivery_state")
    .where(
      "sale_bags.sale_id",
      "in",
      sales.map((sale) => sale.id),
    )
    .orderBy("sale_bags.student_name")
    .execute();
  return sales.map((sale) => {
    const ofSale = lines.filter((line) => line.sale_id === sale.id);
    const goodsOfUnits = ofSale.filter((line) => !isSeatType(line.type) && inScope(scope, line.unit_code));
    return {
      saleId: sale.id,
      referenceCode: sale.reference_code,
      pickupCode: sale.pickup_code,
      customerName: sale.customer_name,
      studentNames: [...new Set(ofSale.map((line) => line.student_name))],
      paidAt: sale.paid_at ?? sale.created_at,
      toHandOver: goodsOfUnits.filter((line) => canMove("handOver", line.delivery_state)).length,
      awaiting: goodsOfUnits.filter((line) => line.delivery_state === "awaiting").length,
    };
  });
}

/**
 * Who may receive a sale's goods: the account holder, then the people they named, in their
 * repository's order. A deleted account has no holder any more (its row was emptied of name and
 * CPF, api/customers/account-deletion.ts) nor named people: nobody may receive.
 */
export async function receiversOf(db: Kysely<Database>, sale: CounterSaleRow) {
  const people = await listPickupPeopleOf(db, sale.customer_id);
  const holder = sale.customer_deleted_at
    ? []
    : [{ id: null as string | null, name: sale.customer_name, cpf: sale.customer_cpf }];
  return [...holder, ...people];
}

/** One sale at the counter, or null when it is not a paid sale of the person's units. */
export async function counterSale(
  db: Kysely<Database>,
  storeId: number,
  saleId: string,
  scope: StaffScope,
  now: Date,
): Promise<PickupSale | null> {
  const sale = await findCounterSale(db, storeId, saleId, scope);
  if (!sale) return null;
  const bagIds = await db
    .selectFrom("sale_bags")
    .select("id")
    .where("sale_id", "=", sale.id)
    .orderBy("student_name")
    .orderBy("id")
    .execute();
  const bags = await readDeliveryBags(
    db,
    storeId,
    bagIds.map((bag) => bag.id),
    scope,
    now,
  );
  const history = await db
    .selectFrom("delivery_events as event")
    .innerJoin("sale_bag_items as line", "line.id", "event.sale_bag_item_id")
    .leftJoin("staff", "staff.id", "event.staff_id")
    .leftJoin("pickup_handovers as handover", "handover.id", "event.handover_id")
    .select(["event.at", "event.kind", "event.note", "line.title", "staff.name as staff_name"])
    .select("handover.received_by_name")
    .where("event.sale_id", "=", sale.id)
    .orderBy("event.at")
    .orderBy("event.id")
    .execute();
  return {
    id: sale.id,
    referenceCode: sale.reference_code,
    pickupCode: sale.pickup_code,
    status: sale.status,
    paidAt: sale.paid_at,
    // The CPF masked: the staff checks it against a document; the full one stays in the API.
    receivers: (await receiversOf(db, sale)).map((person) => ({
      ...person,
      cpf: maskedCpf(person.cpf),
    })),
    bags: bags.map((bag) => ({
      id: bag.id,
      studentName: bag.studentName,
      studentRA: bag.studentRA,
      gradeLabel: bag.gradeLabel,
      codgrade: bag.codgrade,
      turma: bag.turma,
      lines: bag.lines,
    })),
    history: history.map((row) => ({
      at: row.at,
      lineTitle: row.title,
      kind: row.kind,
      note: row.note,
      staffName: row.staff_name,
      receivedByName: row.received_by_name,
    })),
  };
}
