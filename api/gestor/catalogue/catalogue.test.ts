import { describe, expect, it } from "vitest";
import { signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { gestorTestApiForFile } from "#tests/fixtures/staff.ts";
import { buildPath } from "../../contract/endpoint.ts";
import { gestorCatalogue, IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE } from "../../contract/gestor/catalogue.ts";
import { ROLE_REFUSED } from "../staff/require-staff.ts";

const { t, admin, atendimento: atendente } = gestorTestApiForFile(["admin", "atendimento"], { seed: true });

const get = (path: string, token = admin.token) => t.call("GET", path, undefined, { token });
const post = (path: string, body: unknown, token = admin.token) => t.call("POST", path, body, { token });

async function aProduct(slug = "papelaria") {
  const list = await get(`/gestor/catalogue/products?categoria=${slug}`);
  const id: string = list.body.rows[0].id;
  const { body } = await get(`/gestor/catalogue/products/${id}`);
  return body.product as { id: string; shopPath: string; fields: Record<string, string> };
}

const auditRows = (targetId: string) =>
  t.db.selectFrom("audit_log").selectAll().where("target_id", "=", targetId).orderBy("at").execute();

const productRow = (id: string) =>
  t.db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

// The smallest PNG: its signature and an IHDR chunk are all the type check reads.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("products", () => {
  it("saves a price typed in reais with a comma, shows it in the shop at once, and audits what changed", async () => {
    const product = await aProduct();
    const reply = await post(`/gestor/catalogue/products/${product.id}`, {
      fields: { ...product.fields, PRECO: "1.234,56", DESCONTO: "1.100,5" },
    });
    expect(reply.status).toBe(200);
    const row = await productRow(product.id);
    expect([row.price_cents, row.sale_price_cents]).toEqual([123456, 110050]);
    const shop = await t.call(
      "GET",
      `/products/search-products-by-title/store/1/visible/enabled?title=${encodeURIComponent(row.title)}`,
    );
    expect(shop.body.products.find((p: { id: string }) => p.id === product.id)).toMatchObject({
      PRECO: 1234.56,
      DESCONTO: 1100.5,
    });
    const [entry] = await auditRows(product.id);
    expect(entry).toMatchObject({
      action: "product.update",
      actor_label: admin.email,
      summary: `Alterou o produto ${row.title}`,
    });
    expect(JSON.parse(entry!.before_json!)).toEqual({ PRECO: product.fields.PRECO, DESCONTO: product.fields.DESCONTO });
    expect(JSON.parse(entry!.after_json!)).toEqual({ PRECO: "1234,56", DESCONTO: "1100,50" });
  });

  it("refuses a bad price, a discount over the price and a slug in use, writing nothing", async () => {
    const product = await aProduct();
    const [other] = (await get("/gestor/catalogue/products?categoria=papelaria")).body.rows.slice(1);
    const before = await productRow(product.id);
    const audited = (await auditRows(product.id)).length;
    const cases: [Record<string, string>, string][] = [
      [{ PRECO: "12.50" }, "Informe o valor em reais com vírgula, por exemplo 1.234,56."],
      [{ PRECO: "abc" }, "Informe o valor em reais com vírgula, por exemplo 1.234,56."],
      [{ PRECO: "10,00", DESCONTO: "20,00" }, "O preço com desconto não pode ser maior que o preço."],
      [{ PARCELAS: "13" }, "Parcelas: um número de 1 a 12."],
      [{ categoria: "nao-existe" }, 'A categoria "nao-existe" não existe.'],
      [{ slug: (await get(`/gestor/catalogue/products/${other.id}`)).body.product.fields.slug }, "nesta categoria"],
    ];
    for (const [change, message] of cases) {
      const reply = await post(`/gestor/catalogue/products/${product.id}`, {
        fields: { ...product.fields, ...change },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toContain(message);
    }
    expect(await productRow(product.id)).toEqual(before);
    expect(await auditRows(product.id)).toHaveLength(audited);
  });

  it("creates a product with an uploaded image, served with a long immutable cache", async () => {
    const base = (await aProduct("papelaria")).fields;
    const reply = await post("/gestor/catalogue/products", {
      fields: { ...base, itemTOTVSId: "990001", NOME: "Estojo Duplo Azul", slug: "", imagem: "" },
      image: PNG.toString("base64"),
    });
    expect(reply.status).toBe(200);
    const row = await productRow(reply.body.product.id);
    expect(row).toMatchObject({ slug: "estojo-duplo-azul", item_totvs_id: 990001 });
    expect(row.image).toMatch(/^\/api\/product-images\/[0-9a-f-]{36}\.png$/);
    const image = await t.api.request(row.image.replace(/^\/api/, ""));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    const [entry] = await auditRows(row.id);
    expect(entry).toMatchObject({ action: "product.create", summary: "Criou o produto Estojo Duplo Azul" });
  });

  it("refuses an image that is not JPEG, PNG or WebP by its bytes, or too large", async () => {
    const product = await aProduct();
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00", "latin1").toString("base64");
    const svgAsPng = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>").toString("base64");
    const large = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]).toString("base64");
    for (const [image, message] of [
      [gif, IMAGE_WRONG_TYPE],
      [svgAsPng, IMAGE_WRONG_TYPE],
      [large, IMAGE_TOO_LARGE],
    ]) {
      const reply = await post(`/gestor/catalogue/products/${product.id}`, { fields: product.fields, image });
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toBe(message);
    }
    expect(await t.db.selectFrom("product_images").select("id").execute()).toHaveLength(1);
    expect((await productRow(product.id)).image).toBe(product.fields.imagem);
  });

  it("searches by title and filters by visibility", async () => {
    const reply = await get("/gestor/catalogue/products?q=estojo duplo&visivel=sim");
    expect(reply.body.rows.map((row: { title: string }) => row.title)).toEqual(["Estojo Duplo Azul"]);
    expect((await get("/gestor/catalogue/products?q=estojo duplo&visivel=nao")).body.total).toBe(0);
  });
});

