import { formatBRL } from "#core/money.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { newVisitor } from "./support/pages.ts";
import { withStoreDatabase } from "./support/server-side.ts";
import { ownStudentId, saveCart } from "./support/store-api.ts";

// The gestor's Catálogo (issue 15; docs/decisions/0032-catalogue-editing.md). Each test makes
// its own products: the four projects share one server, and other specs rely on the seed's.

/** A unique TOTVS code and slug for this run. */
function uniqueProduct(label: string) {
  const code = 800_000_000 + Math.floor(Math.random() * 100_000_000);
  return { code, title: `${label} ${code}`, slug: `${label.toLowerCase().replaceAll(" ", "-")}-${code}` };
}

/** A product made in the e2e server's database, at R$ 20,00 (in papelaria unless told). */
async function createProduct(label: string, categorySlug = "papelaria") {
  const product = uniqueProduct(label);
  const id = crypto.randomUUID();
  await withStoreDatabase(async (db) => {
    const category = await db
      .selectFrom("categories")
      .select("id")
      .where("slug", "=", categorySlug)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("products")
      .values({
        id,
        store_id: 1,
        category_id: category.id,
        item_totvs_id: product.code,
        title: product.title,
        slug: product.slug,
        description: "Feito pelo teste do catálogo.",
        search_text: product.title.toLowerCase(),
        image: "/images/logo.svg",
        price_cents: 2000,
        sale_price_cents: 2000,
        type: "P",
        installments: 1,
        shift: null,
        unit_code: "1",
        max_installments: 1,
        turn_year: 0,
        school_year: new Date().getFullYear(),
        status: "enabled",
        visible: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
  });
  return { ...product, id };
}

test("an admin changes a price: a bad price or a too large image is refused on its field, the new price shows on the product page and in a new cart; a category slug clash is refused", async ({
  page,
  context,
  request,
  visit,
  logIn,
  browser,
  js,
}) => {
  const product = await createProduct("Caderno Teste");
  // A visitor's product page comes from the page cache (decision 0036): it must follow the change.
  const visitor = await newVisitor(browser, js);
  await visitor.visit(`/produto/papelaria/${product.slug}`);
  await expect(visitor.page.getByTestId("product-price")).toContainText("R$ 20,00");
  await logInStaff(context, "admin", "Ana Admin");
  await visit(`/gestor/catalogo/produtos/${product.id}`);
  await expect(page.getByRole("heading", { name: product.title })).toBeVisible();

  // Past the 100 KB of other forms, a photo reaches the form's own check (decision 0032).
  const image = page.getByLabel("Nova imagem (JPEG, PNG ou WebP, até 2 MB)");
  await image.setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await page.getByRole("button", { name: "Salvar produto" }).click();
  await expect(page.getByText("A imagem deve ter no máximo 2 MB.")).toBeVisible();
  // With JavaScript the page keeps the chosen file; the person chooses none (or another).
  await image.setInputFiles([]);

  const price = page.getByLabel("Preço em reais (PRECO)");
  const salePrice = page.getByLabel("Preço de venda, com desconto, em reais (DESCONTO)");
  await price.fill("1234.56");
  await salePrice.fill("1.100,00");
  await page.getByRole("button", { name: "Salvar produto" }).click();
  await expect(page.getByText("Informe o valor em reais com vírgula, por exemplo 1.234,56.")).toBeVisible();
  await expect(price).toHaveValue("1234.56");
  await expect(salePrice).toHaveValue("1.100,00");

  await price.fill("1.234,56");
  await page.getByRole("button", { name: "Salvar produto" }).click();
  await expect(price).toHaveValue("1234,56");
  await expect(salePrice).toHaveValue("1100,00");

  await visit(`/produto/papelaria/${product.slug}`);
  // The shop writes the new prices as a store does (decision 0040).
  await expect(page.getByTestId("product-price")).toContainText("de R$ 1.234,56 por R$ 1.100,00 -11%", {
    useInnerText: true,
  });
  await visitor.visit(`/produto/papelaria/${product.slug}`);
  await expect(visitor.page.getByTestId("product-price")).toContainText("de R$ 1.234,56 por R$ 1.100,00", {
    useInnerText: true,
  });
  await visitor.context.close();

  const customer = await logIn();
  await saveCart(request, customer, [
    { studentId: await ownStudentId(request, customer), cartItems: [{ itemTOTVSId: product.code, quantity: 1 }] },
  ]);
  await visit("/compra");
  await expect(page.getByTestId("checkout-total")).toHaveText(formatBRL(1100));

  // A category's slug is unique: refused, the form keeps what was typed.
  await visit("/gestor/catalogo/categorias");
  const newCategory = page.getByRole("region", { name: "Nova categoria" });
  await newCategory.getByLabel("Título").fill("Papelaria Especial");
  await newCategory.getByLabel("Slug").fill("papelaria");
  await newCategory.getByRole("button", { name: "Criar categoria" }).click();
  await expect(newCategory.getByRole("alert")).toHaveText('Já existe uma categoria com o slug "papelaria".');
  await expect(newCategory.getByLabel("Título")).toHaveValue("Papelaria Especial");
});

test("a CSV with one bad row writes nothing and shows the row's error; the corrected file creates the products in the shop", async ({
  page,
  context,
  visit,
}) => {
  const [first, second] = [uniqueProduct("Pasta Teste"), uniqueProduct("Regua Teste")];
  const header =
    "itemTOTVSId;NOME;slug;descricao;categoria;TIPO;PRECO;DESCONTO;PARCELAS;TURNO;CODCOLIGADA;maxInstallments;turnYear;schoolYear;seriesTOTVSID;visivel;imagem";
  const row = (p: typeof first, price: string) =>
    `${p.code};${p.title};${p.slug};Material de teste;papelaria;P;${price};${price};1;;1;1;0;2027;;1;`;
  const upload = async (rows: string[]) => {
    await page.getByLabel("Arquivo CSV (até 2 MB)").setInputFiles({
      name: "produtos.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`\uFEFF${[header, ...rows].join("\r\n")}\r\n`, "utf8"),
    });
    await page.getByRole("button", { name: "Conferir arquivo" }).click();
  };

  await logInStaff(context, "admin");
  await visit("/gestor/catalogo/importar");
  await upload([row(first, "15,90"), row(second, "7.5")]);
  await expect(page.getByRole("list", { name: "Erros por linha" }).getByRole("listitem")).toHaveText([
    "Linha 3, PRECO: Informe o valor em reais com vírgula, por exemplo 1.234,56.",
    "Linha 3, DESCONTO: Informe o valor em reais com vírgula, por exemplo 1.234,56.",
  ]);
  await expect(page.getByRole("button", { name: "Importar" })).toHaveCount(0);
  await visit(`/produto/papelaria/${first.slug}`);
  await expect(page.getByRole("heading", { name: first.title })).toHaveCount(0);

  await visit("/gestor/catalogo/importar");
  await upload([row(first, "15,90"), row(second, "7,50")]);
  await expect(page.getByTestId("previa-resumo")).toHaveText("2 a criar, 0 a atualizar, 0 sem mudança.");
  await page.getByRole("button", { name: "Importar" }).click();
  await expect(page).toHaveURL(/\/gestor\/catalogo$/);

  await visit(`/produto/papelaria/${second.slug}`);
  await expect(page.getByRole("heading", { name: second.title })).toBeVisible();
  await expect(page.getByTestId("product-price")).toContainText(/^R\$ 7,50/, { useInnerText: true });
});

test("an admin puts a category on the home page with its own icon: the home shows its section and menu link", async ({
  page,
  context,
  visit,
  browser,
  js,
}) => {
  // A category of this test only: the other specs' home and menu keep theirs.
  const { code } = uniqueProduct("Brindes");
  const category = { id: crypto.randomUUID(), title: `Brindes ${code}`, slug: `brindes-${code}` };
  await withStoreDatabase((db) =>
    db
      .insertInto("categories")
      .values({
        ...category,
        store_id: 1,
        status: "enabled",
        visible: 1,
        position: 900,
        created_at: new Date().toISOString(),
      })
      .execute(),
  );
  const product = await createProduct("Chaveiro Teste", category.slug);
  // A visitor's home comes from the page cache (decision 0036): it must follow the change.
  const visitor = await newVisitor(browser, js);
  await visitor.visit("/");

  await logInStaff(context, "admin");
  await visit("/gestor/catalogo/categorias");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: `Salvar ${category.title}` }) });
  await expect(form.getByLabel("Ícone")).toHaveValue("");
  await form.getByLabel("Ícone").selectOption({ label: "Canecas" });
  await form.getByLabel("Rótulo no menu da página inicial").fill(`Brindes ${code}`);
  await form.getByRole("button", { name: `Salvar ${category.title}` }).click();
  // A label without a place on the home is refused; the form keeps what was typed.
  await expect(form.getByText("Informe a posição na página inicial, ou deixe este campo em branco.")).toBeVisible();
  await expect(form.getByLabel("Rótulo no menu da página inicial")).toHaveValue(`Brindes ${code}`);
  await expect(form.getByLabel("Ícone")).toHaveValue("canecas");

  await form.getByLabel("Posição na página inicial").fill("20");
  await form.getByLabel("Cabeçalho da seção na página inicial").fill("Brindes da escola");
  await form.getByRole("button", { name: `Salvar ${category.title}` }).click();
  await expect(form.getByLabel("Posição na página inicial")).toHaveValue("20");
  await expect(form.getByLabel("Ícone")).toHaveValue("canecas");

  await visit("/");
  const menu = page.getByRole("navigation", { name: "Seções da página inicial" });
  await expect(menu.getByRole("link", { name: `Brindes ${code}`, exact: true })).toHaveAttribute(
    "href",
    `#brindes-${code}`,
  );
  const section = page.getByRole("region", { name: "Brindes da escola" });
  await expect(section.getByRole("heading", { name: product.title })).toBeVisible();
  // The spec's four sections are still there.
  await expect(menu.getByRole("link", { name: "Lançamentos", exact: true })).toHaveAttribute("href", "#lancamentos");
  await visitor.visit("/");
  await expect(
    visitor.page.getByRole("region", { name: "Brindes da escola" }).getByRole("heading", { name: product.title }),
  ).toBeVisible();
  await visitor.context.close();

  // The category's page shows the chosen icon (canecas' picture), not the "outros" of its slug.
  await visit(`/categoria/${category.slug}`);
  const header = page.locator("header", { has: page.getByRole("heading", { level: 1, name: category.title }) });
  await expect(header.locator('img[src="/images/categorias/canecas.svg"]')).toHaveCount(1);
  await expect(header.locator('img[src="/images/categorias/outros.svg"]')).toHaveCount(0);

  // Off the shop again, for the other specs' menus.
  await withStoreDatabase((db) =>
    db.updateTable("categories").set({ visible: 0 }).where("id", "=", category.id).execute(),
  );
});

