/**
 * One sale as the gestor's sale page shows it (docs/decisions/0030-gestor-orders.md): bags and
 * items as sold, the cart's payment attempts, and its history, which merges the status changes
 * (migration 0021's trigger) with the staff's actions on it (the audit log). Never a card
 * number, only the brand; never the customer's password or tokens.
 */
import type { Kysely } from "kysely";
import type { GestorSaleDetail } from "#api/contract/gestor/sales.ts";
import { shownDelivery } from "#core/delivery.ts";
import { centsToReais } from "#core/money.ts";
import type { Database } from "#db/schema.ts";
import { saleBagsWithItems } from "../../sales/sale-bags.ts";
import { describeStockLine, isSeat } from "../../stock/sale-holds.ts";
import { inScope, salesOfUnits, unitsOf, type StaffScope } from "../staff/staff-scope.ts";

/** The sale, or null when there is none or it is not of the person's units (decision 0061). */
export async function saleDetail(
  db: Kysely<Database>,
  saleId: string,
  scope: StaffScope,
): Promise<GestorSaleDetail | null> {
  const units = unitsOf(scope);
  const sale = await db
    .selectFrom("sales")
    .innerJoin("customers", "customers.id", "sales.customer_id")
    .select(["sales.id", "sales.reference_code", "sales.status", "sales.payment_method_code", "sales.installments"])
    .select(["sales.subtotal_cents", "sales.list_discount_cents", "sales.discount_cents", "sales.total_cents"])
    .select("sales.coupon_code")
    .select(["sales.created_at", "sales.paid_at", "sales.boleto_due_date", "sales.acquirer_alert", "sales.cart_id"])
    .select(["sales.gateway_transaction_id", "customers.id as customer_id", "customers.name", "customers.email"])
    .where("sales.id", "=", saleId)
    .$if(units !== null, (qb) => qb.where("sales.id", "in", salesOfUnits(db, units!)))
    .executeTakeFirst();
  if (!sale) return null;
  const bags = await saleBagsWithItems(db, sale.id);
  const otherUnits = [
    ...new Set(bags.flatMap((bag) => bag.items.map((item) => item.unit_code)).filter((code) => !inScope(scope, code))),
  ].sort((a, b) => Number(a) - Number(b));
  // A cart paid after declined cards holds several sales: each one is an attempt.
  const attempts = await db
    .selectFrom("sales")
    .select(["id", "attempt", "reference_code", "payment_method_code", "installments", "status", "card_brand"])
    .select(["gateway_transaction_id", "decline_message", "created_at"])
    .where((eb) => (sale.cart_id ? eb("cart_id", "=", sale.cart_id) : eb("id", "=", sale.id)))
    .orderBy("attempt")
    .orderBy("created_at")
    .execute();
  const changes = await db
    .selectFrom("sale_status_changes")
    .select(["from_status", "to_status", "at"])
    .where("sale_id", "=", sale.id)
    .orderBy("id")
    .execute();
  const audit = await db
    .selectFrom("audit_log")
    .select(["at", "summary", "actor_label"])
    .where("target_type", "=", "sale")
    .where("target_id", "=", sale.id)
    .orderBy("at")
    .execute();
  const history: GestorSaleDetail["history"] = [
    ...changes.map((change) => ({
      at: change.at,
      kind: "status" as const,
      text: change.to_status,
      from: change.from_status,
      actor: null,
    })),
    ...audit.map((entry) => ({
      at: entry.at,
      kind: "audit" as const,
      text: entry.summary,
      from: null,
      actor: entry.actor_label,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const unpaid = sale.status === "pending" || sale.status === "expired";
  return {
    id: sale.id,
    referenceCode: sale.reference_code,
    status: sale.status,
    paymentMethodCode: sale.payment_method_code,
    installments: sale.installments,
    subtotal: centsToReais(sale.subtotal_cents),
    listDiscount: centsToReais(sale.list_discount_cents),
    discount: centsToReais(sale.discount_cents),
    total: centsToReais(sale.total_cents),
    couponCode: sale.coupon_code,
    createdAt: sale.created_at,
    paidAt: sale.paid_at,
    boletoDueDate: sale.boleto_due_date,
    acquirerAlert: sale.acquirer_alert,
    customer: { id: sale.customer_id, name: sale.name, email: sale.email },
    bags: bags.map((bag) => ({
      id: bag.id,
      studentName: bag.student_name,
      studentRA: bag.student_ra,
      total: centsToReais(bag.total_cents),
      listDiscount: centsToReais(bag.list_discount_cents),
      materialListTitle: bag.material_list_title,
      items: bag.items.map((item) => ({
        itemTOTVSId: item.item_totvs_id,
        title: item.title,
        optionName: item.option_name,
        optionValue: item.option_value,
        unitCode: item.unit_code,
        quantity: item.quantity,
        unitPrice: centsToReais(item.unit_price_cents),
        originalUnitPrice: centsToReais(item.original_unit_price_cents),
        deliveryState: shownDelivery(sale.status, item),
      })),
    })),
    attempts: attempts.map((attempt) => ({
      saleId: attempt.id,
      attempt: attempt.attempt,
      referenceCode: attempt.reference_code,
      paymentMethodCode: attempt.payment_method_code,
      installments: attempt.installments,
      status: attempt.status,
      cardBrand: attempt.card_brand,
      acquirerId: attempt.gateway_transaction_id,
      declineMessage: attempt.decline_message,
      createdAt: attempt.created_at,
    })),
    history,
    otherUnits,
    piecesHeld: bags
      .flatMap((bag) => bag.items)
      .filter((item) => !isSeat(item.type) && item.stock_returned_at === null && item.delivery_state !== "picked_up")
      .reduce((sum, item) => sum + item.stock_taken, 0),
    piecesPickedUp: bags
      .flatMap((bag) => bag.items)
      .filter((item) => !isSeat(item.type) && item.delivery_state === "picked_up")
      .map((item) => describeStockLine({ title: item.title, optionValue: item.option_value })),
    // The same rules as api/gestor/sales/service.ts and the sales routes, which refuse anything
    // else anyway: a secretary leaves a sale with another unit's items to the network (0061).
    actions: {
      confirmPayment: unpaid && otherUnits.length === 0,
      cancel: unpaid && otherUnits.length === 0,
      refund:
        sale.status === "paid" &&
        sale.total_cents > 0 &&
        sale.gateway_transaction_id !== null &&
        otherUnits.length === 0,
    },
  };
}