describe("who may use the catalogue's calls", () => {
  const samples: Record<string, { params: Record<string, string | number>; body?: unknown }> = {
    getProduct: { params: { productId: crypto.randomUUID() } },
    updateProduct: { params: { productId: crypto.randomUUID() }, body: { fields: {} } },
    updateCategory: { params: { categoryId: crypto.randomUUID() }, body: {} },
    updateBanner: { params: { highlightId: 1, bannerId: "x" }, body: {} },
    updateHighlight: { params: { highlightId: 1 }, body: {} },
    createProduct: { params: {}, body: { fields: {} } },
    createCategory: { params: {}, body: {} },
    previewImport: { params: {}, body: { csv: "" } },
    runImport: { params: {}, body: { csv: "" } },
  };
  const writes = [
    "createProduct",
    "updateProduct",
    "createCategory",
    "updateCategory",
    "updateBanner",
    "updateHighlight",
    "previewImport",
    "runImport",
  ];
  const calls = Object.entries(gestorCatalogue).filter(([name]) => name !== "productImage");

  it("answers 401 without a token and to a customer's token, 403 to atendimento on every write", async () => {
    const customer = await signUpAndLogIn(t);
    for (const [name, declared] of calls) {
      const sample = samples[name] ?? { params: {} };
      const path = buildPath(declared.path, sample.params as never);
      for (const token of [undefined, customer.token]) {
        const reply = await t.call(declared.method, path, sample.body, { token });
        expect(reply.status, `${name} with ${token ? "a customer's token" : "no token"}`).toBe(401);
      }
      const asAtendente = await t.call(declared.method, path, sample.body, { token: atendente.token });
      if (writes.includes(name)) {
        expect(asAtendente.status, name).toBe(403);
        expect(asAtendente.body.error.message).toBe(ROLE_REFUSED);
      } else expect(asAtendente.status, name).not.toBe(403);
    }
  });
});

