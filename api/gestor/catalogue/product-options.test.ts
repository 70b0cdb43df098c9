import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestStaff, type TestStaff } from "#tests/fixtures/staff.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { parse } from "csv-parse/sync";
import { readCatalogueVersion } from "../../catalogue-version.ts";
import { CATALOGUE_CSV_COLUMNS, PRODUCT_CSV_COLUMNS } from "../../contract/gestor/catalogue.ts";
import { writeGestorCsv } from "../csv-file.ts";

let t: TestApi;
let admin: TestStaff;
beforeAll(async () => {
  t = await createTestApi({ seed: true });
  admin = await createTestStaff(t.db, "admin");
});
afterAll(() => t.close());

const get = (path: string) => t.call("GET", path, undefined, { token: admin.token });
const post = (path: string, body: unknown) => t.call("POST", path, body, { token: admin.token });

/** The fields of a seeded product of `slug`, to start a new one from. */
async function baseFields(slug = "papelaria") {
  const list = await get(`/gestor/catalogue/products?categoria=${slug}`);
  const { body } = await get(`/gestor/catalogue/products/${list.body.rows[0].id}`);
  return body.product.fields as Record<string, string>;
}

const SIZE_CHART = "Tamanho; Busto (cm); Comprimento (cm)\nP; 80; 60\nM; 88; 64\nG; 96; 68";
const variant = (value: string, itemTOTVSId: number, extra: Record<string, string> = {}) => ({
  value,
  itemTOTVSId: String(itemTOTVSId),
  PRECO: "",
  DESCONTO: "",
  active: "1",
  ...extra,
});

