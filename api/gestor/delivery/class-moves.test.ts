/**
 * Separação's class-wide buttons and the print's cap (issue 30): "Marcar todas da turma"
 * moves every bag of the class, not only the page shown, and nothing of another class; a print
 * names at most PICKING_LIST_MAX bags.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { PICKING_LIST_MAX } from "#api/contract/gestor/delivery.ts";
import { GESTOR_PAGE_SIZE } from "#api/contract/gestor/paging.ts";
import { signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { gestorTestApiForFile } from "#tests/fixtures/staff.ts";

const { t, secretaria: secretary } = gestorTestApiForFile(["secretaria"], { seed: true, catalogueSize: 12 });
const CLASS_SIZE = GESTOR_PAGE_SIZE + 2;
let outsider: string;

const awaitingOf = async () =>
  (
    await t.db
      .selectFrom("sale_bag_items")
      .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
      .select(["sale_bags.student_name", "sale_bag_items.delivery_state"])
      .execute()
  ).filter((line) => line.delivery_state === "awaiting");

beforeAll(async () => {
  const customer = await signUpAndLogIn(t, { name: "Mariana Turma Inteira" });
  const lucas = await t.db.selectFrom("students").select("id").where("ra", "=", "20250001").executeTakeFirstOrThrow();
  const sale = (studentName: string) =>
    insertSale(t.db, {
      customer_id: customer.id,
      status: "paid",
      paid_at: "2026-11-20T13:00:00.000Z",
      bags: [{ student_name: studentName, items: [{ title: "Caderno", quantity: 1, unit_price_cents: 2000 }] }],
    });
  for (let index = 0; index < CLASS_SIZE; index++) {
    const saleId = await sale("Lucas Albuquerque Souza");
    await t.db.updateTable("sale_bags").set({ student_id: lucas.id }).where("sale_id", "=", saleId).execute();
  }
  outsider = await sale("Ana Sem Matrícula");
});

describe("a whole class", () => {
  it("separates every bag of the class, beyond the page shown, and no other", async () => {
    const listed = await t.call("GET", "/gestor/delivery/bags?codgrade=EF06&turma=B", undefined, secretary);
    expect(listed.body.rows).toHaveLength(GESTOR_PAGE_SIZE);
    expect(listed.body.total).toBe(CLASS_SIZE);
    const ofClass = { state: "awaiting", codgrade: "EF06", turma: "B" };
    const reply = await t.call("POST", "/gestor/delivery/separate", { ofClass }, secretary);
    expect(reply.body).toEqual({ moved: CLASS_SIZE, skipped: 0 });
    expect((await awaitingOf()).map((line) => line.student_name)).toEqual(["Ana Sem Matrícula"]);
    // A second tab's click finds the class already moved: nothing moves twice.
    expect((await t.call("POST", "/gestor/delivery/separate", { ofClass }, secretary)).body).toEqual({
      moved: 0,
      skipped: 0,
    });
  });

  it("prints a whole class and the bags without a class as a class of their own", async () => {
    const printed = await t.call(
      "GET",
      "/gestor/delivery/picking-list?state=separated&codgrade=EF06&turma=B",
      undefined,
      secretary,
    );
    expect(printed.body.total).toBe(CLASS_SIZE);
    expect(printed.body.bags).toHaveLength(CLASS_SIZE);
    const none = await t.call(
      "GET",
      "/gestor/delivery/picking-list?state=awaiting&codgrade=&turma=",
      undefined,
      secretary,
    );
    expect(none.body.bags.map((bag: { saleId: string }) => bag.saleId)).toEqual([outsider]);
  });

  it("refuses a print of more bags than one print holds", async () => {
    const print = (count: number) =>
      t.call(
        "GET",
        `/gestor/delivery/picking-list?bagIds=${Array.from({ length: count }, () => randomUUID()).join(",")}`,
        undefined,
        secretary,
      );
    expect((await print(PICKING_LIST_MAX)).status).toBe(200);
    expect((await print(PICKING_LIST_MAX + 1)).status).toBe(400);
  });
});