describe("categories and highlights", () => {
  it("creates and edits a category, refuses a slug in use, and audits both", async () => {
    const created = await post("/gestor/catalogue/categories", {
      title: "Livros de Inglês",
      position: "30",
      visible: "on",
    });
    expect(created.status).toBe(200);
    const id = created.body.category.id;
    const clash = await post(`/gestor/catalogue/categories/${id}`, {
      title: "Livros",
      slug: "papelaria",
      position: "1",
    });
    expect(clash.status).toBe(400);
    expect(clash.body.error.message).toBe('Já existe uma categoria com o slug "papelaria".');
    const bad = await post(`/gestor/catalogue/categories/${id}`, { title: "", position: "x" });
    expect(bad.body.error.message).toBe("Informe o título da categoria.");
    const edited = await post(`/gestor/catalogue/categories/${id}`, {
      title: "Livros de Inglês",
      slug: "ingles",
      position: "31",
    });
    expect(edited.status).toBe(200);
    const list = await get("/gestor/catalogue/categories", atendente.token);
    expect(list.body.categories.find((c: { id: string }) => c.id === id)).toMatchObject({
      slug: "ingles",
      visible: false,
      position: 31,
      productCount: 0,
    });
    const entries = await auditRows(id);
    expect(entries.map((e) => e.action)).toEqual(["category.create", "category.update"]);
    expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ slug: "livros-de-ingles", visible: true });
    expect(JSON.parse(entries[1]!.after_json!)).toMatchObject({ slug: "ingles", visible: false });
  });

  it("gives a category an icon and a home section, which the shop's calls carry, validated and audited", async () => {
    const shopCategory = async (slug: string) =>
      (
        await t.call("GET", "/categories/list-category-by-store-id/1?field=visible&filter=enabled")
      ).body.categories.find((c: { slug: string }) => c.slug === slug);
    // The seeded home: spec §9's four sections, with their headings and labels.
    expect(await shopCategory("material-didatico")).toMatchObject({
      icon: null,
      homeSection: { position: 3, heading: "Material Didático", menuLabel: "Material" },
    });
    const { body } = await get("/gestor/catalogue/categories");
    const canecas = body.categories.find((c: { slug: string }) => c.slug === "canecas");
    expect(canecas).toMatchObject({ icon: null, homePosition: null, homeHeading: null, homeMenuLabel: null });
    expect(await shopCategory("canecas")).toMatchObject({ homeSection: null });
    const fields = { title: "Canecas", slug: "canecas", position: String(canecas.position), visible: "1" };

    for (const [bad, message] of [
      [{ icon: "foguete" }, "Escolha um dos ícones da lista."],
      [{ homePosition: "0" }, "Posição na página inicial: um número de 1 a 20, ou em branco para não mostrar."],
      [{ homeHeading: "Canecas da escola" }, "Informe a posição na página inicial, ou deixe este campo em branco."],
    ] as const) {
      const refused = await post(`/gestor/catalogue/categories/${canecas.id}`, { ...fields, ...bad });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(message);
    }
    expect(await auditRows(canecas.id)).toEqual([]);

    const asAtendente = await post(
      `/gestor/catalogue/categories/${canecas.id}`,
      { ...fields, homePosition: "5" },
      atendente.token,
    );
    expect(asAtendente.status).toBe(403);

    const saved = await post(`/gestor/catalogue/categories/${canecas.id}`, {
      ...fields,
      icon: "squeezes",
      homePosition: "5",
      homeMenuLabel: "Canecas",
    });
    expect(saved.status).toBe(200);
    // The heading left blank is the title.
    expect(await shopCategory("canecas")).toMatchObject({
      icon: "squeezes",
      homeSection: { position: 5, heading: "Canecas", menuLabel: "Canecas" },
    });
    const home = await t.call("POST", "/products/list-products-in-home/store/1/visible/enabled", {
      categories: [{ slug: "canecas", limit: 2 }],
    });
    expect(home.body.categories[0].products.length).toBeGreaterThan(0);
    const [entry] = await auditRows(canecas.id);
    expect(entry).toMatchObject({ action: "category.update", actor_label: expect.any(String) });
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ icon: null, homePosition: null, homeMenuLabel: null });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({
      icon: "squeezes",
      homePosition: 5,
      homeMenuLabel: "Canecas",
    });

    // Blank again: the slug's icon and off the home.
    await post(`/gestor/catalogue/categories/${canecas.id}`, fields);
    expect(await shopCategory("canecas")).toMatchObject({ icon: null, homeSection: null });
  });

  it("edits a highlight's title and visibility: hidden, the shop's highlight call has none", async () => {
    const { body } = await get("/gestor/catalogue/highlights");
    const highlight = body.highlights[0];
    const shopHighlight = () =>
      t.call("GET", `/highlights/list-highlight-by-id/${highlight.id}/store/1/visible/enabled`);
    const bad = await post(`/gestor/catalogue/highlights/${highlight.id}`, { title: " ", visible: "1" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Informe o título do destaque.");
    const refused = await post(
      `/gestor/catalogue/highlights/${highlight.id}`,
      { title: "Outro", visible: "0" },
      atendente.token,
    );
    expect(refused.status).toBe(403);
    expect((await shopHighlight()).status).toBe(200);

    const hidden = await post(`/gestor/catalogue/highlights/${highlight.id}`, {
      title: "Volta às aulas",
      visible: "0",
    });
    expect(hidden.status).toBe(200);
    expect((await shopHighlight()).status).toBe(404);
    const shown = await post(`/gestor/catalogue/highlights/${highlight.id}`, { title: "Volta às aulas", visible: "1" });
    expect(shown.status).toBe(200);
    expect((await shopHighlight()).body.highlight.title).toBe("Volta às aulas");
    const missing = await post("/gestor/catalogue/highlights/999999", { title: "X", visible: "1" });
    expect(missing.status).toBe(404);

    const entries = await auditRows(String(highlight.id));
    expect(entries.map((e) => [e.action, e.summary])).toEqual([
      ["highlight.update", "Alterou o destaque Volta às aulas"],
      ["highlight.update", "Alterou o destaque Volta às aulas"],
    ]);
    expect(JSON.parse(entries[0]!.before_json!)).toEqual({ title: highlight.title, visible: true });
    expect(JSON.parse(entries[0]!.after_json!)).toEqual({ title: "Volta às aulas", visible: false });
  });

  it("edits a home banner, which the shop's highlight call shows", async () => {
    const { body } = await get("/gestor/catalogue/highlights");
    const highlight = body.highlights[0];
    const banner = highlight.banners[0];
    const fields = {
      title: "Volta às aulas",
      subtitle: "Tudo com 10%",
      image: banner.image,
      link: "/categoria/papelaria",
      position: "0",
    };
    // Another site, written plainly or as a path a browser resolves off the site.
    for (const link of ["https://x.test", "/\\evil.example/x", "//evil.example/x", "/.//evil.example"]) {
      const bad = await post(`/gestor/catalogue/highlights/${highlight.id}/banners/${banner.id}`, { ...fields, link });
      expect([link, bad.status, bad.body.error.message]).toEqual([
        link,
        400,
        "O link é um caminho da loja que começa com /, por exemplo /categoria/cursos.",
      ]);
    }
    const saved = await post(`/gestor/catalogue/highlights/${highlight.id}/banners/${banner.id}`, fields);
    expect(saved.status).toBe(200);
    const shop = await t.call("GET", `/highlights/list-highlight-by-id/${highlight.id}/store/1/visible/enabled`);
    expect(shop.body.highlight.banners[0]).toMatchObject({ title: "Volta às aulas", subtitle: "Tudo com 10%" });
    const [entry] = await auditRows(banner.id);
    expect(entry).toMatchObject({
      action: "highlight.update-banner",
      summary: "Alterou o banner Volta às aulas dos destaques",
    });
  });
});

