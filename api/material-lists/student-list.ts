/**
 * A linked student's material list (api/contract/material-lists.ts getStudentMaterialList;
 * docs/decisions/0071-material-lists.md): the published list of the grade the student is
 * enrolled in now, with what the student's bag holds and the size of the student's last order.
 */
import type { Kysely } from "kysely";
import { currentPeriodCode } from "#core/dates.ts";
import { currentGrade } from "#core/school-years.ts";
import type { Database } from "#db/schema.ts";
import { MATERIAL_LIST_MESSAGES, type StudentMaterialList } from "../contract/material-lists.ts";
import type { CustomerRow } from "../customers/repository.ts";
import { notFound } from "../errors.ts";
import { findOpenCart } from "../carts/repository.ts";
import { findLinkOfStudent, schoolYearsOf, toSchoolYear } from "../students/repository.ts";
import { findPublishedList, listView, type ListRow } from "./list-view.ts";

type Customer = Pick<CustomerRow, "id" | "store_id">;

/** The student's sales that count for "the size of the last order": paid, or waiting for a boleto or Pix. */
const ORDERED = ["paid", "pending"] as const;

/**
 * The student (linked to the customer now) and the published list of their current grade; 404
 * for a student of someone else (the same answer as an unknown one) or a grade without a list.
 */
export async function findStudentList(
  db: Kysely<Database>,
  customer: Customer,
  studentId: string,
  now: Date,
): Promise<{ student: { id: string; name: string }; list: ListRow }> {
  const link = await findLinkOfStudent(db, customer.id, studentId);
  const student = link
    ? await db
        .selectFrom("students")
        .select(["id", "nome"])
        .where("id", "=", studentId)
        .where("store_id", "=", customer.store_id)
        .executeTakeFirst()
    : undefined;
  if (!student) throw notFound(MATERIAL_LIST_MESSAGES.studentNotFound);
  const grade = currentGrade((await schoolYearsOf(db, [studentId])).map(toSchoolYear), currentPeriodCode(now));
  const list = grade ? await findPublishedList(db, customer.store_id, grade.CODPERLET, grade.codgrade, now) : undefined;
  if (!list) throw notFound(MATERIAL_LIST_MESSAGES.noListForStudent);
  return { student: { id: student.id, name: student.nome }, list };
}

/** The pieces of each product in the student's bag of the customer's open cart (any size). */
export async function piecesInBag(
  db: Kysely<Database>,
  customer: Customer,
  studentId: string,
): Promise<Map<string, number>> {
  const cart = await findOpenCart(db, customer.id, customer.store_id);
  if (!cart) return new Map();
  const rows = await db
    .selectFrom("cart_items as i")
    .innerJoin("cart_bags as b", "b.id", "i.bag_id")
    .select(["i.product_id", "i.quantity"])
    .where("b.cart_id", "=", cart.id)
    .where("b.student_id", "=", studentId)
    .execute();
  const pieces = new Map<string, number>();
  for (const row of rows) pieces.set(row.product_id, (pieces.get(row.product_id) ?? 0) + row.quantity);
  return pieces;
}

/**
 * The sizes of the student's items the customer ordered, newest sale first: only the caller's
 * own sales (another parent of the same student keeps their orders to themselves).
 */
function orderedSizes(db: Kysely<Database>, customer: Customer, studentId: string) {
  return db
    .selectFrom("sale_bag_items as i")
    .innerJoin("sale_bags as b", "b.id", "i.sale_bag_id")
    .innerJoin("sales as s", "s.id", "b.sale_id")
    .select(["i.product_id", "i.item_totvs_id", "i.option_name", "i.option_value"])
    .where("s.customer_id", "=", customer.id)
    .where("b.student_id", "=", studentId)
    .where("b.status", "in", ORDERED)
    .where("i.option_name", "is not", null)
    .orderBy("s.created_at", "desc")
    .execute();
}

/**
 * The size to preselect on a sized line: the one the student's last order had of this product,
 * else the value (e.g. "10") the last order had of another product with the same option name,
 * if this product sells it; null otherwise.
 */
function lastSizeOf(
  line: { productId: string; optionName: string | null; options: { itemTOTVSId: number; value: string }[] },
  ordered: Awaited<ReturnType<typeof orderedSizes>>,
): number | null {
  if (line.optionName === null) return null;
  const own = ordered.find(
    (item) =>
      item.product_id === line.productId && line.options.some((option) => option.itemTOTVSId === item.item_totvs_id),
  );
  if (own) return own.item_totvs_id;
  for (const item of ordered.filter((candidate) => candidate.option_name === line.optionName)) {
    const same = line.options.find((option) => option.value === item.option_value);
    if (same) return same.itemTOTVSId;
  }
  return null;
}

/** GET the student's list: every line with "Já está no carrinho" (the list's quantity or more) and the size to preselect. */
export async function getStudentMaterialList(
  db: Kysely<Database>,
  customer: Customer,
  studentId: string,
  now: Date,
): Promise<StudentMaterialList> {
  const { student, list } = await findStudentList(db, customer, studentId, now);
  const [view, inBag, ordered] = await Promise.all([
    listView(db, list),
    piecesInBag(db, customer, studentId),
    orderedSizes(db, customer, studentId),
  ]);
  return {
    ...view,
    student,
    lines: view.lines.map((line) => ({
      ...line,
      inBag: (inBag.get(line.productId) ?? 0) >= line.quantity,
      lastItemTOTVSId: lastSizeOf(line, ordered),
    })),
  };
}
