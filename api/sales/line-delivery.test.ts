import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { orders } from "../contract/orders.ts";

// The storefront's view of a paid sale's way to the family (issue 30; docs/decisions/0075, 0076).
let t: TestApi;
let ana: SignedUpCustomer;

const bagsPath = (saleId: string) => `/sale-bags/list-sale-bag-by-sale-id/${saleId}/store/1`;
const receiptPath = (saleId: string, bagId: string) =>
  `/sale-bags/check-status-sale-bag/store/1/sale/${saleId}/saleBag/${bagId}`;

const uniform = {
  title: "Camiseta do uniforme",
  quantity: 1,
  unit_price_cents: 5990,
  option_name: "Tamanho",
  option_value: "G",
};
const notebook = { title: "Caderno universitário", quantity: 2, unit_price_cents: 2990 };
const course = { title: "Curso de robótica", quantity: 1, unit_price_cents: 30000, type: "S" };

const lineId = async (saleId: string, title: string) =>
  (
    await t.db
      .selectFrom("sale_bag_items")
      .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
      .select("sale_bag_items.id")
      .where("sale_bags.sale_id", "=", saleId)
      .where("sale_bag_items.title", "=", title)
      .executeTakeFirstOrThrow()
  ).id;

const itemsOf = async (customer: SignedUpCustomer, saleId: string) => {
  const reply = await t.call("GET", bagsPath(saleId), undefined, { token: customer.token });
  expect(reply.status).toBe(200);
  expect(orders.listSaleBagsBySale.reply.safeParse(reply.body).success).toBe(true);
  const items: { title: string; delivery?: unknown }[] = reply.body.saleBag[0].items;
  return (title: string) => items.find((item) => item.title === title)!;
};

beforeAll(async () => {
  t = await createTestApi({ now: new Date("2026-03-02T12:00:00Z") });
  ana = await signUpAndLogIn(t, { name: "Ana Beatriz Cavalcanti" });
});
afterAll(() => t.close());

