/**
 * Staff of one unit (issue 27; docs/decisions/0061-staff-of-one-unit.md): a secretary of unit 1
 * sees and acts on unit 1's sales, carts, families and tickets, and finds nothing of unit 4's,
 * not even by id; the network's roles see both. A secretary without units reads nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MIXED_SALE } from "#api/gestor/sales/routes.ts";
import { CART_OF_OTHER_UNITS, ITEM_OF_OTHER_UNIT } from "#api/gestor/carts/service.ts";
import { bag, demoProductOfUnit, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestStaff, gestorTestApiForFile, type TestStaff } from "#tests/fixtures/staff.ts";
import { NO_UNITS } from "./staff-scope.ts";

let unitless: TestStaff;

/** One family of a unit: a customer, their linked demo student, a sale, an open cart and a ticket. */
interface Family {
  customer: SignedUpCustomer;
  studentId: string;
  linkId: string;
  saleId: string;
  cartId: string;
  itemTOTVSId: number;
  ticketId: string;
  marker: string;
}
let one: Family;
let four: Family;
let mixedSaleId: string;
let mixedCartId: string;

/** A name no other test uses: letters only, as a person's name must be. */
const marker = () =>
  `Escopo${Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;

async function productOf(unit: string) {
  return (await demoProductOfUnit(t.db, unit)).itemTOTVSId;
}

async function family(RA: string, unit: string, studentName: string): Promise<Family> {
  const name = marker();
  const customer = await signUpAndLogIn(t, { name: `${name} Responsável` });
  const link = await linkByRA(t, customer, RA);
  const itemTOTVSId = await productOf(unit);
  const saved = await saveCart(t, customer, [bag(link.studentId, [itemTOTVSId, 1])]);
  if (saved.status !== 200) throw new Error(`cart: ${JSON.stringify(saved.body)}`);
  const saleId = await insertSale(t.db, {
    customer_id: customer.id,
    status: "pending",
    bags: [
      {
        student_name: studentName,
        student_ra: RA,
        items: [{ title: `Camisa ${name}`, quantity: 1, unit_price_cents: 5000, unit_code: unit }],
      },
    ],
  });
  const ticket = await t.call(
    "POST",
    "/tickets/create-ticket",
    {
      storeId: 1,
      name: `${name} Responsável`,
      email: customer.email,
      phone: "81999990000",
      ra: RA,
      subject: "pedido",
      message: `Dúvida sobre o pedido ${name}.`,
    },
    { token: customer.token },
  );
  if (ticket.status !== 201) throw new Error(`ticket: ${JSON.stringify(ticket.body)}`);
  return {
    customer,
    studentId: link.studentId,
    linkId: link.id,
    saleId,
    cartId: saved.body.cart.cartId,
    itemTOTVSId,
    ticketId: ticket.body.ticket.id,
    marker: name,
  };
}

async function secretaryOf(...units: string[]) {
  const person = await createTestStaff(t.db, "secretaria", { unitCodes: units.length > 0 ? units : ["1"] });
  // Units taken away after the invitation: what an old row or a hand-edited database may hold.
  if (units.length === 0) await t.db.deleteFrom("staff_units").where("staff_id", "=", person.staffId).execute();
  return person;
}

const {
  t,
  admin,
  atendimento: attendant,
  secretaria: secretary,
} = gestorTestApiForFile(["admin", "atendimento", "secretaria"], { seed: true });
beforeAll(async () => {
  unitless = await secretaryOf();
  one = await family("20250001", "1", "Lucas Albuquerque Souza");
  four = await family("20250003", "4", "Gabriel Cavalcanti Ferreira");
  mixedSaleId = await insertSale(t.db, {
    customer_id: one.customer.id,
    status: "pending",
    bags: [
      {
        student_name: "Lucas Albuquerque Souza",
        student_ra: "20250001",
        items: [
          { title: "Camisa", quantity: 1, unit_price_cents: 3000, unit_code: "1" },
          { title: "Bermuda", quantity: 1, unit_price_cents: 2000, unit_code: "4" },
        ],
      },
    ],
  });
  // A cart of unit 1's family with a product of unit 4 besides unit 1's.
  const mixed = await signUpAndLogIn(t, { name: `${marker()} Misto` });
  const link = await linkByRA(t, mixed, "20250001");
  const saved = await saveCart(t, mixed, [bag(link.studentId, [one.itemTOTVSId, 1], [four.itemTOTVSId, 1])]);
  mixedCartId = saved.body.cart.cartId;
});

const get = (person: TestStaff, path: string) => t.call("GET", path, undefined, { token: person.token });
const post = (person: TestStaff, path: string, body: unknown = {}) =>
  t.call("POST", path, body, { token: person.token });
const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe("a unit's secretary", () => {
  it("lists her unit's sales, exports only them, and finds another unit's sale by id nowhere", async () => {
    const list = await get(secretary, "/gestor/sales?status=pending");
    expect(list.status).toBe(200);
    expect(ids(list.body.rows)).toEqual(expect.arrayContaining([one.saleId, mixedSaleId]));
    expect(ids(list.body.rows)).not.toContain(four.saleId);
    const everyone = await get(attendant, "/gestor/sales?status=pending");
    expect(ids(everyone.body.rows)).toEqual(expect.arrayContaining([one.saleId, four.saleId]));
    const csv = await t.api.request("/gestor/sales/export?status=pending", {
      headers: { authorization: `Bearer ${secretary.token}` },
    });
    const text = await csv.text();
    const reference = async (saleId: string) =>
      (await t.db.selectFrom("sales").select("reference_code").where("id", "=", saleId).executeTakeFirstOrThrow())
        .reference_code;
    expect(text).toContain(await reference(one.saleId));
    expect(text).not.toContain(await reference(four.saleId));
    expect((await get(secretary, `/gestor/sales/${one.saleId}`)).status).toBe(200);
    const other = await get(secretary, `/gestor/sales/${four.saleId}`);
    expect(other.status).toBe(404);
    const cancel = await post(secretary, `/gestor/sales/${four.saleId}/cancel`);
    expect(cancel.status).toBe(404);
    const status = await t.db
      .selectFrom("sales")
      .select("status")
      .where("id", "=", four.saleId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe("pending");
  });

  it("sees a sale of her unit and another, but leaves its actions to the network's roles", async () => {
    const page = await get(secretary, `/gestor/sales/${mixedSaleId}`);
    expect([page.status, page.body.sale.otherUnits, page.body.sale.actions]).toEqual([
      200,
      ["4"],
      { confirmPayment: false, cancel: false, refund: false },
    ]);
    expect((await get(attendant, `/gestor/sales/${mixedSaleId}`)).body.sale.otherUnits).toEqual([]);
    const refused = await post(secretary, `/gestor/sales/${mixedSaleId}/cancel`);
    expect([refused.status, refused.body.error.message]).toEqual([403, MIXED_SALE]);
    const cancelled = await post(secretary, `/gestor/sales/${one.saleId}/cancel`);
    expect(cancelled.status).toBe(200);
  });

  it("counts on the Painel only her unit's sales and tickets", async () => {
    const mine = await get(secretary, "/gestor/dashboard");
    const all = await get(admin, "/gestor/dashboard");
    expect(mine.status).toBe(200);
    expect(mine.body.pending.boleto.count + mine.body.pending.pix.count).toBeLessThan(
      all.body.pending.boleto.count + all.body.pending.pix.count,
    );
    const openTicketsOf = async (unit: string) =>
      Number(
        (
          await t.db
            .selectFrom("support_tickets")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("status", "=", "aberto")
            .where("unit_code", "=", unit)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(mine.body.openTickets).toBe(await openTicketsOf("1"));
  });

  it("finds her unit's carts and removes her unit's products; another unit's cart is not found", async () => {
    const mine = await get(secretary, `/gestor/carts?by=email&q=${encodeURIComponent(one.customer.email)}`);
    expect(mine.body.carts.map((cart: { cartId: string }) => cart.cartId)).toEqual([one.cartId]);
    const other = await get(secretary, `/gestor/carts?by=email&q=${encodeURIComponent(four.customer.email)}`);
    expect(other.body.carts).toEqual([]);
    const removeOther = await post(secretary, `/gestor/carts/${four.cartId}/remove-item`, {
      itemTOTVSId: four.itemTOTVSId,
    });
    expect(removeOther.status).toBe(404);
    const deleteOther = await post(secretary, `/gestor/carts/${four.cartId}/delete`);
    expect(deleteOther.status).toBe(404);
    // A cart with a product of another unit: hers to see, not to empty of that product nor to delete.
    const otherItem = await post(secretary, `/gestor/carts/${mixedCartId}/remove-item`, {
      itemTOTVSId: four.itemTOTVSId,
    });
    expect([otherItem.status, otherItem.body.error.message]).toEqual([403, ITEM_OF_OTHER_UNIT]);
    const whole = await post(secretary, `/gestor/carts/${mixedCartId}/delete`);
    expect([whole.status, whole.body.error.message]).toEqual([403, CART_OF_OTHER_UNITS]);
    const own = await post(secretary, `/gestor/carts/${mixedCartId}/remove-item`, { itemTOTVSId: one.itemTOTVSId });
    expect(own.status).toBe(200);
  });

  it("finds her unit's families and students only, and unlinks only her unit's students", async () => {
    const customers = await get(secretary, `/gestor/customers?q=${one.marker.slice(0, 6)}`);
    expect(ids(customers.body.rows)).toContain(one.customer.id);
    expect(ids(customers.body.rows)).not.toContain(four.customer.id);
    const students = await get(secretary, "/gestor/students?q=Gabriel Cavalcanti");
    expect(students.body.rows).toEqual([]);
    expect((await get(attendant, "/gestor/students?q=Gabriel Cavalcanti")).body.rows).toHaveLength(1);
    const page = await get(secretary, `/gestor/customers/${one.customer.id}`);
    expect(page.status).toBe(200);
    expect(page.body.sales.map((sale: { saleId: string }) => sale.saleId)).not.toContain(four.saleId);
    expect((await get(secretary, `/gestor/customers/${four.customer.id}`)).status).toBe(404);
    const unlink = await post(secretary, `/gestor/customers/${four.customer.id}/links/${four.linkId}/unlink`, {
      reason: "Pedido da família",
    });
    expect(unlink.status).toBe(404);
    const link = await t.db
      .selectFrom("customer_students")
      .select("deleted_at")
      .where("id", "=", four.linkId)
      .executeTakeFirstOrThrow();
    expect(link.deleted_at).toBeNull();
  });

  it("reads and answers her unit's tickets only; a ticket's unit comes from the RA typed", async () => {
    const units = await t.db
      .selectFrom("support_tickets")
      .select(["id", "unit_code"])
      .where("id", "in", [one.ticketId, four.ticketId])
      .execute();
    expect(Object.fromEntries(units.map((row) => [row.id, row.unit_code]))).toEqual({
      [one.ticketId]: "1",
      [four.ticketId]: "4",
    });
    const list = await get(secretary, "/gestor/tickets");
    expect(ids(list.body.rows)).toContain(one.ticketId);
    expect(ids(list.body.rows)).not.toContain(four.ticketId);
    expect((await get(secretary, `/gestor/tickets/${four.ticketId}`)).status).toBe(404);
    const reply = await post(secretary, `/gestor/tickets/${four.ticketId}/reply`, { message: "Olá, tudo certo." });
    expect(reply.status).toBe(404);
    expect((await post(secretary, `/gestor/tickets/${one.ticketId}/close`)).status).toBe(200);
  });

  it("finds in the header's search only her unit's records", async () => {
    const found = await get(secretary, `/gestor/search?q=${four.marker}`);
    expect(found.status).toBe(200);
    expect([found.body.customers.total, found.body.sales.total]).toEqual([0, 0]);
    const network = await get(attendant, `/gestor/search?q=${four.marker}`);
    expect(network.body.customers.total).toBe(1);
  });

  it("opens nothing of the catalogue, coupons, team, audit or integrations", async () => {
    for (const path of [
      "/gestor/catalogue/products?storeId=1",
      "/gestor/coupons?storeId=1",
      "/gestor/team",
      "/gestor/audit",
      "/gestor/integration-keys?storeId=1",
    ])
      expect((await get(secretary, path)).status, path).toBe(403);
  });
});

describe("a secretary without units", () => {
  it("reads no unit's records, and is told why, but still opens her own session and account", async () => {
    for (const path of ["/gestor/sales", "/gestor/dashboard", "/gestor/tickets", "/gestor/customers?q=a"]) {
      const refused = await get(unitless, path);
      expect([refused.status, refused.body.error.message], path).toEqual([403, NO_UNITS]);
    }
    const me = await get(unitless, "/gestor/auth/me");
    expect([me.status, me.body.staff.role, me.body.staff.unitCodes]).toEqual([200, "secretaria", []]);
  });
});
