import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { DELETION_PASSWORD_WRONG } from "../contract/privacy.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { verifyPassword } from "#db/passwords.ts";
import { hitRateLimit, TOO_MANY_REQUESTS } from "../rate-limit.ts";
import { lockCustomer } from "./customer-lock.ts";
import type { CustomerRow } from "./repository.ts";
import { ticketsOf } from "../tickets/ticket-owner.ts";
import { deleteCustomerStockAlerts } from "../stock/alerts.ts";
import { deleteCustomerWaitingEntries } from "../stock/waiting-list.ts";
import { deletePickupPeopleOf } from "../pickup-people/repository.ts";
import { deleteWhatsappDataOf } from "../messages/customer-whatsapp.ts";

/** A stolen token must not become a way to guess the password, as for a password change. */
export const ACCOUNT_DELETION_BY_CUSTOMER = { name: "account-deletion", limit: 10, windowMs: 60_000 };

/** What a deleted account's row and its sales' bags say instead of a name. */
export const DELETED_CUSTOMER_NAME = "Conta excluída";
export const DELETED_STUDENT_NAME = "Dados excluídos";

type Db = Kysely<Database>;

/**
 * POST /customers/delete-customer/… (LGPD art. 18 VI, decision note 0016). With the account's
 * password, in one transaction: carts and student links go; students the customer created
 * (no RA, no other account's link) go with their responsibles; sales stay for accounting
 * (tax law keeps them 5 years) with no name, RA or card digits; tokens, reset links, the
 * newsletter entry, the "Avise-me quando chegar" alerts, the waiting lists' places, the people named to pick up, the WhatsApp consent and messages, the "Fale conosco" tickets, the mail outbox's rows and rate-limit counters of the e-mail go; the customer row stays as an
 * empty tombstone (sales point to it), whose e-mail and CPF are free for a new sign-up.
 */
export async function deleteCustomerAccount(deps: ApiDeps, customer: CustomerRow, password: string): Promise<void> {
  if (!(await hitRateLimit(deps, ACCOUNT_DELETION_BY_CUSTOMER, customer.id))) {
    throw new ApiError(429, TOO_MANY_REQUESTS);
  }
  if (!(await verifyPassword(password, customer.password_hash))) throw new ApiError(400, DELETION_PASSWORD_WRONG);
  const at = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customer.id);
    await removeCarts(trx, customer.id);
    const ownStudents = await studentsCreatedBy(trx, customer.id);
    // Consents are kept while the account exists (/privacidade), and name the students.
    await trx.deleteFrom("student_consents").where("customer_id", "=", customer.id).execute();
    await trx.deleteFrom("customer_students").where("customer_id", "=", customer.id).execute();
    await anonymiseSales(trx, customer.id, ownStudents);
    if (ownStudents.length > 0) {
      await trx.deleteFrom("responsibles").where("student_id", "in", ownStudents).execute();
      await trx.deleteFrom("student_school_years").where("student_id", "in", ownStudents).execute();
      await trx.deleteFrom("students").where("id", "in", ownStudents).execute();
    }
    await trx.deleteFrom("customer_tokens").where("customer_id", "=", customer.id).execute();
    await trx.deleteFrom("password_resets").where("customer_id", "=", customer.id).execute();
    await trx
      .deleteFrom("newsletters")
      .where("store_id", "=", customer.store_id)
      .where("email", "=", customer.email)
      .execute();
    // "Avise-me quando chegar": the address waiting for sold-out items (issue 28).
    await deleteCustomerStockAlerts(trx, customer);
    // A full class's waiting list: an offered seat passes to the next in line first (issue 28).
    await deleteCustomerWaitingEntries(trx, customer, at);
    // The people named to pick up the account's orders (issue 30); handovers keep who received.
    await deletePickupPeopleOf(trx, customer.id);
    // WhatsApp (issue 31): the consent and the messages, with their number and parameters.
    await deleteWhatsappDataOf(trx, customer.id);
    // "Fale conosco" messages, sent logged in or with the account's e-mail (decision note 0023).
    // with the gestor's replies to them (migration 0024).
    await trx
      .deleteFrom("support_ticket_replies")
      .where("ticket_id", "in", (eb) => eb.selectFrom("support_tickets").select("id").where(ticketsOf(customer)))
      .execute();
    await trx.deleteFrom("support_tickets").where(ticketsOf(customer)).execute();
    // The record of the e-mails sent to the address (docs/decisions/0020-mail-outbox.md).
    await trx.deleteFrom("mail_outbox").where("recipient", "=", customer.email).execute();
    // Counters keyed by the e-mail (login tries) would keep it for their window.
    const email = customer.email.replace(/[\\%_]/g, "\\$&");
    await trx
      .deleteFrom("rate_limits")
      .where((eb) =>
        eb.or([
          sql<boolean>`key like ${`%:${email}`} escape '\\'`,
          sql<boolean>`key like ${`%:${email}:%`} escape '\\'`,
        ]),
      )
      .execute();
    await trx
      .updateTable("customers")
      .set({
        name: DELETED_CUSTOMER_NAME,
        // Unique per store, and never an address anyone can receive mail at (RFC 2606 .invalid).
        email: `excluida-${customer.id}@conta-excluida.invalid`,
        cpf: `excluida-${customer.id}`,
        // No password hash (db/passwords.ts): no password ever matches it.
        password_hash: "excluida",
        cell_phone: "",
        birth_date: "",
        zipcode: "",
        street: "",
        house_number: "",
        complement: "",
        neighborhood: "",
        city: "",
        state: "",
        avatar: null,
        deleted_at: at,
      })
      .where("id", "=", customer.id)
      .execute();
  });
}