describe("a paid sale's lines in the storefront's replies", () => {
  it("each line says its state: goods awaiting separation, a course its seat confirmed", async () => {
    const saleId = await insertSale(t.db, {
      customer_id: ana.id,
      bags: [{ student_name: "Lucas Cavalcanti", items: [notebook, course] }],
    });
    const item = await itemsOf(ana, saleId);
    expect(item(notebook.title).delivery).toEqual({ state: "awaiting", at: null, receivedBy: null, exchange: null });
    expect(item(course.title).delivery).toEqual({
      state: "seat_confirmed",
      at: null,
      receivedBy: null,
      exchange: null,
    });
  });

  it("an unpaid sale's lines are not in the flow, but the sale has its code already", async () => {
    const saleId = await insertSale(t.db, {
      customer_id: ana.id,
      status: "pending",
      bags: [{ student_name: "Lucas Cavalcanti", items: [notebook] }],
    });
    expect((await itemsOf(ana, saleId))(notebook.title)).not.toHaveProperty("delivery");
    const { body } = await t.call("GET", `/sales/list-sale-by-customer-id/${ana.id}/store/1`, undefined, {
      token: ana.token,
    });
    const sale = body.sales.find((each: { id: string }) => each.id === saleId);
    expect(sale.pickupCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
  });

  it("picked up: who received and when, the latest exchange; never the receiver's CPF nor the staff member", async () => {
    const saleId = await insertSale(t.db, {
      customer_id: ana.id,
      bags: [{ student_name: "Lucas Cavalcanti", items: [uniform, notebook] }],
    });
    const [uniformLine, notebookLine] = [await lineId(saleId, uniform.title), await lineId(saleId, notebook.title)];
    const at = "2026-03-05T14:10:00.000Z";
    await t.db
      .insertInto("pickup_handovers")
      .values({
        id: "handover-1",
        sale_id: saleId,
        unit_code: "1",
        received_by_name: "Maria Aparecida Souza",
        received_by_cpf: "52998224725",
        staff_id: "staff-secretaria-77",
        at,
      })
      .execute();
    await t.db
      .updateTable("sale_bag_items")
      .set({ delivery_state: "picked_up", delivery_state_at: at, handover_id: "handover-1" })
      .where("id", "=", uniformLine)
      .execute();
    await t.db
      .updateTable("sale_bag_items")
      .set({ delivery_state: "ready", delivery_state_at: "2026-03-04T09:00:00.000Z" })
      .where("id", "=", notebookLine)
      .execute();
    const event = (id: string, note: string, when: string) => ({
      id,
      store_id: 1,
      sale_id: saleId,
      sale_bag_item_id: uniformLine,
      kind: "exchanged" as const,
      from_state: "picked_up" as const,
      to_state: "picked_up" as const,
      staff_id: "staff-secretaria-77",
      handover_id: null,
      note,
      at: when,
    });
    await t.db
      .insertInto("delivery_events")
      .values([
        event("e2", "Tamanho G → GG", "2026-03-07T10:00:00.000Z"),
        event("e1", "Tamanho M → G", "2026-03-06T10:00:00.000Z"),
      ])
      .execute();

    const item = await itemsOf(ana, saleId);
    expect(item(uniform.title).delivery).toEqual({
      state: "picked_up",
      at,
      receivedBy: "Maria Aparecida Souza",
      exchange: "Tamanho G → GG",
    });
    expect(item(notebook.title).delivery).toEqual({
      state: "ready",
      at: "2026-03-04T09:00:00.000Z",
      receivedBy: null,
      exchange: null,
    });

    const bagId = (
      await t.db.selectFrom("sale_bags").select("id").where("sale_id", "=", saleId).executeTakeFirstOrThrow()
    ).id;
    const receipt = await t.call("GET", receiptPath(saleId, bagId));
    expect(receipt.status).toBe(200);
    expect(orders.getPublicSaleBag.reply.safeParse(receipt.body).success).toBe(true);
    expect(receipt.body.saleBag.sale.pickupCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(receipt.body.saleBag.items).toContainEqual(
      expect.objectContaining({ title: uniform.title, delivery: expect.objectContaining({ state: "picked_up" }) }),
    );
    for (const reply of [receipt.body, (await t.call("GET", bagsPath(saleId), undefined, { token: ana.token })).body]) {
      const text = JSON.stringify(reply);
      expect(text).not.toContain("52998224725");
      expect(text).not.toContain("staff-secretaria-77");
    }

    // A refund after pickup: the line picked up still says so; the one never picked up leaves the flow.
    await t.db.updateTable("sale_bags").set({ status: "refunded" }).where("id", "=", bagId).execute();
    const refunded = await itemsOf(ana, saleId);
    expect(refunded(uniform.title).delivery).toMatchObject({ state: "picked_up", receivedBy: "Maria Aparecida Souza" });
    expect(refunded(notebook.title)).not.toHaveProperty("delivery");
  });

  it("a student's receipt keeps the sale's code while another student's bag waits; none once all is picked up", async () => {
    const saleId = await insertSale(t.db, {
      customer_id: ana.id,
      bags: [
        { student_name: "Lucas Cavalcanti", items: [notebook] },
        { student_name: "Beatriz Cavalcanti", items: [uniform, course] },
      ],
    });
    const bags = await t.db
      .selectFrom("sale_bags")
      .select(["id", "student_name"])
      .where("sale_id", "=", saleId)
      .execute();
    const bagOf = (name: string) => bags.find((bag) => bag.student_name.startsWith(name))!.id;
    const pickUp = (title: string) =>
      t.db
        .updateTable("sale_bag_items")
        .set({ delivery_state: "picked_up" })
        .where("title", "=", title)
        .where(
          "sale_bag_id",
          "in",
          bags.map((bag) => bag.id),
        )
        .execute();
    const codeOn = async (bagId: string) =>
      (await t.call("GET", receiptPath(saleId, bagId))).body.saleBag.sale.pickupCode;
    const codeInList = async () => {
      const { body } = await t.call("GET", `/sales/list-sale-by-customer-id/${ana.id}/store/1`, undefined, {
        token: ana.token,
      });
      return body.sales.find((each: { id: string }) => each.id === saleId).pickupCode;
    };

    await pickUp(notebook.title);
    // Lucas's bag is all picked up, Beatriz's uniform waits: the code still fetches it.
    expect(await codeOn(bagOf("Lucas"))).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(await codeInList()).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);

    // Every good picked up (a course has nothing to pick up): no receipt nor list shows it.
    await pickUp(uniform.title);
    expect(await codeOn(bagOf("Lucas"))).toBeNull();
    expect(await codeOn(bagOf("Beatriz"))).toBeNull();
    expect(await codeInList()).toBeNull();
  });
});
