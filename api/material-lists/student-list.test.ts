import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_IN_PROGRESS } from "#api/contract/carts.ts";
import { MATERIAL_LIST_MESSAGES, type StudentMaterialList } from "#api/contract/material-lists.ts";
import { CART_MESSAGES } from "#core/cart-rules.ts";
import { currentPeriodCode } from "#core/dates.ts";
import { personalTables } from "#tests/fixtures/api-calls.ts";
import { bag, cartTables, getCart, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { addSizes } from "#tests/fixtures/variants.ts";

let t: TestApi;
/** The 6º Ano's list of the seed (db/seed/material-lists-data.ts), its uniform sold in two sizes here. */
const SIZE_10 = 9_900_101;
const SIZE_12 = 9_900_102;
let products: Map<string, { id: string; itemTOTVSId: number }>;

beforeAll(async () => {
  t = await createTestApi();
  const rows = await t.db.selectFrom("products").select(["id", "slug", "item_totvs_id"]).execute();
  products = new Map(rows.map((row) => [row.slug, { id: row.id, itemTOTVSId: row.item_totvs_id }]));
  await addSizes(
    t.db,
    { id: product("camiseta-regata-de-educacao-fisica").id, storeId: 1 },
    {
      "10": SIZE_10,
      "12": SIZE_12,
    },
  );
  const unit = await t.db
    .selectFrom("products")
    .select("unit_code")
    .where("slug", "in", ["camiseta-regata-de-educacao-fisica", "squeeze-de-aluminio-500-ml"])
    .execute();
  const at = new Date().toISOString();
  // Size 12 and the squeeze are tracked and sold out; size 10 is not tracked.
  await t.db
    .insertInto("stock_levels")
    .values([
      { store_id: 1, unit_code: unit[0]!.unit_code, item_totvs_id: SIZE_12, available: 0, updated_at: at },
      {
        store_id: 1,
        unit_code: unit[1]!.unit_code,
        item_totvs_id: product("squeeze-de-aluminio-500-ml").itemTOTVSId,
        available: 0,
        updated_at: at,
      },
    ])
    .execute();
  // No longer for sale since the list was published.
  await t.db
    .updateTable("products")
    .set({ status: "disabled" })
    .where("id", "=", product("marca-texto-tons-pastel-6-cores").id)
    .execute();
});
afterAll(() => t.close());

function product(slug: string) {
  const found = products.get(slug);
  if (!found) throw new Error(`no product ${slug}`);
  return found;
}

async function parentOf(ra: string) {
  const customer = await signUpAndLogIn(t);
  const { studentId } = await linkByRA(t, customer, ra);
  return { customer, studentId };
}

function readList(customer: SignedUpCustomer, studentId: string) {
  return t.call("GET", `/material-lists/store/1/student/${studentId}`, undefined, { token: customer.token });
}

async function listOf(customer: SignedUpCustomer, studentId: string): Promise<StudentMaterialList> {
  const reply = await readList(customer, studentId);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.materialList;
}

function addToBag(
  customer: SignedUpCustomer,
  body: { studentId: string; listId: string; lines: { lineId: string; itemTOTVSId?: number }[] },
) {
  return t.call(
    "POST",
    "/material-lists/add-to-bag",
    { customerId: customer.id, storeId: 1, ...body },
    { token: customer.token },
  );
}

const lineOf = (list: StudentMaterialList, slug: string) => {
  const line = list.lines.find((candidate) => candidate.productSlug === slug);
  if (!line) throw new Error(`no line ${slug}`);
  return line;
};

describe("a linked student's material list", () => {
  it("is the published list of the student's grade, each line with its bag and sizes", async () => {
    const { customer, studentId } = await parentOf("20250001");
    const list = await listOf(customer, studentId);
    expect(list).toMatchObject({ codgrade: "EF06", gradeName: "6º Ano", discountPercentage: 5 });
    expect(list.student).toEqual({ id: studentId, name: expect.stringContaining("Lucas") });
    expect(list.lines).toHaveLength(10);
    expect(list.lines.filter((line) => line.required)).toHaveLength(7);
    expect(lineOf(list, "kit-material-didatico-6-ano-ensino-fundamental-ii")).toMatchObject({
      schoolOnly: true,
      inBag: false,
    });
    expect(lineOf(list, "squeeze-de-aluminio-500-ml").soldOut).toBe(true);
    expect(lineOf(list, "marca-texto-tons-pastel-6-cores").unavailable).toBe(true);
    const uniform = lineOf(list, "camiseta-regata-de-educacao-fisica");
    expect(uniform).toMatchObject({ optionName: "Tamanho", itemTOTVSId: null, lastItemTOTVSId: null });
    expect(uniform.options.map((option) => [option.value, option.soldOut])).toEqual([
      ["10", false],
      ["12", true],
    ]);
  });

  it("preselects the size of the student's last order: of this product, else the same size of another", async () => {
    const { customer, studentId } = await parentOf("20250001");
    const ordered = async (
      status: "paid" | "pending" | "declined",
      item: Record<string, unknown>,
      createdAt: string,
    ) => {
      const saleId = await insertSale(t.db, {
        customer_id: customer.id,
        status,
        created_at: createdAt,
        bags: [{ student_name: "Lucas", items: [{ title: "Peça", quantity: 1, unit_price_cents: 1000, ...item }] }],
      });
      await t.db.updateTable("sale_bags").set({ student_id: studentId }).where("sale_id", "=", saleId).execute();
    };
    const bermuda = product("bermuda-tactel-de-educacao-fisica");
    await ordered(
      "paid",
      { product_id: bermuda.id, item_totvs_id: 8_800_001, option_name: "Tamanho", option_value: "10" },
      "2026-02-01T12:00:00.000Z",
    );
    // A declined order's size is not the student's.
    await ordered(
      "declined",
      { product_id: bermuda.id, item_totvs_id: 8_800_002, option_name: "Tamanho", option_value: "12" },
      "2026-02-02T12:00:00.000Z",
    );
    expect(lineOf(await listOf(customer, studentId), "camiseta-regata-de-educacao-fisica").lastItemTOTVSId).toBe(
      SIZE_10,
    );
    const uniform = product("camiseta-regata-de-educacao-fisica");
    await ordered(
      "pending",
      { product_id: uniform.id, item_totvs_id: SIZE_12, option_name: "Tamanho", option_value: "12" },
      "2026-01-15T12:00:00.000Z",
    );
    expect(lineOf(await listOf(customer, studentId), "camiseta-regata-de-educacao-fisica").lastItemTOTVSId).toBe(
      SIZE_12,
    );
    // Another parent of the same student: their own orders only, none here.
    const other = await parentOf("20250001");
    expect(other.studentId).toBe(studentId);
    expect(lineOf(await listOf(other.customer, studentId), "camiseta-regata-de-educacao-fisica").lastItemTOTVSId).toBe(
      null,
    );
  });

  it("answers 404 for another customer's student, and writes nothing for them", async () => {
    const owner = await parentOf("20250001");
    const list = await listOf(owner.customer, owner.studentId);
    const intruder = await signUpAndLogIn(t);
    const before = await personalTables(t.db);

    const read = await readList(intruder, owner.studentId);
    expect(read.status).toBe(404);
    expect(read.body.error.message).toBe(MATERIAL_LIST_MESSAGES.studentNotFound);
    const added = await addToBag(intruder, {
      studentId: owner.studentId,
      listId: list.id,
      lines: [{ lineId: lineOf(list, "caderno-universitario-10-materias").lineId }],
    });
    expect(added.status).toBe(404);
    expect(JSON.stringify(added.body)).not.toContain("Lucas");
    // With the owner's ids in the body: refused before anything is read.
    const asOwner = await t.call(
      "POST",
      "/material-lists/add-to-bag",
      {
        customerId: owner.customer.id,
        storeId: 1,
        studentId: owner.studentId,
        listId: list.id,
        lines: [{ lineId: list.lines[0]!.lineId }],
      },
      { token: intruder.token },
    );
    expect(asOwner.status).toBe(403);
    expect(await personalTables(t.db)).toEqual(before);
  });

  it("says per ticked line what happened, in the list's order, and the bag remembers the list", async () => {
    const { customer, studentId } = await parentOf("20250001");
    const apostila = product("apostila-de-ingles-ensino-fundamental-ii");
    const estojo = product("estojo-escolar-duplo-com-ziper");
    const saved = await saveCart(t, customer, [bag(studentId, [apostila.itemTOTVSId, 1], [estojo.itemTOTVSId, 1])]);
    expect(saved.status).toBe(200);
    const list = await listOf(customer, studentId);
    expect(lineOf(list, "estojo-escolar-duplo-com-ziper").inBag).toBe(true);
    const tick = (slug: string, itemTOTVSId?: number) => ({ lineId: lineOf(list, slug).lineId, itemTOTVSId });

    const reply = await addToBag(customer, {
      studentId,
      listId: list.id,
      // Not in the list's order: the outcomes come in it.
      lines: [
        tick("camiseta-regata-de-educacao-fisica", SIZE_10),
        tick("kit-material-didatico-6-ano-ensino-fundamental-ii"),
        tick("caderno-universitario-10-materias"),
        tick("estojo-escolar-duplo-com-ziper"),
        tick("marca-texto-tons-pastel-6-cores"),
        tick("squeeze-de-aluminio-500-ml"),
      ],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const outcome = (slug: string) => ({
      lineId: lineOf(list, slug).lineId,
      index: list.lines.indexOf(lineOf(list, slug)),
    });
    expect(reply.body.outcomes).toEqual([
      {
        ...outcome("kit-material-didatico-6-ano-ensino-fundamental-ii"),
        result: "refused",
        message: CART_MESSAGES.secondManual,
      },
      { ...outcome("caderno-universitario-10-materias"), result: "added" },
      { ...outcome("camiseta-regata-de-educacao-fisica"), result: "added" },
      { ...outcome("estojo-escolar-duplo-com-ziper"), result: "already" },
      { ...outcome("marca-texto-tons-pastel-6-cores"), result: "unavailable" },
      { ...outcome("squeeze-de-aluminio-500-ml"), result: "soldOut" },
    ]);
    const items = reply.body.cart.bags.find((b: { studentId: string }) => b.studentId === studentId).cartItems;
    expect(items.map((item: { itemTOTVSId: number; quantity: number }) => [item.itemTOTVSId, item.quantity])).toEqual([
      [apostila.itemTOTVSId, 1],
      [estojo.itemTOTVSId, 1],
      [product("caderno-universitario-10-materias").itemTOTVSId, 2],
      [SIZE_10, 2],
    ]);
    expect(reply.body.cart.version).toBe(saved.body.cart.version + 1);
    const stored = await t.db
      .selectFrom("cart_bags")
      .select("material_list_id")
      .where("cart_id", "=", reply.body.cart.cartId)
      .where("student_id", "=", studentId)
      .executeTakeFirstOrThrow();
    expect(stored.material_list_id).toBe(list.id);
  });

  it("tells a size the product does not sell (unavailable) from a sold-out size", async () => {
    const { customer, studentId } = await parentOf("20250001");
    const list = await listOf(customer, studentId);
    const uniformLine = lineOf(list, "camiseta-regata-de-educacao-fisica");
    const uniform = uniformLine.lineId;
    const index = list.lines.indexOf(uniformLine);
    const size = async (itemTOTVSId: number) =>
      (await addToBag(customer, { studentId, listId: list.id, lines: [{ lineId: uniform, itemTOTVSId }] })).body;
    expect((await size(product("caderno-universitario-10-materias").itemTOTVSId)).outcomes).toEqual([
      { lineId: uniform, index, result: "unavailable" },
    ]);
    expect((await size(SIZE_12)).outcomes).toEqual([{ lineId: uniform, index, result: "soldOut" }]);
    expect((await getCart(t, customer)).body.cart.bags).toEqual([]);
  });

  it("starts a cart for a parent without one; a second submit finds every line already there", async () => {
    const { customer, studentId } = await parentOf("20250001");
    const list = await listOf(customer, studentId);
    const body = {
      studentId,
      listId: list.id,
      lines: [
        { lineId: lineOf(list, "kit-material-didatico-6-ano-ensino-fundamental-ii").lineId },
        { lineId: lineOf(list, "camiseta-regata-de-educacao-fisica").lineId, itemTOTVSId: SIZE_10 },
      ],
    };
    const first = await addToBag(customer, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.outcomes.map((o: { result: string }) => o.result)).toEqual(["added", "added"]);
    expect(first.body.cart.version).toBe(1);

    const second = await addToBag(customer, body);
    expect(second.status).toBe(200);
    expect(second.body.outcomes.map((o: { result: string }) => o.result)).toEqual(["already", "already"]);
    expect(second.body.cart).toEqual(first.body.cart);
    expect((await listOf(customer, studentId)).lines.filter((line) => line.inBag)).toHaveLength(2);
  });

  it("raises a product the bag holds with fewer pieces to the list's quantity", async () => {
    const { customer, studentId } = await parentOf("20250001");
    const notebook = product("caderno-universitario-10-materias");
    await saveCart(t, customer, [bag(studentId, [notebook.itemTOTVSId, 1], [SIZE_10, 1])]);
    const list = await listOf(customer, studentId);
    const notebookLine = lineOf(list, "caderno-universitario-10-materias");
    const uniformLine = lineOf(list, "camiseta-regata-de-educacao-fisica");
    expect([notebookLine.quantity, uniformLine.quantity]).toEqual([2, 2]);
    // One piece of two is not "Já está no carrinho": the list's discount needs the list's quantity.
    expect([notebookLine.inBag, uniformLine.inBag]).toEqual([false, false]);

    const reply = await addToBag(customer, {
      studentId,
      listId: list.id,
      // Size 12 is sold out, but the bag holds size 10: that one is raised.
      lines: [{ lineId: notebookLine.lineId }, { lineId: uniformLine.lineId, itemTOTVSId: SIZE_12 }],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.outcomes.map((o: { result: string }) => o.result)).toEqual(["added", "added"]);
    const items = reply.body.cart.bags.find((b: { studentId: string }) => b.studentId === studentId).cartItems;
    expect(items.map((item: { itemTOTVSId: number; quantity: number }) => [item.itemTOTVSId, item.quantity])).toEqual([
      [notebook.itemTOTVSId, 2],
      [SIZE_10, 2],
    ]);
    const after = await listOf(customer, studentId);
    expect([
      lineOf(after, "caderno-universitario-10-materias").inBag,
      lineOf(after, "camiseta-regata-de-educacao-fisica").inBag,
    ]).toEqual([true, true]);
  });

  it("refuses a sized line without its size, and writes nothing", async () => {
    const { customer, studentId } = await parentOf("20250001");
    const list = await listOf(customer, studentId);
    const before = await cartTables(t.db);
    const reply = await addToBag(customer, {
      studentId,
      listId: list.id,
      lines: [
        { lineId: lineOf(list, "caderno-universitario-10-materias").lineId },
        { lineId: lineOf(list, "camiseta-regata-de-educacao-fisica").lineId },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe(MATERIAL_LIST_MESSAGES.sizeRequired);
    const unknownLine = await addToBag(customer, {
      studentId,
      listId: list.id,
      lines: [{ lineId: crypto.randomUUID() }],
    });
    expect(unknownLine.status).toBe(400);
    expect(unknownLine.body.error.message).toBe(MATERIAL_LIST_MESSAGES.lineInvalid);
    expect(await cartTables(t.db)).toEqual(before);
  });

  it("refuses while a payment of the cart is processing", async () => {
    const { customer, studentId } = await parentOf("20250001");
    const saved = await saveCart(t, customer, [
      bag(studentId, [product("estojo-escolar-duplo-com-ziper").itemTOTVSId, 1]),
    ]);
    await insertSale(t.db, { customer_id: customer.id, cart_id: saved.body.cart.cartId, status: "processing" });
    const list = await listOf(customer, studentId);
    const before = await cartTables(t.db);
    const reply = await addToBag(customer, {
      studentId,
      listId: list.id,
      lines: [{ lineId: lineOf(list, "caderno-universitario-10-materias").lineId }],
    });
    expect(reply.status).toBe(409);
    expect(reply.body.error.message).toBe(PAYMENT_IN_PROGRESS);
    expect(await cartTables(t.db)).toEqual(before);
    expect((await getCart(t, customer)).body.cart.version).toBe(saved.body.cart.version);
  });

  it("answers 404 when the student is not enrolled in the current period: last year's grade is not this year's", async () => {
    const { customer, studentId } = await parentOf("20250001");
    const enrolments = () => t.db.selectFrom("student_school_years").selectAll().where("student_id", "=", studentId);
    const kept = await enrolments().execute();
    const current = kept.find((row) => row.codperlet.trim() === currentPeriodCode())!;
    try {
      // The school ended this period's enrolment: no fallback to an earlier one.
      await t.db
        .updateTable("student_school_years")
        .set({ deleted_at: new Date().toISOString() })
        .where("id", "=", current.id)
        .execute();
      const ended = await readList(customer, studentId);
      expect(ended.status).toBe(404);
      expect(ended.body.error.message).toBe(MATERIAL_LIST_MESSAGES.noListForStudent);
      // Only last year's enrolment, live: still none.
      await t.db
        .updateTable("student_school_years")
        .set({ deleted_at: null, codperlet: String(Number(currentPeriodCode()) - 100) })
        .where("id", "=", current.id)
        .execute();
      expect((await readList(customer, studentId)).status).toBe(404);
    } finally {
      await t.db
        .updateTable("student_school_years")
        .set({ deleted_at: current.deleted_at, codperlet: current.codperlet })
        .where("id", "=", current.id)
        .execute();
    }
    expect((await readList(customer, studentId)).status).toBe(200);
  });

  it("answers 404 for a draft or a list not published yet, and for another grade's list", async () => {
    const { customer, studentId } = await parentOf("20250002");
    const lucas = await parentOf("20250001");
    const ef06 = await listOf(lucas.customer, lucas.studentId);
    const ef01 = await listOf(customer, studentId);
    expect(ef01.codgrade).toBe("EF01");

    const otherGrade = await addToBag(customer, {
      studentId,
      listId: ef06.id,
      lines: [{ lineId: ef06.lines[0]!.lineId }],
    });
    expect(otherGrade.status).toBe(404);
    expect(otherGrade.body.error.message).toBe(MATERIAL_LIST_MESSAGES.notFound);

    const publishedFrom = ef01.publishFrom;
    try {
      for (const publishFrom of [null, "2999-01-01"]) {
        await t.db.updateTable("material_lists").set({ publish_from: publishFrom }).where("id", "=", ef01.id).execute();
        const read = await readList(customer, studentId);
        expect(read.status).toBe(404);
        expect(read.body.error.message).toBe(MATERIAL_LIST_MESSAGES.noListForStudent);
        const before = await cartTables(t.db);
        const added = await addToBag(customer, {
          studentId,
          listId: ef01.id,
          lines: [{ lineId: ef01.lines[1]!.lineId }],
        });
        expect(added.status).toBe(404);
        expect(await cartTables(t.db)).toEqual(before);
      }
    } finally {
      await t.db.updateTable("material_lists").set({ publish_from: publishedFrom }).where("id", "=", ef01.id).execute();
    }
  });
});