/** Every cart of the customer, with its bags, lines and the gestor's removals; sales forget the cart. */
async function removeCarts(trx: Db, customerId: string): Promise<void> {
  const cartIds = (await trx.selectFrom("carts").select("id").where("customer_id", "=", customerId).execute()).map(
    (cart) => cart.id,
  );
  await trx.deleteFrom("cart_removals").where("customer_id", "=", customerId).execute();
  if (cartIds.length === 0) return;
  await trx.updateTable("sales").set({ cart_id: null }).where("cart_id", "in", cartIds).execute();
  const bags = trx.selectFrom("cart_bags").select("id").where("cart_id", "in", cartIds);
  await trx.deleteFrom("cart_items").where("bag_id", "in", bags).execute();
  await trx.deleteFrom("cart_bags").where("cart_id", "in", cartIds).execute();
  await trx.deleteFrom("cart_removals").where("cart_id", "in", cartIds).execute();
  await trx.deleteFrom("carts").where("id", "in", cartIds).execute();
}

/**
 * The students this customer brought to the store: no RA (the school's enrolled students are
 * the school's records), and no link to any other account. Called once the customer's carts
 * are gone, so only another cart could still hold one.
 */
async function studentsCreatedBy(trx: Db, customerId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom("students as s")
    .select("s.id")
    .where("s.ra", "is", null)
    .where("s.id", "in", (eb) =>
      eb.selectFrom("customer_students").select("student_id").where("customer_id", "=", customerId),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("customer_students as other")
            .select("other.id")
            .whereRef("other.student_id", "=", "s.id")
            .where("other.customer_id", "!=", customerId),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("cart_bags as b").select("b.id").whereRef("b.student_id", "=", "s.id"))),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** Sales stay with their amounts, dates, items and units; nothing in them names a person any more. */
async function anonymiseSales(trx: Db, customerId: string, ownStudents: string[]): Promise<void> {
  const sales = trx.selectFrom("sales").select("id").where("customer_id", "=", customerId);
  await trx
    .updateTable("sale_bags")
    .set({ student_name: DELETED_STUDENT_NAME, student_ra: null, student_id: null })
    .where("sale_id", "in", sales)
    .execute();
  if (ownStudents.length > 0) {
    await trx.updateTable("sale_bags").set({ student_id: null }).where("student_id", "in", ownStudents).execute();
  }
  await trx.updateTable("sales").set({ card_last4: null }).where("customer_id", "=", customerId).execute();
}
