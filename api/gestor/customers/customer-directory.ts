/**
 * Clientes e estudantes' reads (docs/decisions/0031): the two searches and a customer's page.
 * What leaves here is what the staff need to help a family: never a password hash, a token or
 * card data (a sale's card brand and last digits stay on the sale's own page).
 */
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "#db/schema.ts";
import { typedCpfDigits } from "#core/cpf.ts";
import { currentPeriodCode } from "#core/dates.ts";
import { currentSchoolYear } from "#core/school-years.ts";
import { GESTOR_PAGE_SIZE, paging } from "../../contract/gestor/paging.ts";
import type {
  GestorCustomerDetails,
  GestorCustomerSummary,
  GestorStudentSummary,
} from "../../contract/gestor/customers.ts";
import { findOpenCart } from "../../carts/repository.ts";
import { toCustomer } from "../../customers/repository.ts";
import { schoolYearsOf, toSchoolYear } from "../../students/repository.ts";
import type { TicketStatus } from "../../contract/gestor/tickets.ts";
import {
  cartsOfUnits,
  customersOfUnits,
  salesOfUnits,
  studentsOfUnits,
  unitsOf,
  type StaffScope,
} from "../staff/staff-scope.ts";

type Db = Kysely<Database>;

/** `%text%` for LIKE, its own % and _ escaped, lower case (both databases compare lower(column)). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** lower(column) LIKE pattern, the same on SQLite and PostgreSQL. */
const contains = (column: string, pattern: string): Expression<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

interface Page<T> {
  rows: T[];
  page: number;
  pageCount: number;
  total: number;
}

/** The customers the person sees: a secretary, her units' families (decision 0061). */
export async function searchCustomers(
  db: Db,
  q: string,
  page: number,
  scope: StaffScope,
): Promise<Page<GestorCustomerSummary>> {
  const pattern = containsPattern(q);
  // Only a text typed as a CPF (digits, its mask allowed) searches the CPFs: "Turma 2" is a name.
  const digits = typedCpfDigits(q);
  const units = unitsOf(scope);
  const everyone = db
    .selectFrom("customers")
    .where("deleted_at", "is", null)
    .$if(units !== null, (qb) => qb.where("customers.id", "in", customersOfUnits(db, units!)));
  const matching =
    q === ""
      ? everyone
      : everyone.where((eb) =>
          eb.or([
            contains("name", pattern),
            contains("email", pattern),
            ...(digits ? [eb("cpf", "like", `%${digits}%`)] : []),
          ]),
        );
  const { n } = await matching.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const total = Number(n);
  const at = paging(page, total);
  const rows = await matching
    .select(["id", "name", "email", "cpf", "cell_phone", "created_at"])
    .orderBy("name")
    .orderBy("id")
    .limit(GESTOR_PAGE_SIZE)
    .offset(at.offset)
    .execute();
  return {
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      cpf: row.cpf,
      cellPhone: row.cell_phone,
      createdAt: row.created_at,
    })),
    page: at.page,
    pageCount: at.pageCount,
    total,
  };
}

/** The students the person sees: a secretary, those enrolled in her units (decision 0061). */
export async function searchStudents(
  db: Db,
  q: string,
  page: number,
  scope: StaffScope,
): Promise<Page<GestorStudentSummary>> {
  const pattern = containsPattern(q);
  const units = unitsOf(scope);
  const everyone = db
    .selectFrom("students")
    .$if(units !== null, (qb) => qb.where("students.id", "in", studentsOfUnits(db, units!)));
  const matching =
    q === "" ? everyone : everyone.where((eb) => eb.or([contains("nome", pattern), contains("ra", pattern)]));
  const { n } = await matching.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const total = Number(n);
  const at = paging(page, total);
  const students = await matching
    .select(["id", "nome", "ra"])
    .orderBy("nome")
    .orderBy("id")
    .limit(GESTOR_PAGE_SIZE)
    .offset(at.offset)
    .execute();
  const ids = students.map((student) => student.id);
  const [years, links] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom("student_school_years")
            .select(["student_id", "codcoligada"])
            .where("student_id", "in", ids)
            .where("deleted_at", "is", null)
            .orderBy("codperlet", "desc")
            .execute(),
          db
            .selectFrom("customer_students as link")
            .innerJoin("customers", "customers.id", "link.customer_id")
            .select(["link.student_id", "customers.id", "customers.name", "customers.email"])
            .where("link.student_id", "in", ids)
            .where("link.deleted_at", "is", null)
            .where("customers.deleted_at", "is", null)
            .orderBy("customers.name")
            .execute(),
        ]);
  return {
    rows: students.map((student) => ({
      id: student.id,
      name: student.nome,
      RA: student.ra,
      unitCode: years.find((year) => year.student_id === student.id)?.codcoligada ?? null,
      customers: links
        .filter((link) => link.student_id === student.id)
        .map(({ id, name, email }) => ({ id, name, email })),
    })),
    page: at.page,
    pageCount: at.pageCount,
    total,
  };
}

