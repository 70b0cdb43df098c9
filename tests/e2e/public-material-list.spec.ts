/**
 * "A list anyone can read" (issue 29): a published material list's public page, its printable
 * page and its PDF, with JavaScript and without. Each test makes its own list, for a grade code
 * of its own, with products of its own (tests/e2e/support/own-material-list.ts, stock.ts).
 */
import { Auditor } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { ownMaterialList, schoolOwnMaterial, studentInGrade } from "./support/own-material-list.ts";
import { ownProduct } from "./support/stock.ts";
import { saveCart } from "./support/store-api.ts";
import { pdfText } from "#tests/fixtures/pdf-text.ts";

const NOTICE = "Entregar todo o material com nome e turma na primeira semana de aula.";
const NOTE = "Pode ser o do ano anterior, em bom estado.";
const SCHOOL_ONLY = "Material próprio da escola: vendido somente pela escola";

/** A list of three lines: a notebook with a note, the school's own manual, a shirt sold out in every size. */
async function threeLineList() {
  const [notebook, shirt, manual] = await Promise.all([
    ownProduct({ type: "P", title: "Caderno da Lista" }),
    ownProduct({ type: "P", title: "Camisa da Lista", sizes: [["P", 0]] }),
    schoolOwnMaterial(),
  ]);
  const list = await ownMaterialList({
    notice: NOTICE,
    lines: [
      { itemTOTVSId: notebook.itemTOTVSId, quantity: 2, required: false, note: NOTE },
      { itemTOTVSId: manual.itemTOTVSId, quantity: 1, required: true },
      { itemTOTVSId: shirt.itemTOTVSId, quantity: 1, required: true },
    ],
  });
  return { list, notebook, shirt, manual };
}

