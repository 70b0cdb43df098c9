import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { CUSTOMER_NOT_FOUND } from "../../contract/gestor/customers.ts";
import { LINK_NOT_FOUND } from "../../contract/students.ts";
import { loadCartLines } from "../../carts/cart-pricing.ts";
import { recordRemovals } from "../../carts/cart-removals.ts";
import { findOpenCart } from "../../carts/repository.ts";
import { lockCustomer } from "../../customers/customer-lock.ts";
import { notFound } from "../../errors.ts";
import { endStudentLink } from "../../students/service.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { auditedLines, removedItems } from "../carts/service.ts";
import { customersOfUnits, studentsOfUnits, unitsOf, type StaffScope } from "../staff/staff-scope.ts";

/**
 * The gestor ends a student's link (docs/decisions/0031) by the customer's own rule
 * (endStudentLink: the student's bag leaves the open cart). Unlike the customer, who did it
 * themself, the customer is then told what left the cart (spec §8's notice), and the reason
 * goes to the audit log with the link and the bag as they were.
 */
export function unlinkStudent(
  { db, now }: { db: Kysely<Database>; now: () => Date },
  actor: AuditActor,
  scope: StaffScope,
  { customerId, linkId, reason }: { customerId: string; linkId: string; reason: string },
) {
  return db.transaction().execute(async (trx) => {
    const when = now();
    const at = when.toISOString();
    // A secretary ends only the links of her units' students (decision 0061).
    const units = unitsOf(scope);
    const customer = await trx
      .selectFrom("customers")
      .select(["id", "store_id", "email"])
      .where("id", "=", customerId)
      .where("deleted_at", "is", null)
      .$if(units !== null, (qb) => qb.where("customers.id", "in", customersOfUnits(trx, units!)))
      .executeTakeFirst();
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    await lockCustomer(trx, customer.id);
    const link = await trx
      .selectFrom("customer_students as link")
      .innerJoin("students", "students.id", "link.student_id")
      .select(["link.id", "link.student_id", "link.created_at", "students.nome", "students.ra"])
      .where("link.id", "=", linkId)
      .where("link.customer_id", "=", customer.id)
      .where("link.deleted_at", "is", null)
      .$if(units !== null, (qb) => qb.where("link.student_id", "in", studentsOfUnits(trx, units!)))
      .executeTakeFirst();
    if (!link) throw notFound(LINK_NOT_FOUND);
    const cart = await findOpenCart(trx, customer.id, customer.store_id);
    const bag = cart ? (await loadCartLines(trx, cart.id)).filter((line) => line.studentId === link.student_id) : [];
    await endStudentLink(trx, customer, { id: link.id, studentId: link.student_id }, at);
    if (cart) await recordRemovals(trx, { cartId: cart.id, customerId: customer.id, at }, removedItems(bag));
    const student = link.ra ? `${link.nome} (RA ${link.ra})` : link.nome;
    await recordAudit(
      trx,
      actor,
      {
        action: "customer.unlink-student",
        targetType: "customer",
        targetId: customer.id,
        summary: `Desvinculou ${student} de ${customer.email}. Motivo: ${reason}`,
        before: {
          linkId: link.id,
          studentId: link.student_id,
          student: link.nome,
          RA: link.ra,
          linkedAt: link.created_at,
          bag: auditedLines(bag),
        },
        after: { unlinkedAt: at, reason },
      },
      when,
    );
    return { id: link.id, studentId: link.student_id, deletedAt: at };
  });
}
