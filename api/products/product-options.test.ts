/**
 * Sizes, stock and seats in the catalogue replies (issue 28, docs/decisions/0066): the product
 * page's reply reads the stock of now; the listings carry the options without stock; a
 * spec-§7-only product (none of the fields) still parses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue } from "#api/contract/catalogue.ts";
import { bag, demoItems, getCart, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { setStockLevel } from "../stock/repository.ts";

const STORE = 1;
let t: TestApi;
let shirt: { id: string; slug: string; category: string; unitCode: string; itemTOTVSId: number };
let course: { slug: string; category: string; unitCode: string; itemTOTVSId: number };
let plain: { slug: string; category: string; unitCode: string; itemTOTVSId: number };
/** Item codes of the shirt's sizes; GG is switched off. */
const SIZES = { PP: 991_001, P: 991_002, M: 991_003, G: 991_004, GG: 991_005 } as const;

const bySlug = (product: { slug: string; category: string }) =>
  `/products/get-product-by-slug/${product.slug}/category/${product.category}/store/${STORE}/visible/enabled`;
const pageOf = async (product: { slug: string; category: string }) =>
  (await t.call("GET", bySlug(product))).body.product;

async function productOf(itemTOTVSId: number) {
  const row = await t.db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select(["p.id", "p.slug", "c.slug as category", "p.unit_code", "p.item_totvs_id"])
    .where("p.item_totvs_id", "=", itemTOTVSId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    slug: row.slug,
    category: row.category,
    unitCode: row.unit_code,
    itemTOTVSId: row.item_totvs_id,
  };
}

const stockTo = (unitCode: string, itemTotvsId: number, available: number) =>
  t.db.transaction().execute((trx) =>
    setStockLevel(trx, { storeId: STORE, unitCode, itemTotvsId }, available, {
      reason: "adjust",
      at: new Date().toISOString(),
    }),
  );

beforeAll(async () => {
  t = await createTestApi();
  const items = await demoItems(t.db);
  shirt = await productOf(items.P[0]!.itemTOTVSId);
  plain = await productOf(items.P[1]!.itemTOTVSId);
  course = await productOf(items.S[0]!.itemTOTVSId);
  await t.db
    .updateTable("products")
    .set({
      option_name: "Tamanho",
      size_chart: JSON.stringify({
        columns: ["Tamanho", "Tórax (cm)"],
        rows: [
          ["P", "88"],
          ["M", "94"],
        ],
      }),
    })
    .where("id", "=", shirt.id)
    .execute();
  await t.db
    .insertInto("product_variants")
    .values(
      Object.entries(SIZES).map(([value, item], index) => ({
        id: crypto.randomUUID(),
        store_id: STORE,
        product_id: shirt.id,
        item_totvs_id: item,
        value,
        // Stored out of order: the reply follows position, not insertion.
        position: 10 - index,
        price_cents: value === "G" ? 9_000 : null,
        sale_price_cents: value === "G" ? 8_500 : null,
        active: value === "GG" ? 0 : 1,
        created_at: new Date().toISOString(),
      })),
    )
    .execute();
  // PP not tracked; P 25 pieces; M 2 left; G sold out.
  await stockTo(shirt.unitCode, SIZES.P, 25);
  await stockTo(shirt.unitCode, SIZES.M, 2);
  await stockTo(shirt.unitCode, SIZES.G, 0);
  await t.db.updateTable("products").set({ capacity: 20 }).where("item_totvs_id", "=", course.itemTOTVSId).execute();
  await stockTo(course.unitCode, course.itemTOTVSId, 3);
}, 120_000);
afterAll(() => t?.close());

