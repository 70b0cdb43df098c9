import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { orders } from "../contract/orders.ts";

const SESSION_EXPIRED = "Sua sessão expirou. Faça login novamente.";
const FORBIDDEN = "Você não tem permissão para acessar estes dados.";
const NOT_FOUND = "Compra não encontrada.";

let t: TestApi;
let ana: SignedUpCustomer;
let bruno: SignedUpCustomer;
let carla: SignedUpCustomer;
const anaSales: { older: string; newer: string } = { older: "", newer: "" };
let brunoSale: string;

const salesPath = (customer: { id: string }, storeId = 1) =>
  `/sales/list-sale-by-customer-id/${customer.id}/store/${storeId}`;
const bagsPath = (saleId: string, storeId = 1) => `/sale-bags/list-sale-bag-by-sale-id/${saleId}/store/${storeId}`;

beforeAll(async () => {
  t = await createTestApi({ now: new Date("2026-03-02T12:00:00Z") });
  ana = await signUpAndLogIn(t, { name: "Ana Beatriz Cavalcanti" });
  bruno = await signUpAndLogIn(t, { name: "Bruno Henrique Farias" });
  carla = await signUpAndLogIn(t, { name: "Carla Regina Menezes" });
  const product = await t.db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select(["p.id", "p.item_totvs_id", "p.slug", "c.slug as category_slug", "p.image", "p.title"])
    .executeTakeFirstOrThrow();
  anaSales.older = await insertSale(t.db, {
    customer_id: ana.id,
    reference_code: "LE-1001",
    created_at: "2026-02-10T14:30:00.000Z",
    payment_method_code: "0",
    status: "pending",
    boleto_digitable_line: "34191.79001 01043.510047 91020.150008 1 99990000012345",
    boleto_barcode: "34191999900000123451790010435100479102015000",
    boleto_due_date: "2026-02-13",
    bags: [
      {
        student_name: "Lucas Cavalcanti",
        student_ra: "202400123",
        items: [
          {
            title: product.title,
            quantity: 2,
            unit_price_cents: 4590,
            original_unit_price_cents: 5100,
            product_id: product.id,
            item_totvs_id: product.item_totvs_id,
            product_slug: product.slug,
            category_slug: product.category_slug,
            image: product.image,
            type: "P",
          },
          { title: "Caderno Universitário", quantity: 1, unit_price_cents: 2999 },
        ],
      },
      {
        student_name: "Alice Cavalcanti",
        student_ra: null,
        items: [{ title: "Agenda Escolar", quantity: 1, unit_price_cents: 3500 }],
      },
    ],
  });
  anaSales.newer = await insertSale(t.db, {
    customer_id: ana.id,
    reference_code: "LE-1002",
    created_at: "2026-02-20T09:00:00.000Z",
    payment_method_code: "1",
    installments: 3,
    status: "paid",
    card_brand: "VISA",
    card_last4: "1111",
    coupon_code: "VOLTAS10",
    discount_cents: 1000,
    bags: [
      {
        student_name: "Lucas Cavalcanti",
        student_ra: "202400123",
        items: [{ title: "Curso de Robótica", quantity: 1, unit_price_cents: 30000, type: "S" }],
      },
    ],
  });
  brunoSale = await insertSale(t.db, {
    customer_id: bruno.id,
    reference_code: "LE-2001",
    payment_method_code: "2",
    total_cents: 0,
    bags: [
      {
        student_name: "Pedro Farias",
        items: [{ title: "Palestra de Abertura", quantity: 1, unit_price_cents: 0, type: "S" }],
      },
    ],
  });
});
afterAll(() => t.close());

