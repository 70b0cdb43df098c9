import { describe, expect, it } from "vitest";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  gestorUpload,
  locationOf,
  loginFor,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import {
  categoriesPage,
  exportCatalogue,
  highlightsPage,
  importPage,
  productListPage,
  productPage,
  runImport,
  saveCategory,
  saveHighlight,
  saveProduct,
} from "./catalogue.server.ts";

const { store, admin, atendimento: atendente } = gestorTestStoreForFile(["admin", "atendimento"]);

const productRow = (id: string) =>
  store.db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** The edit form as the browser posts it: a box ticked is "on", one not ticked is left out. */
function productForm(fields: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([key, value]) =>
      key === "visivel" || key === "turnYear" ? (value === "1" ? [[key, "on"]] : []) : [[key, value]],
    ),
  );
}

/** The first product of the list, with its edit form's values. */
async function firstProduct() {
  const { list } = await productListPage(gestorGet(admin.cookie, GESTOR_PATHS.catalogue));
  const id = list.rows[0]!.id;
  const { product } = await productPage(gestorGet(admin.cookie, GESTOR_PATHS.catalogueProduct(id)), id);
  return { id, fields: product!.fields };
}

const save = (id: string, fields: Record<string, string>, cookie = admin.cookie) =>
  saveProduct(gestorPost(cookie, productForm(fields), GESTOR_PATHS.catalogueProduct(id)).request, id).then(actionReply);