test("anyone reads a published list from the footer: lines in order, notes and the school's own material", async ({
  page,
  visit,
}) => {
  const { list, notebook, shirt, manual } = await threeLineList();
  await visit("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Listas de material" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Listas de material" })).toBeVisible();
  await page.getByRole("link", { name: new RegExp(list.codgrade) }).click();

  await expect(page.getByRole("heading", { level: 1, name: list.title })).toBeVisible();
  await expect(page.getByTestId("list-notice")).toContainText(NOTICE);
  const lines = page.getByTestId("list-line");
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText(notebook.title);
  await expect(lines.nth(0)).toContainText("Quantidade: 2 · Opcional");
  await expect(lines.nth(0).getByTestId("line-note")).toHaveText(`Observação da escola: ${NOTE}`);
  await expect(lines.nth(1)).toContainText(manual.title);
  await expect(lines.nth(1)).toContainText("Obrigatório");
  // Only the school's own material carries the mark; the rest may be bought anywhere.
  await expect(lines.nth(1).getByTestId("school-only")).toHaveText(SCHOOL_ONLY);
  await expect(page.getByTestId("school-only")).toHaveCount(1);
  await expect(page.getByTestId("buy-anywhere")).toHaveText(
    "Os demais itens podem ser comprados onde você preferir: a escola não pode exigir marca nem loja para eles.",
  );
  await expect(lines.nth(2)).toContainText(shirt.title);
  await expect(lines.nth(2).getByTestId("line-availability")).toHaveText("Esgotado na loja");
  await expect(lines.nth(0).getByTestId("line-price")).toHaveText(/^R\$\s?\d+,\d{2}$/);

  // A visitor's "Comprar pela loja" opens the login over the list.
  await page.getByRole("link", { name: "Comprar pela loja" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${list.path}\\?conta=entrar$`));

  await visit(list.path);
  await lines.nth(0).getByRole("link", { name: notebook.title }).click();
  await expect(page).toHaveURL(new RegExp(`${notebook.path}$`));
  await expect(page.getByRole("heading", { level: 1, name: notebook.title })).toBeVisible();
});

test("the printable list is clean on paper and the PDF downloads with the list's title", async ({
  page,
  visit,
  js,
}) => {
  const { list, notebook, manual } = await threeLineList();
  await visit(list.path);
  await page.getByRole("link", { name: "Imprimir" }).click();
  await expect(page).toHaveURL(new RegExp(`${list.path}/imprimir$`));
  await expect(page.getByRole("heading", { level: 1, name: list.title })).toBeVisible();
  // Outside the shop's layout: no header, menu, footer or bottom bar.
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pular para o conteúdo" })).toHaveCount(0);
  const rows = page.getByTestId("list-checklist").locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(notebook.title);
  await expect(rows.nth(0)).toContainText(NOTE);
  await expect(rows.nth(1)).toContainText(manual.title);
  await expect(rows.nth(1)).toContainText(SCHOOL_ONLY);
  if (js) await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`lista-de-material-${list.codgrade}-${list.periodCode.slice(0, 4)}.pdf`);

  const response = await page.request.get(`${list.path}/pdf`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="lista-de-material-/);
  const pdf = await response.body();
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = pdfText(pdf).replace(/\s+/g, " ");
  expect(text).toContain(list.title);
  expect(text).toContain(notebook.title);
  expect(text).toContain(SCHOOL_ONLY);
});

test("a list published after a visit shows on the next visit of Listas de material", async ({ page, visit }) => {
  const notebook = await ownProduct({ type: "P", title: "Caderno da Nova Lista" });
  // Twice: the page cache keeps this page while the lists stand (decision 0087).
  await visit("/listas-de-material");
  await visit("/listas-de-material");
  const list = await ownMaterialList({
    notice: NOTICE,
    lines: [{ itemTOTVSId: notebook.itemTOTVSId, quantity: 1, required: true }],
  });
  await visit("/listas-de-material");
  await expect(page.getByRole("link", { name: new RegExp(list.codgrade) })).toBeVisible();
});

test("a draft list and an unknown grade are the not-found page, on screen, on paper and as a PDF", async ({ page }) => {
  const notebook = await ownProduct({ type: "P", title: "Caderno do Rascunho" });
  const draft = await ownMaterialList({
    notice: NOTICE,
    publishFrom: null,
    lines: [{ itemTOTVSId: notebook.itemTOTVSId, quantity: 1, required: true }],
  });
  for (const path of [draft.path, `${draft.path}/imprimir`, "/listas-de-material/202600/NAOEXISTE"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
  }
  const pdf = await page.request.get(`${draft.path}/pdf`);
  expect(pdf.status()).toBe(404);
  expect(pdf.headers()["content-type"]).not.toBe("application/pdf");
  await page.goto("/listas-de-material");
  await expect(page.getByRole("link", { name: new RegExp(draft.codgrade) })).toHaveCount(0);
});

test("a parent finds each student's list on the student's card, in the cart and first in Compra Rápida", async ({
  page,
  request,
  visit,
  logIn,
}) => {
  const notebook = await ownProduct({ type: "P", title: "Caderno da Helena" });
  const list = await ownMaterialList({
    notice: NOTICE,
    lines: [{ itemTOTVSId: notebook.itemTOTVSId, quantity: 1, required: true }],
  });
  const customer = await logIn();
  const helena = await studentInGrade(request, customer, "Helena Cavalcanti Rocha", list.codgrade);
  // A student whose grade has no list (not enrolled yet) gets no link.
  await studentInGrade(request, customer, "Otávio Cavalcanti Rocha", null);
  const helenasList = `/conta/lista-de-material/${helena}`;

  await visit("/conta");
  const helenaCard = page.getByTestId("account-student-card").filter({ hasText: "Helena Cavalcanti Rocha" });
  await expect(helenaCard.getByRole("link", { name: "Lista de material de Helena" })).toHaveAttribute(
    "href",
    helenasList,
  );
  const otavioCard = page.getByTestId("account-student-card").filter({ hasText: "Otávio Cavalcanti Rocha" });
  await expect(otavioCard).toBeVisible();
  await expect(otavioCard.getByTestId("student-list-link")).toHaveCount(0);

  await saveCart(request, customer, [
    { studentId: helena, cartItems: [{ itemTOTVSId: notebook.itemTOTVSId, quantity: 1 }] },
  ]);
  await visit("/?carrinho=aberto");
  const panel = page.getByRole("dialog", { name: "Carrinho de compras" });
  await expect(panel.getByRole("link", { name: "Lista de material de Helena" })).toHaveAttribute("href", helenasList);

  await visit("/compra-rapida");
  const block = page.getByRole("region", { name: "Lista de material: a lista da escola para cada estudante" });
  await expect(block.getByRole("link")).toHaveCount(1);
  await expect(block.getByRole("link", { name: "Lista de material de Helena" })).toHaveAttribute("href", helenasList);
  // Today's first step stays below it.
  await expect(page.getByRole("heading", { name: "Qual é a série do estudante?" })).toBeVisible();

  await visit(list.path);
  await expect(page.getByRole("link", { name: "Comprar pela loja para Helena" })).toHaveAttribute("href", helenasList);
});

test("the list's pages pass the WCAG 2.2 AA audit", async ({ page, js }) => {
  // axe is a script: the no-JS projects serve the same HTML, audited here.
  test.skip(!js, "axe needs JavaScript in the page");
  const { list } = await threeLineList();
  const audit = new Auditor(page, js);
  await audit.views([
    { name: "listas de material", path: "/listas-de-material" },
    { name: "lista de material", path: list.path },
    { name: "lista para imprimir", path: `${list.path}/imprimir` },
  ]);
  audit.expectNone();
});