describe("GET /sales/list-sale-by-customer-id/{customerId}/store/{storeId}", () => {
  it("answers the customer's own sales, newest first, in reais", async () => {
    const { status, body } = await t.call("GET", salesPath(ana), undefined, { token: ana.token });
    expect(status).toBe(200);
    expect(body.sales.map((sale: { id: string }) => sale.id)).toEqual([anaSales.newer, anaSales.older]);
    const [newer, older] = body.sales;
    expect(newer).toEqual({
      id: anaSales.newer,
      referenceCode: "LE-1002",
      status: "paid",
      paymentMethod: { code: "1", name: "credito" },
      installments: 3,
      subtotal: 300,
      discount: 10,
      total: 290,
      couponCode: "VOLTAS10",
      cardBrand: "VISA",
      cardLastDigits: "1111",
      boletoDigitableLine: null,
      boletoLink: null,
      boletoDueDate: null,
      pixCopyPaste: null,
      pixExpiresAt: null,
      // A course only: nothing to pick up at the unit (issue 30).
      pickupCode: null,
      createdAt: "2026-02-20T09:00:00.000Z",
      saleBags: [
        { id: expect.any(String), studentName: "Lucas Cavalcanti", studentRA: "202400123", total: 300, itemCount: 1 },
      ],
    });
    expect(older).toMatchObject({
      referenceCode: "LE-1001",
      status: "pending",
      paymentMethod: { code: "0", name: "boleto" },
      subtotal: 156.79,
      total: 156.79,
      boletoDigitableLine: "34191.79001 01043.510047 91020.150008 1 99990000012345",
      boletoLink: `${t.publicUrl}/boleto/${anaSales.older}`,
      cardLastDigits: null,
      pickupCode: expect.stringMatching(/^[2-9A-HJKMNP-Z]{6}$/),
    });
    expect(older.saleBags).toEqual([
      { id: expect.any(String), studentName: "Alice Cavalcanti", studentRA: null, total: 35, itemCount: 1 },
      { id: expect.any(String), studentName: "Lucas Cavalcanti", studentRA: "202400123", total: 121.79, itemCount: 3 },
    ]);
    expect(JSON.stringify(body)).not.toContain("LE-2001");
  });

  it("answers each customer only their own sales, and an empty list to one without any", async () => {
    const bruno_ = await t.call("GET", salesPath(bruno), undefined, { token: bruno.token });
    expect(bruno_.status).toBe(200);
    expect(bruno_.body.sales).toHaveLength(1);
    expect(bruno_.body.sales[0]).toMatchObject({
      id: brunoSale,
      paymentMethod: { code: "2", name: "gratuito" },
      total: 0,
    });
    const carla_ = await t.call("GET", salesPath(carla), undefined, { token: carla.token });
    expect(carla_).toEqual({ status: 200, body: { sales: [] } });
  });

  it("refuses another customer's id and another store with 403", async () => {
    const other = await t.call("GET", salesPath(bruno), undefined, { token: ana.token });
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe(FORBIDDEN);
    expect((await t.call("GET", salesPath(ana, 2), undefined, { token: ana.token })).status).toBe(403);
    expect((await t.call("GET", salesPath({ id: crypto.randomUUID() }), undefined, { token: ana.token })).status).toBe(
      403,
    );
  });

  it("answers 401 without a token or with a bad one", async () => {
    for (const token of [undefined, "x".repeat(43)]) {
      const reply = await t.call("GET", salesPath(ana), undefined, { token });
      expect(reply.status).toBe(401);
      expect(reply.body.error.message).toBe(SESSION_EXPIRED);
    }
  });
});