describe("the product page's reply (get-product-by-slug)", () => {
  it("carries the option, the active sizes in order with their own prices, stock states and chart", async () => {
    const product = await pageOf(shirt);
    expect(product.optionName).toBe("Tamanho");
    expect(product.variants).toEqual([
      { itemTOTVSId: SIZES.G, value: "G", PRECO: 90, DESCONTO: 85, stock: { status: "soldOut" } },
      { itemTOTVSId: SIZES.M, value: "M", stock: { status: "available", left: 2 } },
      { itemTOTVSId: SIZES.P, value: "P", stock: { status: "available", left: null } },
      { itemTOTVSId: SIZES.PP, value: "PP", stock: { status: "untracked" } },
    ]);
    expect(product.stock).toEqual({ status: "available", left: null });
    expect(product.sizeChart).toEqual({
      columns: ["Tamanho", "Tórax (cm)"],
      rows: [
        ["P", "88"],
        ["M", "94"],
      ],
    });
    expect(product.seats).toBeNull();
  });

  it("shows a stock change at once, and is never cached", async () => {
    await stockTo(shirt.unitCode, SIZES.P, 10);
    expect((await pageOf(shirt)).variants.find((v: { value: string }) => v.value === "P").stock).toEqual({
      status: "available",
      left: 10,
    });
    const response = await t.api.request(bySlug(shirt));
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("reads sold out when every size is, and a course's free seats", async () => {
    await stockTo(shirt.unitCode, SIZES.PP, 0);
    await stockTo(shirt.unitCode, SIZES.P, 0);
    await stockTo(shirt.unitCode, SIZES.M, 0);
    expect((await pageOf(shirt)).stock).toEqual({ status: "soldOut" });

    const seats = await pageOf(course);
    expect(seats.seats).toEqual({ capacity: 20, available: 3 });
    expect(seats.stock).toEqual({ status: "available", left: 3 });
    await stockTo(course.unitCode, course.itemTOTVSId, 0);
    expect((await pageOf(course)).seats).toEqual({ capacity: 20, available: 0 });
  });

  it("gives a product without options none, untracked", async () => {
    const product = await pageOf(plain);
    expect(product).toMatchObject({ optionName: null, variants: [], sizeChart: null, seats: null });
    expect(product.stock).toEqual({ status: "untracked" });
    await stockTo(plain.unitCode, plain.itemTOTVSId, 0);
    expect((await pageOf(plain)).stock).toEqual({ status: "soldOut" });
  });

  it("shows no chart rather than failing when the stored one is not a table", async () => {
    await t.db.updateTable("products").set({ size_chart: "P;M;G" }).where("id", "=", shirt.id).execute();
    expect((await pageOf(shirt)).sizeChart).toBeNull();
  });
});

describe("the listings", () => {
  it("carry the options without stock (their replies are cached)", async () => {
    const { body } = await t.call(
      "POST",
      `/products/list-product-by-category-slug/${shirt.category}/store/${STORE}/visible/enabled`,
      {},
    );
    const listed = body.products.find((product: { id: string }) => product.id === shirt.id);
    expect(listed.optionName).toBe("Tamanho");
    expect(listed.variants.map((v: { value: string }) => v.value)).toEqual(["G", "M", "P", "PP"]);
    expect(listed.variants.every((v: object) => !("stock" in v))).toBe(true);
    expect(listed).not.toHaveProperty("stock");
    expect(listed).not.toHaveProperty("seats");
  });
});

describe("a cart line of a product with sizes", () => {
  it("must name an active size, never the product's own code", async () => {
    const customer = await signUpAndLogIn(t);
    const { studentId } = await linkByRA(t, customer, "20250003");
    const ownCode = await saveCart(t, customer, [bag(studentId, [shirt.itemTOTVSId, 1])]);
    expect(ownCode.status).toBe(400);
    expect(ownCode.body.error.message).toMatch(/^Escolha uma opção de tamanho para /);
    const switchedOff = await saveCart(t, customer, [bag(studentId, [SIZES.GG, 1])]);
    expect(switchedOff.status).toBe(400);
    expect(switchedOff.body.error.message).toMatch(/\(Tamanho GG\) não está mais à venda\. Escolha outra opção\.$/);
    const size = await saveCart(t, customer, [bag(studentId, [SIZES.PP, 1])]);
    expect(size.status).toBe(200);
  });

  it("says its size, and that it ran out since it was added", async () => {
    const customer = await signUpAndLogIn(t);
    const { studentId } = await linkByRA(t, customer, "20250003");
    await stockTo(shirt.unitCode, SIZES.M, 2);
    const saved = await saveCart(t, customer, [bag(studentId, [SIZES.M, 2], [plain.itemTOTVSId, 1])]);
    expect(saved.status).toBe(200);
    const lineOf = (cart: { bags: { cartItems: { itemTOTVSId: number }[] }[] }, item: number) =>
      cart.bags[0]!.cartItems.find((line) => line.itemTOTVSId === item);
    expect(lineOf(saved.body.cart, SIZES.M)).toMatchObject({ optionName: "Tamanho", optionValue: "M", soldOut: false });
    // The plain product's own stock is 0 by now: tracked, sold out, no option.
    expect(lineOf(saved.body.cart, plain.itemTOTVSId)).toMatchObject({ soldOut: true });
    expect(lineOf(saved.body.cart, plain.itemTOTVSId)).not.toHaveProperty("optionValue");
    await stockTo(shirt.unitCode, SIZES.M, 1);
    const { body } = await getCart(t, customer);
    expect(lineOf(body.cart, SIZES.M)).toMatchObject({ optionValue: "M", soldOut: true });
  });
});

describe("a school's API of spec §7 only", () => {
  it("parses a product without options, stock or seats", () => {
    const product = {
      id: "p1",
      title: "Caderno",
      slug: "caderno",
      description: "",
      image: "",
      itemTOTVS: 10,
      categoryId: "c1",
      category: { id: "c1", title: "Papelaria", slug: "papelaria" },
      PRECO: 10,
      DESCONTO: 9,
      TIPO: "P",
      NOME: "Caderno",
      TURNO: null,
      PARCELAS: 1,
      CODCOLIGADA: "1",
      paymentPlan: { maxInstallments: 1, turnYear: false, schoolYear: 2026 },
      seriesTOTVSID: [],
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    expect(catalogue.getProductBySlug.reply.parse({ product })).toEqual({ product });
  });
});