describe("CSV import and export", () => {
  const exportCsv = async () => {
    const response = await t.api.request("/gestor/catalogue/export", {
      headers: { authorization: `Bearer ${atendente.token}` },
    });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = Buffer.from(await response.arrayBuffer());
    // The BOM (EF BB BF), for spreadsheets to read the accents as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return bytes.subarray(3).toString("utf8");
  };
  const productCount = async () => (await t.db.selectFrom("products").select("id").execute()).length;

  it("exports the catalogue in a shape that imports back without a change", async () => {
    const csv = await exportCsv();
    expect(csv.startsWith("itemTOTVSId;NOME;slug;descricao;categoria;TIPO;PRECO;DESCONTO;")).toBe(true);
    expect(csv).toContain(";1234,56;1100,50;");
    const preview = await post("/gestor/catalogue/import/preview", { csv });
    expect(preview.body).toMatchObject({ errors: [], creates: 0, updates: 0, unchanged: await productCount() });
    const before = await exportCsv();
    const run = await post("/gestor/catalogue/import", { csv: `\uFEFF${csv}` });
    expect(run.status).toBe(200);
    expect(await exportCsv()).toBe(before);
  });

  it("writes a name a spreadsheet would run as a formula as text, and imports it back unchanged", async () => {
    const product = await t.db.selectFrom("products").select(["id", "title"]).orderBy("id").executeTakeFirstOrThrow();
    const formula = '=HYPERLINK("https://evil.example/x";"Clique")';
    await t.db.updateTable("products").set({ title: formula }).where("id", "=", product.id).execute();
    try {
      const csv = await exportCsv();
      expect(csv).toContain(`;"'=HYPERLINK(""https://evil.example/x"";""Clique"")";`);
      expect(csv).not.toMatch(/;"?=HYPERLINK/);
      const preview = await post("/gestor/catalogue/import/preview", { csv });
      expect(preview.body).toMatchObject({ errors: [], creates: 0, updates: 0 });
      await post("/gestor/catalogue/import", { csv });
      const after = await t.db
        .selectFrom("products")
        .select("title")
        .where("id", "=", product.id)
        .executeTakeFirstOrThrow();
      expect(after.title).toBe(formula);
    } finally {
      await t.db.updateTable("products").set({ title: product.title }).where("id", "=", product.id).execute();
    }
  });

  it("lists each bad row's errors, writes nothing with one bad row, and imports a good file in full", async () => {
    const [header, first] = (await exportCsv()).split("\r\n");
    const columns = header!.split(";");
    const row = (changes: Record<string, string>) => {
      const values = first!.split(";");
      for (const [column, value] of Object.entries(changes)) values[columns.indexOf(column)] = value;
      return values.join(";");
    };
    const updated = row({ PRECO: "99,90", DESCONTO: "89,90" });
    const added = row({ itemTOTVSId: "990100", NOME: "Caneta Gel Verde", slug: "caneta-gel-verde" });
    const bad = row({ itemTOTVSId: "990101", NOME: "Caneta Gel Roxa", slug: "caneta-gel-roxa", PRECO: "12.5" });
    const count = await productCount();

    const badFile = [header, updated, added, bad].join("\r\n");
    const preview = await post("/gestor/catalogue/import/preview", { csv: badFile });
    expect(preview.body.errors).toEqual([
      { line: 4, column: "PRECO", message: "Informe o valor em reais com vírgula, por exemplo 1.234,56." },
    ]);
    expect(preview.body.rows.map((r: { action: string }) => r.action)).toEqual(["atualizar", "criar"]);
    const refused = await post("/gestor/catalogue/import", { csv: badFile });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("Nada foi importado: 1 erro no arquivo. Confira a prévia.");
    expect(await productCount()).toBe(count);
    expect((await exportCsv()).split("\r\n")[1]).toBe(first);

    const repeated = await post("/gestor/catalogue/import/preview", { csv: [header, added, added].join("\n") });
    expect(repeated.body.errors).toEqual([
      { line: 3, column: "itemTOTVSId", message: "O código 990100 já aparece na linha 2 do arquivo." },
    ]);

    const goodFile = `\uFEFF${[header, updated, added].join("\n")}\n`;
    const run = await post("/gestor/catalogue/import", { csv: goodFile });
    expect(run.body).toMatchObject({ errors: [], creates: 1, updates: 1 });
    expect(await productCount()).toBe(count + 1);
    const entry = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "catalogue.import")
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_label: admin.email });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ creates: 1, updates: 1 });
  });

  it("refuses a file without the expected columns", async () => {
    const preview = await post("/gestor/catalogue/import/preview", { csv: "codigo;nome\n1;Lápis" });
    expect(preview.body.errors).toContainEqual({
      line: 1,
      column: "PRECO",
      message: "Falta a coluna PRECO no cabeçalho.",
    });
    expect(preview.body.errors).toContainEqual({
      line: 1,
      column: "codigo",
      message: 'Coluna desconhecida: "codigo".',
    });
  });
});