let nextCode = 770000;
/** A new shirt with sizes P, M, G under fresh codes; answers its id and those codes. */
async function createShirt(name: string) {
  const codes = [++nextCode, ++nextCode, ++nextCode, ++nextCode];
  const reply = await post("/gestor/catalogue/products", {
    fields: {
      ...(await baseFields()),
      itemTOTVSId: String(codes[0]),
      NOME: name,
      slug: "",
      imagem: "",
      TIPO: "P",
      PRECO: "59,90",
      DESCONTO: "59,90",
      optionName: "Tamanho",
      sizeChart: SIZE_CHART,
      capacity: "",
    },
    variants: [
      variant("P", codes[1]!),
      variant("M", codes[2]!),
      variant("G", codes[3]!, { PRECO: "64,90", DESCONTO: "62,90" }),
    ],
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { id: reply.body.product.id as string, codes };
}

const variantRows = (productId: string) =>
  t.db
    .selectFrom("product_variants")
    .select(["value", "item_totvs_id", "position", "price_cents", "sale_price_cents", "active"])
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();

const auditRows = (targetId: string) =>
  t.db.selectFrom("audit_log").selectAll().where("target_id", "=", targetId).orderBy("at").execute();

describe("a product's options, size chart and capacity", () => {
  it("creates a product with three sizes and a size chart, shown back in the form and audited", async () => {
    const version = await readCatalogueVersion(t.db);
    const { id, codes } = await createShirt("Camiseta Educação Física");
    expect(await readCatalogueVersion(t.db)).toBeGreaterThan(version);
    expect(await variantRows(id)).toEqual([
      { value: "P", item_totvs_id: codes[1], position: 0, price_cents: null, sale_price_cents: null, active: 1 },
      { value: "M", item_totvs_id: codes[2], position: 1, price_cents: null, sale_price_cents: null, active: 1 },
      { value: "G", item_totvs_id: codes[3], position: 2, price_cents: 6490, sale_price_cents: 6290, active: 1 },
    ]);
    const row = await t.db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.option_name).toBe("Tamanho");
    expect(JSON.parse(row.size_chart!)).toEqual({
      columns: ["Tamanho", "Busto (cm)", "Comprimento (cm)"],
      rows: [
        ["P", "80", "60"],
        ["M", "88", "64"],
        ["G", "96", "68"],
      ],
    });
    const { body } = await get(`/gestor/catalogue/products/${id}`);
    expect(body.product.fields).toMatchObject({ optionName: "Tamanho", sizeChart: SIZE_CHART, capacity: "" });
    expect(body.product.variants.map((v: { fields: Record<string, string> }) => v.fields.value)).toEqual([
      "P",
      "M",
      "G",
    ]);
    expect(body.product.variants[2]).toMatchObject({
      fields: { itemTOTVSId: String(codes[3]), PRECO: "64,90", DESCONTO: "62,90", active: "1" },
      sold: false,
    });
    const [entry] = await auditRows(id);
    expect(entry).toMatchObject({ action: "product.create", summary: "Criou o produto Camiseta Educação Física" });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({
      optionName: "Tamanho",
      variants: `P (${codes[1]}); M (${codes[2]}); G (${codes[3]}, R$ 64,90/62,90)`,
    });
  });

  it("edits the options in place: new order, a price, one deactivated, one removed, and audits only that", async () => {
    const { id, codes } = await createShirt("Camiseta Polo");
    const { body } = await get(`/gestor/catalogue/products/${id}`);
    const [, m, g] = body.product.variants.map((v: { fields: Record<string, string> }) => v.fields);
    const version = await readCatalogueVersion(t.db);
    const reply = await post(`/gestor/catalogue/products/${id}`, {
      fields: body.product.fields,
      // G first and swapped codes with M; P removed (never sold); M inactive.
      variants: [
        { ...g, itemTOTVSId: m.itemTOTVSId, PRECO: "70,00", DESCONTO: "" },
        { ...m, itemTOTVSId: g.itemTOTVSId, active: "0" },
      ],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(await readCatalogueVersion(t.db)).toBeGreaterThan(version);
    expect(await variantRows(id)).toEqual([
      { value: "G", item_totvs_id: codes[2], position: 0, price_cents: 7000, sale_price_cents: null, active: 1 },
      { value: "M", item_totvs_id: codes[3], position: 1, price_cents: null, sale_price_cents: null, active: 0 },
    ]);
    const entries = await auditRows(id);
    const last = entries.at(-1)!;
    expect(last.action).toBe("product.update");
    expect(JSON.parse(last.before_json!)).toEqual({
      variants: `P (${codes[1]}); M (${codes[2]}); G (${codes[3]}, R$ 64,90/62,90)`,
    });
    expect(JSON.parse(last.after_json!)).toEqual({ variants: `G (${codes[2]}, R$ 70,00/—); M (${codes[3]}, inativa)` });
  });

  it("refuses an item code used by another product or another product's option, naming it, writing nothing", async () => {
    const shirt = await createShirt("Bermuda Tactel");
    const other = await createShirt("Agasalho Escolar");
    const { body } = await get(`/gestor/catalogue/products/${shirt.id}`);
    const fields = body.product.fields;
    const variants = body.product.variants.map((v: { fields: Record<string, string> }) => v.fields);
    const before = await variantRows(shirt.id);
    const audited = (await auditRows(shirt.id)).length;
    const cases: [unknown, string][] = [
      [
        { fields, variants: [{ ...variants[0], itemTOTVSId: String(other.codes[0]) }, ...variants.slice(1)] },
        `O código TOTVS ${other.codes[0]} já é do produto "Agasalho Escolar".`,
      ],
      [
        { fields, variants: [...variants, variant("GG", other.codes[2]!)] },
        `O código TOTVS ${other.codes[2]} já é da opção "M" do produto "Agasalho Escolar".`,
      ],
      [
        { fields: { ...fields, itemTOTVSId: String(other.codes[3]) }, variants },
        `O código TOTVS ${other.codes[3]} já é da opção "G" do produto "Agasalho Escolar".`,
      ],
    ];
    for (const [request, message] of cases) {
      const reply = await post(`/gestor/catalogue/products/${shirt.id}`, request);
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toBe(message);
    }
    // A new product under an option's code is refused the same way.
    const created = await post("/gestor/catalogue/products", {
      fields: { ...fields, itemTOTVSId: String(other.codes[1]), NOME: "Outro", slug: "outro-codigo", optionName: "" },
      variants: [],
    });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toBe(
      `O código TOTVS ${other.codes[1]} já é da opção "P" do produto "Agasalho Escolar".`,
    );
    expect(await variantRows(shirt.id)).toEqual(before);
    expect(await auditRows(shirt.id)).toHaveLength(audited);
  });

  it("refuses options that contradict each other or the product, with the form's messages", async () => {
    const { id, codes } = await createShirt("Jaqueta Escolar");
    const { body } = await get(`/gestor/catalogue/products/${id}`);
    const fields = body.product.fields;
    const variants = body.product.variants.map((v: { fields: Record<string, string> }) => v.fields);
    const cases: [unknown, string][] = [
      [
        { fields: { ...fields, optionName: "" }, variants },
        "Informe o nome da opção (ex.: Tamanho): o produto tem opções.",
      ],
      [{ fields, variants: [] }, "Adicione ao menos uma opção, ou deixe o nome da opção em branco."],
      [{ fields, variants: [...variants, variant("p", 779999)] }, 'A opção "p" aparece duas vezes.'],
      [
        { fields, variants: [...variants, variant("GG", codes[0]!)] },
        "Use um código diferente do código do produto (o do modelo).",
      ],
      [{ fields, variants: [...variants, variant("GG", codes[1]!)] }, `O código ${codes[1]} aparece em duas opções.`],
      [
        { fields, variants: [...variants, variant("GG", 779998, { DESCONTO: "99,00" })] },
        "O preço com desconto da opção não pode ser maior que o preço dela.",
      ],
      [{ fields: { ...fields, capacity: "30" }, variants }, "A capacidade vale só para cursos e eventos (tipo S)."],
      [
        { fields: { ...fields, sizeChart: "Tamanho; Busto\nP; 80\nM" }, variants },
        "A linha 3 da tabela de medidas tem 1 célula; o cabeçalho tem 2.",
      ],
    ];
    for (const [request, message] of cases) {
      const reply = await post(`/gestor/catalogue/products/${id}`, request);
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toBe(message);
    }
  });

  it("never removes an option already sold: the gestor is told to deactivate it", async () => {
    const { id, codes } = await createShirt("Moletom Escolar");
    const customer = await signUpAndLogIn(t);
    await insertSale(t.db, {
      customer_id: customer.id,
      status: "paid",
      bags: [
        {
          student_name: "Ana",
          items: [{ title: "Moletom Escolar", quantity: 1, unit_price_cents: 5990, item_totvs_id: codes[2] }],
        },
      ],
    });
    const { body } = await get(`/gestor/catalogue/products/${id}`);
    expect(body.product.variants.map((v: { sold: boolean }) => v.sold)).toEqual([false, true, false]);
    const [p, m, g] = body.product.variants.map((v: { fields: Record<string, string> }) => v.fields);
    const removed = await post(`/gestor/catalogue/products/${id}`, { fields: body.product.fields, variants: [p, g] });
    expect(removed.status).toBe(400);
    expect(removed.body.error.message).toBe(
      'A opção "M" já foi vendida e não pode ser removida: desmarque "Ativa" para parar de vendê-la.',
    );
    expect((await variantRows(id)).map((row) => row.value)).toEqual(["P", "M", "G"]);
    const deactivated = await post(`/gestor/catalogue/products/${id}`, {
      fields: body.product.fields,
      variants: [p, { ...m, active: "0" }, g],
    });
    expect(deactivated.status).toBe(200);
    expect((await variantRows(id)).map((row) => [row.value, row.active])).toEqual([
      ["P", 1],
      ["M", 0],
      ["G", 1],
    ]);
  });
});

describe("a course's capacity and its seats in stock", () => {
  const level = (unitCode: string, itemTOTVSId: number) =>
    t.db
      .selectFrom("stock_levels")
      .select("available")
      .where("unit_code", "=", unitCode)
      .where("item_totvs_id", "=", itemTOTVSId)
      .executeTakeFirst()
      .then((row) => row?.available ?? null);
  const movements = (unitCode: string, itemTOTVSId: number) =>
    t.db
      .selectFrom("stock_movements")
      .select(["delta", "reason", "staff_id"])
      .where("unit_code", "=", unitCode)
      .where("item_totvs_id", "=", itemTOTVSId)
      .execute();

  /** A new course of unit 1 with seats held by sales: 2 by a paid one, 1 by a pending boleto; none by a declined one. */
  async function courseWithSales() {
    const code = ++nextCode;
    const created = await post("/gestor/catalogue/products", {
      fields: {
        ...(await baseFields("cursos")),
        itemTOTVSId: String(code),
        NOME: `Curso de Robótica ${code}`,
        slug: "",
        imagem: "",
        TIPO: "S",
        CODCOLIGADA: "1",
        optionName: "",
        sizeChart: "",
        capacity: "",
      },
      variants: [],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const customer = await signUpAndLogIn(t);
    for (const [status, quantity] of [
      ["paid", 2],
      ["pending", 1],
      ["declined", 4],
    ] as const)
      await insertSale(t.db, {
        customer_id: customer.id,
        status,
        bags: [
          {
            student_name: "Ana",
            items: [
              { title: "Robótica", quantity, unit_price_cents: 100, item_totvs_id: code, unit_code: "1", type: "S" },
            ],
          },
        ],
      });
    const { body } = await get(`/gestor/catalogue/products/${created.body.product.id}`);
    return { id: created.body.product.id as string, code, fields: body.product.fields as Record<string, string> };
  }

  it("sets the free seats to the capacity less the seats taken, moves them on a change, with the ledger", async () => {
    const course = await courseWithSales();
    expect(await level("1", course.code)).toBeNull();
    const save = (change: Record<string, string>) =>
      post(`/gestor/catalogue/products/${course.id}`, { fields: { ...course.fields, ...change }, variants: [] });
    expect((await save({ capacity: "30" })).status).toBe(200);
    expect(await level("1", course.code)).toBe(27);
    expect((await get(`/gestor/catalogue/products/${course.id}`)).body.product).toMatchObject({
      fields: { capacity: "30" },
      seatsTaken: 3,
    });
    expect((await save({ capacity: "25" })).status).toBe(200);
    expect(await level("1", course.code)).toBe(22);
    const ledger = await movements("1", course.code);
    expect(ledger).toHaveLength(2);
    expect(ledger).toEqual(
      expect.arrayContaining([
        { delta: 27, reason: "capacity", staff_id: admin.staffId },
        { delta: -5, reason: "capacity", staff_id: admin.staffId },
      ]),
    );
    const audit = await auditRows(course.id);
    expect(JSON.parse(audit.at(-1)!.after_json!)).toEqual({ capacity: "25" });
  });

  it("refuses a capacity below the seats taken, saying how many, changing nothing", async () => {
    const course = await courseWithSales();
    const save = (capacity: string) =>
      post(`/gestor/catalogue/products/${course.id}`, { fields: { ...course.fields, capacity }, variants: [] });
    expect((await save("10")).status).toBe(200);
    const refused = await save("2");
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("Já há 3 vagas ocupadas: a capacidade não pode ser menor que 3.");
    expect(await level("1", course.code)).toBe(7);
    const row = await t.db
      .selectFrom("products")
      .select("capacity")
      .where("id", "=", course.id)
      .executeTakeFirstOrThrow();
    expect(row.capacity).toBe(10);
    expect((await save("3")).status).toBe(200);
    expect(await level("1", course.code)).toBe(0);
  });

  it("keeps seats the school filled outside the store: a save keeps them, a raise adds only its difference", async () => {
    const course = await courseWithSales();
    const save = (capacity: string) =>
      post(`/gestor/catalogue/products/${course.id}`, { fields: { ...course.fields, capacity }, variants: [] });
    expect((await save("10")).status).toBe(200);
    // 4 enrolments made at the school's office, counted in before the store sold the class.
    await t.db
      .updateTable("stock_levels")
      .set({ available: 3 })
      .where("unit_code", "=", "1")
      .where("item_totvs_id", "=", course.code)
      .execute();
    expect((await save("10")).status).toBe(200);
    expect(await level("1", course.code)).toBe(3);
    expect((await save("12")).status).toBe(200);
    expect(await level("1", course.code)).toBe(5);
    const refused = await save("6");
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("Já há 7 vagas ocupadas: a capacidade não pode ser menor que 7.");
    expect(await level("1", course.code)).toBe(5);
  });

  it("moves the seats to the new unit, and stops following them when the capacity is emptied", async () => {
    const course = await courseWithSales();
    const save = (change: Record<string, string>) =>
      post(`/gestor/catalogue/products/${course.id}`, { fields: { ...course.fields, ...change }, variants: [] });
    expect((await save({ capacity: "20" })).status).toBe(200);
    expect((await save({ capacity: "20", CODCOLIGADA: "3" })).status).toBe(200);
    // The sales were of unit 1: unit 3's class has every seat free.
    expect([await level("1", course.code), await level("3", course.code)]).toEqual([null, 20]);
    const oldLedger = await movements("1", course.code);
    expect(oldLedger.reduce((sum, movement) => sum + movement.delta, 0)).toBe(0);
    expect((await save({ capacity: "", CODCOLIGADA: "3" })).status).toBe(200);
    expect(await level("3", course.code)).toBeNull();
  });
});

describe("options in the catalogue CSV", () => {
  const exportCsv = async () => {
    const response = await t.api.request("/gestor/catalogue/export", {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    return Buffer.from(await response.arrayBuffer()).toString("utf8");
  };
  const rowsOf = (csv: string) =>
    parse(csv, { delimiter: ";", bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const preview = (csv: string) => post("/gestor/catalogue/import/preview", { csv });

  it("exports each option as a row under its product, and imports the export back without a change", async () => {
    const { codes } = await createShirt("Camiseta Exportada");
    const csv = await exportCsv();
    const rows = rowsOf(csv);
    const product = rows.find((row) => row.itemTOTVSId === String(codes[0]))!;
    expect(product).toMatchObject({
      opcao_nome: "Tamanho",
      tabela_medidas: SIZE_CHART,
      capacidade: "",
      produto_pai: "",
    });
    const index = rows.indexOf(product);
    expect(rows.slice(index + 1, index + 4)).toEqual([
      expect.objectContaining({
        itemTOTVSId: String(codes[1]),
        produto_pai: String(codes[0]),
        opcao: "P",
        NOME: "",
        PRECO: "",
        visivel: "1",
      }),
      expect.objectContaining({ itemTOTVSId: String(codes[2]), produto_pai: String(codes[0]), opcao: "M" }),
      expect.objectContaining({
        itemTOTVSId: String(codes[3]),
        produto_pai: String(codes[0]),
        opcao: "G",
        PRECO: "64,90",
        DESCONTO: "62,90",
      }),
    ]);
    const checked = await preview(csv);
    expect(checked.body).toMatchObject({ errors: [], creates: 0, updates: 0, unchanged: rows.length });
    const run = await post("/gestor/catalogue/import", { csv });
    expect(run.status).toBe(200);
    expect(await exportCsv()).toBe(csv);
  });

  it("imports a file without the options' columns as before, leaving every product's options as they are", async () => {
    const { id, codes } = await createShirt("Camiseta Sem Colunas");
    const row = rowsOf(await exportCsv()).find((r) => r.itemTOTVSId === String(codes[0]))!;
    const csv = writeGestorCsv([{ ...row, PRECO: "69,90", DESCONTO: "65,00" }], PRODUCT_CSV_COLUMNS);
    const run = await post("/gestor/catalogue/import", { csv });
    expect(run.body).toMatchObject({ errors: [], updates: 1 });
    const product = await t.db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect([product.price_cents, product.option_name, product.size_chart !== null]).toEqual([6990, "Tamanho", true]);
    expect((await variantRows(id)).map((variant) => variant.value)).toEqual(["P", "M", "G"]);
  });

  it("creates a product with its options from a file, refusing an option's row that is wrong, naming the clash", async () => {
    const other = await createShirt("Camiseta Dona do Código");
    const template = rowsOf(await exportCsv()).find((r) => r.itemTOTVSId === String(other.codes[0]))!;
    const code = ++nextCode + 1000;
    const empty = Object.fromEntries(CATALOGUE_CSV_COLUMNS.map((column) => [column, ""]));
    const productRow = {
      ...template,
      itemTOTVSId: String(code),
      NOME: "Saia Plissada",
      slug: "saia-plissada-csv",
      opcao_nome: "Tamanho",
      tabela_medidas: "Tamanho; Cintura (cm)\n4; 54\n6; 56",
    };
    const option = (value: string, itemTOTVSId: number, extra: Record<string, string> = {}) => ({
      ...empty,
      itemTOTVSId: String(itemTOTVSId),
      visivel: "1",
      produto_pai: String(code),
      opcao: value,
      ...extra,
    });
    const bad = writeGestorCsv(
      [
        option("2", code + 9, { produto_pai: String(code) }),
        productRow,
        option("4", code + 1),
        option("6", other.codes[2]!),
        option("8", code + 3, { NOME: "Saia 8" }),
      ],
      CATALOGUE_CSV_COLUMNS,
    );
    const refused = await preview(bad);
    expect(refused.body.errors).toEqual([
      {
        line: 2,
        column: "produto_pai",
        message: `Nenhum produto tem o código ${code} (a linha do produto vem antes das suas opções).`,
      },
      // The product's size chart takes three lines of the file (a quoted cell): lines 3 to 5.
      {
        line: 7,
        column: "itemTOTVSId",
        message: `O código TOTVS ${other.codes[2]} já é da opção "M" do produto "Camiseta Dona do Código".`,
      },
      { line: 8, column: "NOME", message: "Numa linha de opção (com produto_pai), deixe esta coluna em branco." },
    ]);
    const good = writeGestorCsv(
      [productRow, option("4", code + 1), option("6", code + 2, { PRECO: "89,90" })],
      CATALOGUE_CSV_COLUMNS,
    );
    const run = await post("/gestor/catalogue/import", { csv: good });
    expect(run.body).toMatchObject({ errors: [], creates: 3 });
    expect(run.body.rows.map((r: { NOME: string }) => r.NOME)).toEqual([
      "Saia Plissada",
      "Saia Plissada — 4",
      "Saia Plissada — 6",
    ]);
    const created = await t.db
      .selectFrom("products")
      .selectAll()
      .where("item_totvs_id", "=", code)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(created.size_chart!)).toEqual({
      columns: ["Tamanho", "Cintura (cm)"],
      rows: [
        ["4", "54"],
        ["6", "56"],
      ],
    });
    expect(await variantRows(created.id)).toEqual([
      { value: "4", item_totvs_id: code + 1, position: 0, price_cents: null, sale_price_cents: null, active: 1 },
      { value: "6", item_totvs_id: code + 2, position: 1, price_cents: 8990, sale_price_cents: null, active: 1 },
    ]);
  });
});
