import { describe, expect, it } from "vitest";
import { UNLINK_REASON_MESSAGES } from "#api/contract/gestor/unlink-reason.ts";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  loginFor,
  parentWithCart,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { cartSearchHref } from "../carts/carts.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { UNLINK_INTENT } from "./customer-forms.ts";
import { customerAction, LINK_REMOVED, loadCustomer, loadDirectory } from "./customers.server.ts";

const { store, atendimento: atendente } = gestorTestStoreForFile(["atendimento"]);

const directory = (query: string, cookie = atendente.cookie) =>
  loadDirectory(gestorGet(cookie, `${GESTOR_PATHS.customers}?${query}`));
const customerPage = (customerId: string, cookie = atendente.cookie) =>
  loadCustomer(gestorGet(cookie, GESTOR_PATHS.customer(customerId)), customerId);
const unlink = (customerId: string, fields: Record<string, string>, cookie = atendente.cookie) =>
  customerAction(gestorPost(cookie, fields, GESTOR_PATHS.customer(customerId)).request, customerId).then(actionReply);
const linkEnded = async (linkId: string) =>
  (
    await store.db
      .selectFrom("customer_students")
      .select("deleted_at")
      .where("id", "=", linkId)
      .executeTakeFirstOrThrow()
  ).deleted_at !== null;

describe("Clientes e estudantes", () => {
  it("sends a visitor without a staff session to the login", async () => {
    const thrown = await thrownBy(directory("q=Ana", ""));
    expect(locationOf(thrown)).toBe(loginFor(`${GESTOR_PATHS.customers}?q=Ana`));
    const parent = await parentWithCart(store.db, "Olga Sem Sessão");
    expect(locationOf(await thrownBy(customerPage(parent.customer.id, "")))).toBe(
      loginFor(GESTOR_PATHS.customer(parent.customer.id)),
    );
  });

  it("finds a customer by name among clients, and their student among students", async () => {
    const parent = await parentWithCart(store.db, "Gilberta Rezende Lopes", "20250004");
    const clients = await directory(`tipo=clientes&q=${encodeURIComponent("Gilberta Rezende")}`);
    expect(clients).toMatchObject({ kind: "clientes", error: null, students: null });
    expect(clients.customers!.rows.map((row) => row.id)).toEqual([parent.customer.id]);
    const students = await directory("tipo=estudantes&q=20250004");
    expect(students.customers).toBeNull();
    expect(students.students!.rows.map((row) => row.RA)).toContain("20250004");
  });

  it("shows a customer's page with their student, cart and the link to find the cart", async () => {
    const parent = await parentWithCart(store.db, "Vera Lúcia Sampaio", "20250005");
    const page = await customerPage(parent.customer.id);
    expect(page.customer).toMatchObject({ id: parent.customer.id, name: "Vera Lúcia Sampaio" });
    expect(page.students.map((student) => student.RA)).toEqual(["20250005"]);
    expect(page.cart?.cartId).toBe(parent.cartId);
    expect(page.cartHref).toBe(cartSearchHref("email", parent.email));
    const unknown = crypto.randomUUID();
    expect((await thrownBy(customerPage(unknown)))?.init?.status).toBe(404);
  });
});

describe("ending a student's link", () => {
  it("needs a reason: without one, the message, the link kept and what was typed", async () => {
    const parent = await parentWithCart(store.db, "Dalva Correia", "20250006");
    const [student] = (await customerPage(parent.customer.id)).students;
    const refused = await unlink(parent.customer.id, {
      intent: UNLINK_INTENT,
      linkId: student!.linkId,
      reason: "erro",
    });
    expect(refused.status).toBe(400);
    expect(refused.data.linkId).toBe(student!.linkId);
    expect(refused.data.result.error).toMatchObject({ reason: [UNLINK_REASON_MESSAGES.required] });
    expect(refused.data.result.initialValue).toMatchObject({ reason: "erro" });
    expect(await linkEnded(student!.linkId)).toBe(false);
  });

  it("ends the link with its reason and goes back to the customer with the storefront's toast", async () => {
    const parent = await parentWithCart(store.db, "Celina Guimarães", "20250002");
    const [student] = (await customerPage(parent.customer.id)).students;
    const fields = { intent: UNLINK_INTENT, linkId: student!.linkId, reason: "Pedido da mãe por telefone" };
    const done = await unlink(parent.customer.id, fields);
    expect(done.status).toBe(302);
    expect(locationOf(done.response)).toBe(GESTOR_PATHS.customer(parent.customer.id));
    expect((await toastOf(done.response!))?.message).toBe(LINK_REMOVED);
    expect(await linkEnded(student!.linkId)).toBe(true);
    expect((await customerPage(parent.customer.id)).students).toEqual([]);
    // The second tab: the link is already gone, the page as it is now, and why.
    const again = await unlink(parent.customer.id, fields);
    expect(locationOf(again.response)).toBe(GESTOR_PATHS.customer(parent.customer.id));
    expect((await toastOf(again.response!))?.type).toBe("error");
  });
});