test("atendimento reads the catalogue without any form to change it", async ({ page, context, visit }) => {
  const product = await createProduct("Lapis Teste");
  await logInStaff(context, "atendimento");
  await visit(`/gestor/catalogo?q=${encodeURIComponent(product.title)}`);
  await expect(page.getByRole("link", { name: product.title })).toBeVisible();
  await expect(page.getByRole("link", { name: "Novo produto" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Importar CSV" })).toHaveCount(0);

  await page.getByRole("link", { name: product.title }).click();
  await expect(page.getByRole("heading", { name: product.title })).toBeVisible();
  await expect(page.getByText("R$ 20,00").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Salvar produto" })).toHaveCount(0);
  await expect(page.getByRole("textbox")).toHaveCount(0);

  await visit("/gestor/catalogo/categorias");
  await expect(page.getByRole("table", { name: "Categorias da loja" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Criar categoria" })).toHaveCount(0);

  await visit("/gestor/catalogo/importar");
  await expect(page.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
});

test("an admin adds a product with three sizes and a size chart; a size under another product's code is refused with everything kept", async ({
  page,
  context,
  visit,
}) => {
  const existing = await createProduct("Camiseta Existente");
  const product = uniqueProduct("Camiseta Tamanhos");
  await logInStaff(context, "admin", "Ana Admin");
  await visit("/gestor/catalogo/produtos/novo");
  await page.getByLabel("Nome", { exact: true }).fill(product.title);
  await page.getByLabel("Código do item no TOTVS (itemTOTVSId)").fill(String(product.code));
  await page.getByLabel("Categoria", { exact: true }).selectOption("papelaria");
  await page.getByLabel("Preço em reais (PRECO)").fill("59,90");
  await page.getByLabel("Preço de venda, com desconto, em reais (DESCONTO)").fill("54,90");
  await page.getByLabel("Unidade (CODCOLIGADA)").selectOption({ index: 1 });
  await page.getByLabel("Nome da opção").fill("Tamanho");
  await page
    .getByLabel("Tabela de medidas")
    .fill("Tamanho; Busto (cm); Comprimento (cm)\nP; 80; 60\nM; 88; 64\nG; 96; 68");

  // Each row added: without JavaScript a post that brings the form back, all typed kept.
  const sizes = [
    ["P", product.code + 1],
    ["M", product.code + 2],
    ["G", existing.code],
  ] as const;
  for (const [index, [value, code]] of sizes.entries()) {
    await page.getByRole("button", { name: "Adicionar opção" }).click();
    const row = page.getByRole("group", { name: `Opção ${index + 1}` });
    await row.getByLabel("Valor").fill(value);
    await row.getByLabel("Código TOTVS").fill(String(code));
  }
  await page.getByRole("group", { name: "Opção 3" }).getByLabel("Preço (R$)", { exact: true }).fill("64,90");
  // One row too many, taken back.
  await page.getByRole("button", { name: "Adicionar opção" }).click();
  await page.getByRole("button", { name: "Remover a opção 4" }).click();
  await expect(page.getByRole("group", { name: "Opção 4" })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Opção 1" }).getByLabel("Valor")).toHaveValue("P");
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue(product.title);
  const preview = page.getByRole("table", { name: "Prévia da tabela de medidas" });
  await expect(preview.getByRole("row")).toHaveCount(4);
  await expect(preview.getByRole("columnheader", { name: "Busto (cm)" })).toBeVisible();

  await page.getByRole("button", { name: "Criar produto" }).click();
  await expect(page.getByText(`O código TOTVS ${existing.code} já é do produto "${existing.title}".`)).toBeVisible();
  const third = page.getByRole("group", { name: "Opção 3" });
  await expect(third.getByLabel("Valor")).toHaveValue("G");
  await expect(third.getByLabel("Preço (R$)", { exact: true })).toHaveValue("64,90");
  await expect(page.getByLabel("Nome da opção")).toHaveValue("Tamanho");

  await third.getByLabel("Código TOTVS").fill(String(product.code + 3));
  await page.getByRole("button", { name: "Criar produto" }).click();
  await expect(page.getByRole("heading", { name: product.title })).toBeVisible();
  for (const [index, value] of ["P", "M", "G"].entries())
    await expect(page.getByRole("group", { name: `Opção ${index + 1}` }).getByLabel("Valor")).toHaveValue(value);
  await expect(page.getByRole("group", { name: "Opção 3" }).getByLabel("Código TOTVS")).toHaveValue(
    String(product.code + 3),
  );
  await expect(page.getByRole("table", { name: "Prévia da tabela de medidas" }).getByRole("row")).toHaveCount(4);
  const stored = await withStoreDatabase((db) =>
    db
      .selectFrom("product_variants")
      .innerJoin("products", "products.id", "product_variants.product_id")
      .select(["product_variants.value", "product_variants.price_cents"])
      .where("products.item_totvs_id", "=", product.code)
      .orderBy("product_variants.position")
      .execute(),
  );
  expect(stored).toEqual([
    { value: "P", price_cents: null },
    { value: "M", price_cents: null },
    { value: "G", price_cents: 6490 },
  ]);
});