describe("GET /sale-bags/list-sale-bag-by-sale-id/{saleId}/store/{storeId}", () => {
  it("answers the bags of the customer's own sale with their items", async () => {
    const { status, body } = await t.call("GET", bagsPath(anaSales.older), undefined, { token: ana.token });
    expect(status).toBe(200);
    expect(body.saleBag).toHaveLength(2);
    const [alice, lucas] = body.saleBag;
    expect(alice).toEqual({
      id: expect.any(String),
      saleId: anaSales.older,
      studentName: "Alice Cavalcanti",
      studentRA: null,
      total: 35,
      status: "pending",
      items: [
        {
          itemTOTVSId: 9000,
          title: "Agenda Escolar",
          type: "P",
          quantity: 1,
          unitPrice: 35,
          originalUnitPrice: 35,
          image: "/images/produtos/placeholder.svg",
          productSlug: "produto",
          categorySlug: "papelaria",
          // Beyond §7 (issue 27): the unit that sold it, where it is picked up.
          CODCOLIGADA: "1",
        },
      ],
    });
    expect(lucas.studentRA).toBe("202400123");
    expect(lucas.total).toBe(121.79);
    expect(lucas.items.find((item: { quantity: number }) => item.quantity === 1)).toMatchObject({
      title: "Caderno Universitário",
      unitPrice: 29.99,
    });
    expect(lucas.items.find((item: { quantity: number }) => item.quantity === 2)).toMatchObject({
      unitPrice: 45.9,
      originalUnitPrice: 51,
      productSlug: expect.not.stringMatching(/^produto$/),
    });
  });

  it("answers another customer's sale exactly like an unknown one (404)", async () => {
    const others = await t.call("GET", bagsPath(brunoSale), undefined, { token: ana.token });
    const unknown = await t.call("GET", bagsPath(crypto.randomUUID()), undefined, { token: ana.token });
    const garbage = await t.call("GET", bagsPath("nao-e-um-id"), undefined, { token: ana.token });
    const otherStore = await t.call("GET", bagsPath(anaSales.older, 2), undefined, { token: ana.token });
    for (const reply of [others, unknown, garbage, otherStore]) {
      expect(reply).toEqual({ status: 404, body: { error: { message: NOT_FOUND } } });
    }
    const own = await t.call("GET", bagsPath(brunoSale), undefined, { token: bruno.token });
    expect(own.status).toBe(200);
    expect(own.body.saleBag[0].items[0]).toMatchObject({ title: "Palestra de Abertura", unitPrice: 0 });
  });

  it("answers 401 without a token", async () => {
    const reply = await t.call("GET", bagsPath(anaSales.older));
    expect(reply.status).toBe(401);
    expect(reply.body.error.message).toBe(SESSION_EXPIRED);
  });
});

describe("a variant's line in the order replies (issue 28)", () => {
  it("carries the size chosen in the bags and on the public receipt, within the contract", async () => {
    const davi = await signUpAndLogIn(t, { name: "Davi Menezes Filho" });
    const saleId = await insertSale(t.db, {
      customer_id: davi.id,
      bags: [
        {
          student_name: "Davi Menezes",
          items: [
            {
              title: "Camiseta do uniforme",
              quantity: 1,
              unit_price_cents: 5990,
              option_name: "Tamanho",
              option_value: "M",
            },
            { title: "Agenda Escolar", quantity: 1, unit_price_cents: 3500 },
          ],
        },
      ],
    });
    const bags = await t.call("GET", bagsPath(saleId), undefined, { token: davi.token });
    expect(bags.status).toBe(200);
    expect(orders.listSaleBagsBySale.reply.safeParse(bags.body).success).toBe(true);
    const [bag] = bags.body.saleBag;
    const byTitle = (title: string) => bag.items.find((item: { title: string }) => item.title === title);
    expect(byTitle("Camiseta do uniforme")).toMatchObject({ optionName: "Tamanho", optionValue: "M" });
    // A product without options says nothing of them, as spec §7's replies.
    expect(byTitle("Agenda Escolar")).not.toHaveProperty("optionName");
    expect(byTitle("Agenda Escolar")).not.toHaveProperty("optionValue");

    const receipt = await t.call("GET", `/sale-bags/check-status-sale-bag/store/1/sale/${saleId}/saleBag/${bag.id}`);
    expect(receipt.status).toBe(200);
    expect(orders.getPublicSaleBag.reply.safeParse(receipt.body).success).toBe(true);
    expect(receipt.body.saleBag.items).toContainEqual(
      expect.objectContaining({ title: "Camiseta do uniforme", optionName: "Tamanho", optionValue: "M" }),
    );
  });

  it("still matches the contract without the option, as a spec §7 API answers", () => {
    const item = {
      itemTOTVSId: 1,
      title: "Camiseta",
      type: "P",
      quantity: 1,
      unitPrice: 10,
      originalUnitPrice: 10,
      image: "/x.svg",
      productSlug: "camiseta",
      categorySlug: "fardamento",
    };
    const reply = {
      saleBag: [
        { id: "b", saleId: "s", studentName: "Davi", studentRA: null, total: 10, status: "paid", items: [item] },
      ],
    };
    expect(orders.listSaleBagsBySale.reply.safeParse(reply).success).toBe(true);
  });
});