/**
 * A customer's page, or undefined for an unknown or deleted account, or one a secretary does
 * not see; she sees only her units' students, sales, cart and tickets on it (decision 0061).
 */
export async function customerDetails(
  db: Db,
  customerId: string,
  scope: StaffScope,
  now: Date,
): Promise<GestorCustomerDetails | undefined> {
  const units = unitsOf(scope);
  const customer = await db
    .selectFrom("customers")
    .selectAll()
    .where("id", "=", customerId)
    .where("deleted_at", "is", null)
    .$if(units !== null, (qb) => qb.where("customers.id", "in", customersOfUnits(db, units!)))
    .executeTakeFirst();
  if (!customer) return undefined;
  const [links, sales, openCart, tickets] = await Promise.all([
    db
      .selectFrom("customer_students as link")
      .innerJoin("students", "students.id", "link.student_id")
      .select(["link.id", "link.student_id", "link.created_at", "students.nome", "students.ra", "students.turno"])
      .where("link.customer_id", "=", customer.id)
      .where("link.deleted_at", "is", null)
      .$if(units !== null, (qb) => qb.where("link.student_id", "in", studentsOfUnits(db, units!)))
      .orderBy("link.created_at")
      .execute(),
    db
      .selectFrom("sales")
      .select(["id", "reference_code", "status", "payment_method_code", "total_cents", "created_at"])
      .where("customer_id", "=", customer.id)
      .$if(units !== null, (qb) => qb.where("sales.id", "in", salesOfUnits(db, units!)))
      .orderBy("created_at", "desc")
      .execute(),
    findOpenCart(db, customer.id, customer.store_id),
    // A ticket sent while logged out carries the same e-mail but no account.
    db
      .selectFrom("support_tickets")
      .select(["id", "protocol", "subject", "status", "created_at"])
      .where((eb) => eb.or([eb("customer_id", "=", customer.id), eb("email", "=", customer.email)]))
      .$if(units !== null, (qb) => qb.where("support_tickets.unit_code", "in", [...units!]))
      .orderBy("created_at", "desc")
      .execute(),
  ]);
  const cart =
    openCart && units !== null
      ? await db
          .selectFrom("carts")
          .select("id")
          .where("id", "=", openCart.id)
          .where("id", "in", cartsOfUnits(db, units))
          .executeTakeFirst()
          .then((visible) => (visible ? openCart : undefined))
      : openCart;
  const studentIds = links.map((link) => link.student_id);
  const [years, itemCount] = await Promise.all([
    studentIds.length === 0 ? [] : schoolYearsOf(db, studentIds),
    cart
      ? db
          .selectFrom("cart_items")
          .innerJoin("cart_bags", "cart_bags.id", "cart_items.bag_id")
          .select((eb) => eb.fn.sum<number | string>("cart_items.quantity").as("n"))
          .where("cart_bags.cart_id", "=", cart.id)
          .executeTakeFirst()
          .then((row) => Number(row?.n ?? 0))
      : 0,
  ]);
  return {
    customer: { ...toCustomer(customer), createdAt: customer.created_at },
    students: links.map((link) => {
      const year = currentSchoolYear(
        years.filter((candidate) => candidate.student_id === link.student_id).map(toSchoolYear),
        currentPeriodCode(now),
      );
      return {
        linkId: link.id,
        studentId: link.student_id,
        name: link.nome,
        RA: link.ra,
        turno: link.turno,
        schoolYear: year ?? null,
        linkedAt: link.created_at,
      };
    }),
    sales: sales.map((sale) => ({
      saleId: sale.id,
      referenceCode: sale.reference_code,
      status: sale.status,
      paymentMethodCode: sale.payment_method_code,
      totalCents: sale.total_cents,
      createdAt: sale.created_at,
    })),
    cart: cart ? { cartId: cart.id, itemCount, updatedAt: cart.updated_at } : null,
    tickets: tickets.map((ticket) => ({
      id: ticket.id,
      protocol: ticket.protocol,
      subject: ticket.subject,
      // The column holds only TICKET_STATUSES (the ticket service writes it); the reply's schema checks it.
      status: ticket.status as TicketStatus,
      createdAt: ticket.created_at,
    })),
  };
}
