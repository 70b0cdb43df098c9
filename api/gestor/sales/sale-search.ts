/**
 * The gestor's list of sales (docs/decisions/0030-gestor-orders.md): one filtered query for the
 * page and for the CSV export, so both always hold the same sales.
 */
import type { Kysely } from "kysely";
import { GESTOR_PAGE_SIZE, paging } from "#api/contract/gestor/paging.ts";
import type { GestorSaleRow, SaleFilters } from "#api/contract/gestor/sales.ts";
import { typedCpfDigits } from "#core/cpf.ts";
import { addDays, brazilDayStart } from "#core/dates.ts";
import { centsToReais } from "#core/money.ts";
import type { Database } from "#db/schema.ts";
import { containsText } from "../text-search.ts";
import { salesOfUnits, unitsOf, type StaffScope } from "../staff/staff-scope.ts";

/** How many ids go into one `in (…)`: well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

/** The sales matching the filters that the scope sees (decision 0061), joined with their customer. */
export function filteredSales(db: Kysely<Database>, filters: SaleFilters, scope: StaffScope) {
  let query = db.selectFrom("sales").innerJoin("customers", "customers.id", "sales.customer_id");
  const units = unitsOf(scope);
  if (units) query = query.where("sales.id", "in", salesOfUnits(db, units));
  const { q, status, method, unit, from, to, customer, ra } = filters;
  if (q) {
    // One text, every way a family names an order (issue 25 §16): digits are also a CPF, an RA
    // or the order's number, any part of each, as Clientes e estudantes reads them.
    const digits = typedCpfDigits(q);
    query = query.where((eb) =>
      eb.or([
        containsText("customers.name", q),
        containsText("customers.email", q),
        eb.exists(
          eb
            .selectFrom("sale_bags")
            .select("sale_bags.id")
            .whereRef("sale_bags.sale_id", "=", "sales.id")
            .where((bag) =>
              bag.or([
                containsText("sale_bags.student_name", q),
                ...(digits ? [bag("sale_bags.student_ra", "like", `%${digits}%`)] : []),
              ]),
            ),
        ),
        ...(digits
          ? [eb("customers.cpf", "like", `%${digits}%`), eb("sales.reference_code", "like", `%${digits}%`)]
          : []),
      ]),
    );
  }
  // A declined card is a payment attempt, not an order (0018): listed only when asked for.
  query = status ? query.where("sales.status", "=", status) : query.where("sales.status", "!=", "declined");
  if (method) query = query.where("sales.payment_method_code", "=", method);
  if (from) query = query.where("sales.created_at", ">=", brazilDayStart(from));
  if (to) query = query.where("sales.created_at", "<", brazilDayStart(addDays(to, 1)));
  if (customer?.email) query = query.where("customers.email", "=", customer.email);
  if (customer?.cpf) query = query.where("customers.cpf", "=", customer.cpf);
  if (ra)
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("sale_bags")
          .select("sale_bags.id")
          .whereRef("sale_bags.sale_id", "=", "sales.id")
          .where("sale_bags.student_ra", "=", ra),
      ),
    );
  if (unit)
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("sale_bag_items")
          .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
          .select("sale_bag_items.id")
          .whereRef("sale_bags.sale_id", "=", "sales.id")
          .where("sale_bag_items.unit_code", "=", unit),
      ),
    );
  return query;
}

export async function countSales(db: Kysely<Database>, filters: SaleFilters, scope: StaffScope): Promise<number> {
  const row = await filteredSales(db, filters, scope)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a bigint string.
  return Number(row.count);
}

/** The sales of the filters, newest first; `page` limits them to one page of the list. */
export function salesOf(
  db: Kysely<Database>,
  filters: SaleFilters,
  scope: StaffScope,
  page?: { offset: number; limit: number },
) {
  let query = filteredSales(db, filters, scope)
    .select(["sales.id", "sales.reference_code", "sales.created_at", "sales.status", "sales.payment_method_code"])
    .select(["sales.installments", "sales.subtotal_cents", "sales.discount_cents", "sales.total_cents"])
    .select("sales.list_discount_cents")
    .select(["sales.coupon_code", "sales.customer_id", "customers.name", "customers.email", "customers.cpf"])
    .orderBy("sales.created_at", "desc")
    .orderBy("sales.id", "desc");
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

/** One page of Pedidos' list (newest first), each sale with its customer and students. */
export async function listSales(
  db: Kysely<Database>,
  filters: SaleFilters,
  page: number,
  scope: StaffScope,
): Promise<{ rows: GestorSaleRow[]; page: number; pageCount: number; total: number }> {
  const total = await countSales(db, filters, scope);
  const pages = paging(page, total);
  const sales = await salesOf(db, filters, scope, { offset: pages.offset, limit: GESTOR_PAGE_SIZE });
  const students = await studentsOf(
    db,
    sales.map((sale) => sale.id),
  );
  return {
    rows: sales.map((sale) => ({
      id: sale.id,
      referenceCode: sale.reference_code,
      createdAt: sale.created_at,
      status: sale.status,
      paymentMethodCode: sale.payment_method_code,
      installments: sale.installments,
      customer: { id: sale.customer_id, name: sale.name, email: sale.email },
      students: students.get(sale.id) ?? [],
      total: centsToReais(sale.total_cents),
    })),
    page: pages.page,
    pageCount: pages.pageCount,
    total,
  };
}

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

/** Each sale's students (name and RA), by sale id. */
export async function studentsOf(
  db: Kysely<Database>,
  saleIds: readonly string[],
): Promise<Map<string, { name: string; ra: string | null }[]>> {
  const students = new Map<string, { name: string; ra: string | null }[]>();
  for (const ids of chunks(saleIds)) {
    const bags = await db
      .selectFrom("sale_bags")
      .select(["sale_id", "student_name", "student_ra"])
      .where("sale_id", "in", ids)
      .orderBy("student_name")
      .execute();
    for (const bag of bags)
      students.set(bag.sale_id, [...(students.get(bag.sale_id) ?? []), { name: bag.student_name, ra: bag.student_ra }]);
  }
  return students;
}

/** Each sale's item lines with their unit (CODCOLIGADA) and value, by sale id. */
export async function unitLinesOf(
  db: Kysely<Database>,
  saleIds: readonly string[],
): Promise<Map<string, { unitCode: string; cents: number }[]>> {
  const lines = new Map<string, { unitCode: string; cents: number }[]>();
  for (const ids of chunks(saleIds)) {
    const items = await db
      .selectFrom("sale_bag_items")
      .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
      .select(["sale_bags.sale_id", "sale_bag_items.unit_code", "sale_bag_items.quantity"])
      .select("sale_bag_items.unit_price_cents")
      .where("sale_bags.sale_id", "in", ids)
      .execute();
    for (const item of items)
      lines.set(item.sale_id, [
        ...(lines.get(item.sale_id) ?? []),
        { unitCode: item.unit_code, cents: item.quantity * item.unit_price_cents },
      ]);
  }
  return lines;
}

/** The units (CODCOLIGADA) of a sale's lines. */
export async function unitsOfSale(db: Kysely<Database>, saleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("sale_bag_items")
    .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
    .select("sale_bag_items.unit_code")
    .distinct()
    .where("sale_bags.sale_id", "=", saleId)
    .execute();
  return rows.map((row) => row.unit_code);
}
