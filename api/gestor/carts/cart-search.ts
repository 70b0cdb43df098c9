/**
 * Carrinhos' lookup (docs/decisions/0031): the open carts of the customers an e-mail, a CPF or
 * a linked student's RA finds, with their bags priced from the catalogue as the customer would
 * see them now.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { onlyDigits } from "#core/cpf.ts";
import type { CartLookupKey, GestorCart } from "../../contract/gestor/carts.ts";
import { priceCart, type CartLine } from "../../carts/cart-pricing.ts";
import { LIVE_SALE_STATUSES } from "../../sales/live-sale.ts";
import { cartsOfUnits, inScope, unitsOf, type StaffScope } from "../staff/staff-scope.ts";

type Db = Kysely<Database>;

/** The ids of the (not deleted) customers the key finds. */
function customersBy(db: Db, by: CartLookupKey, text: string) {
  const live = db.selectFrom("customers").select("customers.id").where("customers.deleted_at", "is", null);
  if (by === "email") return live.where("customers.email", "=", text.toLowerCase());
  if (by === "cpf") return live.where("customers.cpf", "=", onlyDigits(text));
  return live
    .innerJoin("customer_students as link", "link.customer_id", "customers.id")
    .innerJoin("students", "students.id", "link.student_id")
    .where("link.deleted_at", "is", null)
    .where("students.ra", "=", text);
}

function bagsOf(lines: readonly CartLine[], scope: StaffScope): GestorCart["bags"] {
  const bags = new Map<string, GestorCart["bags"][number]>();
  for (const line of lines) {
    let bag = bags.get(line.bagId);
    if (!bag) {
      bag = { studentId: line.studentId, studentName: line.studentName, studentRA: line.studentRA, items: [] };
      bags.set(line.bagId, bag);
    }
    bag.items.push({
      itemTOTVSId: line.itemTOTVSId,
      title: line.title,
      optionName: line.optionName,
      optionValue: line.optionValue,
      quantity: line.quantity,
      unitPriceCents: line.salePriceCents,
      // The same test as the removal's refusal (service.ts), so the page offers what the API allows.
      ofOtherUnit: !inScope(scope, line.unitCode),
    });
  }
  return [...bags.values()];
}

/** The open carts the key finds that the person sees: a secretary, her units' (decision 0061). */
export async function findOpenCarts(
  db: Db,
  by: CartLookupKey,
  text: string,
  scope: StaffScope,
  now: Date,
): Promise<GestorCart[]> {
  const units = unitsOf(scope);
  const carts = await db
    .selectFrom("carts")
    .innerJoin("customers", "customers.id", "carts.customer_id")
    .select([
      "carts.id",
      "carts.updated_at",
      "carts.version",
      "customers.id as customer_id",
      "customers.name",
      "customers.email",
    ])
    .where("carts.customer_id", "in", customersBy(db, by, text))
    .where("carts.deleted_at", "is", null)
    .where("carts.finished_at", "is", null)
    .$if(units !== null, (qb) => qb.where("carts.id", "in", cartsOfUnits(db, units!)))
    .orderBy("carts.updated_at", "desc")
    .limit(50)
    .execute();
  return Promise.all(
    carts.map(async (cart): Promise<GestorCart> => {
      const [priced, held] = await Promise.all([
        priceCart(db, cart.id, now),
        db
          .selectFrom("sales")
          .select(["id", "reference_code"])
          .where("cart_id", "=", cart.id)
          .where("status", "in", LIVE_SALE_STATUSES)
          .executeTakeFirst(),
      ]);
      const lines = [...priced.lines, ...priced.unavailable].sort(
        (a, b) => a.bagPosition - b.bagPosition || a.itemPosition - b.itemPosition,
      );
      return {
        cartId: cart.id,
        customer: { id: cart.customer_id, name: cart.name, email: cart.email },
        updatedAt: cart.updated_at,
        version: cart.version,
        coupon: priced.coupon ? { code: priced.coupon.code, percentage: priced.coupon.percentage } : null,
        bags: bagsOf(lines, scope),
        totalCents: priced.totalCents,
        heldBy: held ? { saleId: held.id, referenceCode: held.reference_code } : null,
      };
    }),
  );
}