describe("Catálogo's products", () => {
  it("sends a visitor to the login", async () => {
    expect(locationOf(await thrownBy(productListPage(gestorGet(null, `${GESTOR_PATHS.catalogue}?q=x`))))).toBe(
      loginFor(`${GESTOR_PATHS.catalogue}?q=x`),
    );
  });

  it("lists and filters the products for both roles; only the admin may edit", async () => {
    const { id, fields } = await firstProduct();
    const forAtendente = await productListPage(
      gestorGet(atendente.cookie, `${GESTOR_PATHS.catalogue}?q=${encodeURIComponent(fields.NOME!)}`),
    );
    expect(forAtendente.canEdit).toBe(false);
    expect(forAtendente.filters).toEqual({ q: fields.NOME, categoria: "", visivel: "" });
    expect(forAtendente.list.rows.map((row) => row.id)).toContain(id);
    expect(forAtendente.categories.length).toBeGreaterThan(0);
    const page = await productPage(gestorGet(atendente.cookie, GESTOR_PATHS.catalogueProduct(id)), id);
    expect(page).toMatchObject({ canEdit: false, product: { id } });
  });

  it("refuses atendimento the new product's page and any save; an unknown product is 404", async () => {
    expect(
      (await thrownBy(productPage(gestorGet(atendente.cookie, GESTOR_PATHS.catalogueNewProduct), null)))?.status,
    ).toBe(403);
    const { id, fields } = await firstProduct();
    expect((await thrownBy(save(id, { ...fields, NOME: "Alterado por atendimento" }, atendente.cookie)))?.status).toBe(
      403,
    );
    expect((await productRow(id)).title).toBe(fields.NOME);
    const unknown = crypto.randomUUID();
    expect(
      (await thrownBy(productPage(gestorGet(admin.cookie, GESTOR_PATHS.catalogueProduct(unknown)), unknown)))?.status,
    ).toBe(404);
  });

  it("saves an edit and opens the product with a toast", async () => {
    const { id, fields } = await firstProduct();
    const done = await save(id, { ...fields, NOME: `${fields.NOME} (edição 2026)` });
    expect(done.status).toBe(302);
    expect(locationOf(done.response)).toBe(GESTOR_PATHS.catalogueProduct(id));
    expect((await toastOf(done.response!))?.message).toBe("Produto salvo.");
    expect((await productRow(id)).title).toBe(`${fields.NOME} (edição 2026)`);
  });

  it("answers a product without a name with its message, what was typed kept, nothing saved", async () => {
    const { id, fields } = await firstProduct();
    const refused = await save(id, { ...fields, NOME: "", PRECO: "12,50" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({ NOME: ["Informe o nome do produto."] });
    expect(refused.data.result.initialValue).toMatchObject({ PRECO: "12,50" });
    expect((await productRow(id)).title).toBe(fields.NOME);
  });
});

describe("a product's options (sizes) on the form", () => {
  /** The form as posted with these option rows ("Ativa" ticked unless active is "0"). */
  const withVariants = (fields: Record<string, string>, variants: Record<string, string>[]) => ({
    ...productForm(fields),
    ...Object.fromEntries(
      variants.flatMap(({ active, ...variant }, index) => [
        ...Object.entries(variant).map(([key, value]) => [`variants[${index}].${key}`, value]),
        ...(active === "0" ? [] : [[`variants[${index}].active`, "on"]]),
      ]),
    ),
  });
  const post = (id: string, form: Record<string, string>) =>
    saveProduct(gestorPost(admin.cookie, form, GESTOR_PATHS.catalogueProduct(id)).request, id).then(actionReply);
  const variantRows = (productId: string) =>
    store.db
      .selectFrom("product_variants")
      .select(["value", "item_totvs_id", "active"])
      .where("product_id", "=", productId)
      .orderBy("position")
      .execute();
  const sizes = [
    { value: "P", itemTOTVSId: "880001", PRECO: "", DESCONTO: "" },
    { value: "M", itemTOTVSId: "880002", PRECO: "", DESCONTO: "" },
    { value: "G", itemTOTVSId: "880003", PRECO: "1.390,00", DESCONTO: "" },
  ];

  it("adds an option row without JavaScript: the form comes back with one more, all typed kept, nothing saved", async () => {
    const { id, fields } = await firstProduct();
    const reply = await post(id, {
      ...withVariants({ ...fields, NOME: "Nome ainda não salvo", optionName: "Tamanho" }, [sizes[0]!]),
      __intent__: JSON.stringify({ type: "insert", payload: { name: "variants", defaultValue: { active: "on" } } }),
    });
    expect(reply.status).toBe(200);
    expect(reply.data.result.initialValue).toMatchObject({
      NOME: "Nome ainda não salvo",
      optionName: "Tamanho",
      variants: [{ value: "P", itemTOTVSId: "880001", active: "on" }, { active: "on" }],
    });
    expect((await productRow(id)).title).toBe(fields.NOME);
    expect(await variantRows(id)).toEqual([]);
  });

  it("saves three sizes and a size chart, which the page shows back", async () => {
    const { id, fields } = await firstProduct();
    const done = await post(
      id,
      withVariants({ ...fields, optionName: "Tamanho", sizeChart: "Tamanho; Tórax (cm)\nP; 70\nM; 76\nG; 82" }, sizes),
    );
    expect(done.status, JSON.stringify(done.data)).toBe(302);
    expect((await toastOf(done.response!))?.message).toBe("Produto salvo.");
    expect(await variantRows(id)).toEqual([
      { value: "P", item_totvs_id: 880001, active: 1 },
      { value: "M", item_totvs_id: 880002, active: 1 },
      { value: "G", item_totvs_id: 880003, active: 1 },
    ]);
    const { product } = await productPage(gestorGet(admin.cookie, GESTOR_PATHS.catalogueProduct(id)), id);
    expect(product!.fields).toMatchObject({
      optionName: "Tamanho",
      sizeChart: "Tamanho; Tórax (cm)\nP; 70\nM; 76\nG; 82",
    });
    expect(product!.variants.map((variant) => variant.fields.PRECO)).toEqual(["", "", "1390,00"]);
  });

  it("answers a code of another product with the API's message naming it, all typed kept, nothing saved", async () => {
    const { id, fields } = await firstProduct();
    const { list } = await productListPage(gestorGet(admin.cookie, GESTOR_PATHS.catalogue));
    const other = list.rows.find((row) => row.id !== id)!;
    const before = await variantRows(id);
    const refused = await post(
      id,
      withVariants({ ...fields, optionName: "Tamanho" }, [
        ...sizes.slice(0, 2),
        { value: "GG", itemTOTVSId: String(other.itemTOTVSId), PRECO: "", DESCONTO: "" },
      ]),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error[""]).toEqual([
      `O código TOTVS ${other.itemTOTVSId} já é do produto "${other.title}".`,
    ]);
    expect(refused.data.result.initialValue.variants).toHaveLength(3);
    expect(refused.data.result.initialValue.variants[2]).toMatchObject({ value: "GG" });
    expect(await variantRows(id)).toEqual(before);
  });

  it("refuses options without the option's name on the field, before calling the store", async () => {
    const { id, fields } = await firstProduct();
    const refused = await post(id, withVariants({ ...fields, optionName: "" }, sizes));
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({
      optionName: ["Informe o nome da opção (ex.: Tamanho): o produto tem opções."],
    });
  });
});

describe("categories and highlights", () => {
  it("lists the categories; saves one's new title; refuses an empty one on its own form", async () => {
    const { categories, canEdit } = await categoriesPage(gestorGet(atendente.cookie, GESTOR_PATHS.catalogueCategories));
    expect(canEdit).toBe(false);
    const category = categories[0]!;
    const form = {
      intent: "update",
      categoryId: category.id,
      title: "Livros e apostilas",
      slug: category.slug,
      position: String(category.position),
      visible: category.visible ? "1" : "0",
      icon: category.icon ?? "",
      homePosition: category.homePosition === null ? "" : String(category.homePosition),
      homeHeading: category.homeHeading ?? "",
      homeMenuLabel: category.homeMenuLabel ?? "",
    };
    const send = (fields: Record<string, string>, cookie = admin.cookie) =>
      saveCategory(gestorPost(cookie, fields, GESTOR_PATHS.catalogueCategories).request).then(actionReply);
    expect((await thrownBy(send(form, atendente.cookie)))?.status).toBe(403);

    const refused = await send({ ...form, title: "" });
    expect(refused.status).toBe(400);
    expect(refused.data.formId).toBe(`categoria-${category.id}`);
    expect(refused.data.result.error).toMatchObject({ title: ["Informe o título da categoria."] });

    const done = await send(form);
    expect(locationOf(done.response)).toBe(GESTOR_PATHS.catalogueCategories);
    expect((await toastOf(done.response!))?.message).toBe("Categoria salva.");
    const row = await store.db
      .selectFrom("categories")
      .select("title")
      .where("id", "=", category.id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe("Livros e apostilas");
  });

  it("lists the highlights and saves one's title; an unknown intent is 400", async () => {
    const { highlights } = await highlightsPage(gestorGet(admin.cookie, GESTOR_PATHS.catalogueHighlights));
    const highlight = highlights[0]!;
    const send = (fields: Record<string, string>) =>
      saveHighlight(gestorPost(admin.cookie, fields, GESTOR_PATHS.catalogueHighlights).request).then(actionReply);
    const done = await send({
      intent: "highlight",
      highlightId: String(highlight.id),
      title: "Mais vendidos",
      visible: "1",
    });
    expect((await toastOf(done.response!))?.message).toBe("Destaque salvo.");
    const after = await highlightsPage(gestorGet(admin.cookie, GESTOR_PATHS.catalogueHighlights));
    expect(after.highlights.find((row) => row.id === highlight.id)?.title).toBe("Mais vendidos");
    expect((await thrownBy(send({ intent: "apagar" })))?.init?.status).toBe(400);
  });
});

describe("the CSV export and import", () => {
  it("exports the catalogue, previews it back with nothing to change, and imports it with a toast", async () => {
    const csvReply = await exportCatalogue(gestorGet(atendente.cookie, GESTOR_PATHS.catalogueExport));
    expect(csvReply.headers.get("content-disposition")).toMatch(
      /^attachment; filename="produtos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await csvReply.text();

    expect((await thrownBy(importPage(gestorGet(atendente.cookie, GESTOR_PATHS.catalogueImport))))?.status).toBe(403);
    const upload = (fields: Record<string, string | File>) => {
      const formData = new FormData();
      for (const [key, value] of Object.entries(fields)) formData.append(key, value);
      return runImport(gestorUpload(admin.cookie, formData, GESTOR_PATHS.catalogueImport)).then(actionReply);
    };
    const empty = await upload({ intent: "preview" });
    expect(empty).toMatchObject({ status: 400, data: { step: "refused", message: "Escolha o arquivo CSV." } });

    const preview = await upload({ intent: "preview", arquivo: new File([csv], "produtos.csv", { type: "text/csv" }) });
    expect(preview.data).toMatchObject({
      step: "preview",
      fileName: "produtos.csv",
      report: { errors: [], creates: 0, updates: 0 },
    });
    const imported = await upload({ intent: "import", csv: preview.data.csv });
    expect(locationOf(imported.response)).toBe(GESTOR_PATHS.catalogue);
    expect((await toastOf(imported.response!))?.message).toMatch(
      /^Importação concluída: 0 produtos criados, 0 atualizados, \d+ sem mudança\.$/,
    );
  });
});
