import type { CustomerData } from "../contract/privacy.ts";
import type { ApiDeps } from "../deps.ts";
import { listBagsOfOwnSale, listSalesOfCustomer } from "../sales/repository.ts";
import { listStudentLinks } from "../students/repository.ts";
import { toCustomer, type CustomerRow } from "./repository.ts";
import { ticketsOf } from "../tickets/ticket-owner.ts";
import { listCustomerStockAlerts } from "../stock/alerts.ts";
import { listCustomerWaitingEntries } from "../stock/waiting-list.ts";
import { listPickupPeopleOf } from "../pickup-people/repository.ts";
import { whatsappDataOf } from "../messages/customer-whatsapp.ts";
import { TICKET_STATUS_LABELS, type TicketStatus } from "../contract/gestor/tickets.ts";

/**
 * GET /customers/export-customer-data/… (LGPD art. 18 II and V, decision note 0016): every
 * row the store keeps about the customer, through the same views the other calls answer, so
 * a rule that hides a field there (a secret, a masked CPF) hides it here too.
 */
export async function exportCustomerData(deps: ApiDeps, customer: CustomerRow): Promise<CustomerData> {
  const { db } = deps;
  const [
    students,
    studentLinks,
    consents,
    carts,
    sales,
    newsletter,
    sessions,
    passwordResets,
    tickets,
    alerts,
    waiting,
    pickupPeople,
    whatsapp,
  ] = await Promise.all([
    listStudentLinks(db, customer.id, { withOwn: true }),
    db
      .selectFrom("customer_students")
      .select(["id", "student_id", "created_at", "deleted_at"])
      .where("customer_id", "=", customer.id)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("student_consents")
      .select(["student_id", "purpose", "text_version", "accepted_at"])
      .where("customer_id", "=", customer.id)
      .orderBy("accepted_at")
      .execute(),
    cartsOf(deps, customer.id),
    // Declined attempts too: they are not orders, but they are data kept about the customer.
    listSalesOfCustomer(deps, customer.store_id, customer.id, { withAttempts: true }),
    db
      .selectFrom("newsletters")
      .select(["email", "created_at"])
      .where("store_id", "=", customer.store_id)
      .where("email", "=", customer.email)
      .executeTakeFirst(),
    db
      .selectFrom("customer_tokens")
      .select(["created_at", "expires_at", "revoked_at"])
      .where("customer_id", "=", customer.id)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("password_resets")
      .select(["created_at", "expires_at", "used_at"])
      .where("customer_id", "=", customer.id)
      .orderBy("created_at")
      .execute(),
    // The same tickets the account's deletion removes.
    db
      .selectFrom("support_tickets")
      .select(["protocol", "subject", "message", "status", "created_at"])
      .where(ticketsOf(customer))
      .orderBy("created_at")
      .execute(),
    // The same alerts the account's deletion removes.
    listCustomerStockAlerts(db, customer),
    // The same entries the account's deletion removes.
    listCustomerWaitingEntries(db, customer),
    // The same people the account's deletion removes.
    listPickupPeopleOf(db, customer.id),
    // The same consent and messages the account's deletion clears.
    whatsappDataOf(db, customer.id),
  ]);
  const salesWithBags = [];
  for (const { saleBags: _summaries, ...sale } of sales) {
    salesWithBags.push({
      ...sale,
      saleBags: await listBagsOfOwnSale(deps, customer.store_id, customer.id, sale.id, { withAttempts: true }),
    });
  }
  return {
    generatedAt: deps.now().toISOString(),
    customer: { ...toCustomer(customer), createdAt: customer.created_at },
    students,
    studentLinks: studentLinks.map((link) => ({
      id: link.id,
      studentId: link.student_id,
      createdAt: link.created_at,
      deletedAt: link.deleted_at,
    })),
    consents: consents.map((row) => ({
      studentId: row.student_id,
      purpose: row.purpose,
      textVersion: row.text_version,
      acceptedAt: row.accepted_at,
    })),
    carts,
    sales: salesWithBags,
    stockAlerts: alerts.map((row) => ({
      itemTOTVSId: row.item_totvs_id,
      email: row.email,
      createdAt: row.created_at,
      notifiedAt: row.notified_at,
    })),
    waitingList: waiting.map((row) => ({
      itemTOTVSId: row.item_totvs_id,
      email: row.email,
      status: row.status,
      createdAt: row.created_at,
      offerExpiresAt: row.offer_expires_at,
    })),
    pickupPeople,
    whatsapp,
    newsletter: newsletter ? { email: newsletter.email, subscribedAt: newsletter.created_at } : null,
    sessions: sessions.map((row) => ({
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
    })),
    passwordResets: passwordResets.map((row) => ({
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
    })),
    supportTickets: tickets.map((row) => ({
      protocol: row.protocol,
      subject: row.subject,
      message: row.message,
      // A person reads this export: the status as the pages write it ("Aberto"), never the code.
      status: TICKET_STATUS_LABELS[row.status as TicketStatus] ?? row.status,
      createdAt: row.created_at,
    })),
  };
}

/** Every cart of the customer (open, finished, deleted by the gestor), with what it held. */
async function cartsOf({ db }: ApiDeps, customerId: string): Promise<CustomerData["carts"]> {
  const carts = await db
    .selectFrom("carts")
    .leftJoin("coupons", "coupons.id", "carts.coupon_id")
    .select([
      "carts.id",
      "carts.created_at",
      "carts.updated_at",
      "carts.finished_at",
      "carts.deleted_at",
      "coupons.code as coupon_code",
    ])
    .where("carts.customer_id", "=", customerId)
    .orderBy("carts.created_at")
    .orderBy("carts.id")
    .execute();
  if (carts.length === 0) return [];
  const cartIds = carts.map((cart) => cart.id);
  const [bags, items, removals] = await Promise.all([
    db
      .selectFrom("cart_bags")
      .select(["id", "cart_id", "student_id"])
      .where("cart_id", "in", cartIds)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("cart_items")
      .innerJoin("cart_bags", "cart_bags.id", "cart_items.bag_id")
      .innerJoin("products", "products.id", "cart_items.product_id")
      .select(["cart_items.bag_id", "cart_items.item_totvs_id", "cart_items.quantity", "products.title"])
      .where("cart_bags.cart_id", "in", cartIds)
      .orderBy("cart_items.position")
      .orderBy("cart_items.id")
      .execute(),
    db
      .selectFrom("cart_removals")
      .select(["cart_id", "item_totvs_id", "title", "removed_at"])
      .where("cart_id", "in", cartIds)
      .orderBy("removed_at")
      .orderBy("id")
      .execute(),
  ]);
  return carts.map((cart) => ({
    id: cart.id,
    createdAt: cart.created_at,
    updatedAt: cart.updated_at,
    finishedAt: cart.finished_at,
    deletedAt: cart.deleted_at,
    couponCode: cart.coupon_code,
    bags: bags
      .filter((bag) => bag.cart_id === cart.id)
      .map((bag) => ({
        studentId: bag.student_id,
        items: items
          .filter((item) => item.bag_id === bag.id)
          .map((item) => ({ itemTOTVSId: item.item_totvs_id, title: item.title, quantity: item.quantity })),
      })),
    removedItems: removals
      .filter((removal) => removal.cart_id === cart.id)
      .map((removal) => ({ itemTOTVSId: removal.item_totvs_id, title: removal.title, removedAt: removal.removed_at })),
  }));
}
