import { accountMenu, createCustomer, expectLoggedIn, logInThroughModal } from "./support/accounts.ts";
import {
  buyForMyself,
  cartCount,
  cartPanel,
  chosenStudent,
  expectAddedToCart,
  linkModal,
  openAddStudent,
  studentConsent,
  studentRadio,
} from "./support/cart.ts";
import { findProduct, productPath } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { dialogReady, newVisitor } from "./support/pages.ts";
import { csrfTokenOf } from "./support/session.ts";
import { linkByRa, ownStudentId, saveCart } from "./support/store-api.ts";
import { productInstallments } from "#core/installments.ts";
import { formatBRL } from "#core/money.ts";

/** "R$ 1.234,50", written here rather than by the store's formatter the test checks. */
const brl = (value: number) =>
  `R$ ${value.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\u00a0/g, " ")}`;

test("a discounted product shows de/por, the price, a whole-number badge and the instalments", async ({
  page,
  visit,
  request,
}) => {
  const product = await findProduct(request, (p) => p.DESCONTO > 0 && p.DESCONTO < p.PRECO * 0.99 && p.PARCELAS > 1);
  await visit(productPath(product));
  const panel = page.getByTestId("product-information");
  await expect(panel.getByRole("heading", { level: 1 })).toHaveText(product.title);
  await expect(panel.getByText(/^Unidade - /)).toBeVisible();
  await expect(panel.getByRole("link", { name: product.category.title })).toHaveAttribute(
    "href",
    `/categoria/${product.category.slug}`,
  );
  const price = page.getByTestId("product-price");
  // Spec §9 today (decision 0021): the e2e server runs on the real clock, so does the expectation.
  const n = productInstallments(product);
  const percent = Math.round((1 - product.DESCONTO / product.PRECO) * 100);
  // Decision 0040: "de R$ 199,90 por R$ 159,90 -20% ou 2x de R$ 79,95 sem juros".
  await expect(price).toContainText(`de ${brl(product.PRECO)} por ${brl(product.DESCONTO)} -${percent}%`, {
    useInnerText: true,
  });
  await expect(price.locator("s")).toHaveText(brl(product.PRECO));
  if (n > 1) {
    const each = Math.round((product.DESCONTO / n) * 100) / 100;
    await expect(price).toContainText(`${brl(product.DESCONTO)} -${percent}% ou ${n}x de ${brl(each)} sem juros`, {
      useInnerText: true,
    });
  }
  // Never the spec's literal "R$ 2x79,95", never a badge with decimals.
  await expect(price).not.toContainText(/R\$ \d+x|\d+,\d+%/);
  await expect(page.getByRole("img", { name: product.title })).toBeVisible();
});

test("a product without discount shows its price first, and no de/por nor badge", async ({ page, visit, request }) => {
  const product = await findProduct(request, (p) => p.DESCONTO > 0 && p.DESCONTO === p.PRECO && p.PARCELAS > 1);
  await visit(productPath(product));
  const price = page.getByTestId("product-price");
  await expect(price).toContainText(new RegExp(`^${brl(product.DESCONTO).replace(/[$.]/g, "\\$&")}`), {
    useInnerText: true,
  });
  await expect(price.locator("s")).toHaveCount(0);
  await expect(price).not.toContainText(/\bpor\b|%|desconto/);
  const n = productInstallments(product);
  if (n > 1) await expect(price).toContainText(new RegExp(`ou ${n}x de R\\$ [\\d.]+,\\d{2} sem juros`));
});

test("goods name where and when they are picked up; a course does not", async ({ page, visit, request }) => {
  const good = await findProduct(request, (p) => p.TIPO === "M" && p.CODCOLIGADA === "1");
  await visit(productPath(good));
  await expect(page.getByTestId("product-information").getByText("Unidade - Colégio Saber Boa Viagem")).toBeVisible();
  await expect(page.getByTestId("product-pickup")).toHaveText(
    "Retirada: Colégio Saber Boa Viagem, Rua Ernesto de Paula Santos, 1020, Boa Viagem, Recife - PE · Seg. a sex., 7h às 17h",
  );
  const course = await findProduct(request, (p) => p.TIPO === "S");
  await visit(productPath(course));
  await expect(page.getByTestId("product-information").getByText(/^Unidade - /)).toBeVisible();
  await expect(page.getByTestId("product-pickup")).toHaveCount(0);
});

test("a free product says so", async ({ page, visit, request }) => {
  const product = await findProduct(request, (p) => p.DESCONTO === 0);
  await visit(productPath(product));
  await expect(page.getByTestId("product-price")).toHaveText("Este produto/serviço é grátis");
});

test("a visitor's Comprar puts the item in their cart, waiting for a student", async ({ page, visit, request }) => {
  const product = await findProduct(request, (p) => p.TIPO === "P");
  await visit(productPath(product));
  await page.getByTestId("buy-button").click();
  await expectAddedToCart(page, "Selecionar estudante");
  await expect(cartPanel(page).getByTestId("cart-line")).toContainText(product.title.slice(0, 20));
});

test("unknown product or category slugs are the not-found page with 404", async ({ page, request }) => {
  const product = await findProduct(request, () => true);
  for (const path of [
    `/produto/${product.category.slug}/nao-existe`,
    `/produto/nao-existe/${product.slug}`,
    "/produto/X%20Y/z",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  }
});

// The product page is served to visitors from the page cache (docs/decisions/0036-page-cache.md):
// each still gets their own form token, and a shopper the store knows gets their own page.
test("visitors and a customer on one product page each get their own form token and cart", async ({
  page,
  visit,
  request,
  logIn,
  browser,
  js,
}) => {
  const product = await findProduct(request, (p) => p.TIPO === "P");
  const path = productPath(product);
  const [first, second] = await Promise.all([newVisitor(browser, js), newVisitor(browser, js)]);
  for (const visitor of [first, second]) await visitor.visit(path);
  const tokens = [await csrfTokenOf(first.context), await csrfTokenOf(second.context)];
  expect(tokens[0]).not.toBeNull();
  expect(tokens[0]).not.toBe(tokens[1]);
  for (const [index, visitor] of [first, second].entries())
    for (const field of await visitor.page.locator("input[name=csrf]").all())
      expect(await field.inputValue()).toBe(tokens[index]);

  // The second visitor's first form post works with their token; the page then is theirs.
  await second.page.getByTestId("buy-button").click();
  await expectAddedToCart(second.page, "Selecionar estudante");
  await second.visit(path);
  await expect(cartCount(second.page)).toHaveText("1");

  const customer = await logIn();
  await saveCart(request, customer, [
    { studentId: await ownStudentId(request, customer), cartItems: [{ itemTOTVSId: product.itemTOTVS, quantity: 2 }] },
  ]);
  await visit(path);
  await expect(cartCount(page)).toHaveText("2");
  await expectLoggedIn(page, customer.name);

  await first.visit(path);
  await expect(cartCount(first.page)).toHaveText("0");
  await expect(accountMenu(first.page)).toHaveCount(0);
  await Promise.all([first.context.close(), second.context.close()]);
});

// Issue 25 point 10: an item goes in a customer's cart only with its student.
test("closing the link modal after Comprar leaves the cart as it was, even on a page opened before the login", async ({
  page,
  visit,
  request,
  logIn,
  js,
}) => {
  const product = await findProduct(request, (p) => p.TIPO === "P");
  const path = productPath(product);
  // A visitor's page, whose Comprar is the visitor's form; the login happens in another tab.
  await visit(path);
  const customer = await logIn();
  await page.getByTestId("buy-button").click();
  const modal = await dialogReady(linkModal(page), js);
  await expect(page).toHaveURL(new RegExp(`${path}\\?vinculo=escolha$`));
  await modal.getByRole("link", { name: "Fechar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(cartCount(page)).toHaveText("0");
  const cart = await request.get(`/api/carts/list-cart-by-customer/${customer.id}/store/1`, {
    headers: customer.headers,
  });
  expect((await cart.json()).cart?.bags ?? []).toEqual([]);
});

test("a visitor's item waiting for its student goes to the one chosen after the login: one unit, charged once", async ({
  page,
  visit,
  request,
  js,
}) => {
  test.slow(); // a login and several pages, each a page load without JavaScript
  const customer = await createCustomer(request);
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
  const path = productPath(product);
  await visit(path);
  await page.getByTestId("buy-button").click();
  await expectAddedToCart(page, "Selecionar estudante");

  await visit(path);
  await logInThroughModal(page, customer, js);
  await buyForMyself(page);
  await expectAddedToCart(page, customer.name);
  const panel = cartPanel(page);
  await expect(panel.getByTestId("cart-bag")).toHaveCount(1);
  await expect(panel.getByTestId("cart-line-quantity")).toHaveText("1");
  await expect(cartCount(page)).toHaveText("1");

  // The checkout has nothing left waiting, and its total is the item's price once.
  await visit("/compra");
  await expect(page.getByTestId("checkout-total")).toHaveText(formatBRL(product.DESCONTO));
});

// Issue 25 point 4: the student step, lighter.
test("the link modal asks who the item is for: students are a radio group, Confirmar stays on screen", async ({
  page,
  visit,
  request,
  logIn,
  js,
}) => {
  const customer = await logIn();
  for (const ra of ["20250001", "20250002", "20250003", "20250004"]) await linkByRa(request, customer, ra);
  const product = await findProduct(request, (p) => p.TIPO === "P");
  await visit(productPath(product));
  await page.getByTestId("buy-button").click();
  let modal = await dialogReady(linkModal(page), js);
  await modal.getByRole("link", { name: /Lista de alunos/ }).click();
  modal = await dialogReady(linkModal(page), js);

  // The list screen has the students and a button to add one, not the forms to add one.
  const group = modal.getByRole("group", { name: /alunos vinculados/i });
  await expect(group.getByRole("radio")).toHaveCount(4);
  await expect(modal.getByPlaceholder("Digite o RA do aluno")).toHaveCount(0);
  await expect(modal.getByRole("link", { name: "Adicionar aluno sem RA" })).toHaveCount(0);
  await expect(modal.getByRole("link", { name: /adicionar novo aluno/i })).toBeVisible();

  // Confirmar is on screen without scrolling, on a phone too, however long the list.
  const confirm = modal.getByRole("button", { name: "Confirmar" });
  await expect(confirm).toBeInViewport();

  // Space chooses the focused student; the arrow keys move the choice along the group.
  await studentRadio(modal, "20250001").focus();
  await page.keyboard.press("Space");
  await expect(studentRadio(modal, "20250001")).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await expect(studentRadio(modal, "20250002")).toBeChecked();
  await expect(studentRadio(modal, "20250001")).not.toBeChecked();
  await expect(confirm).toBeInViewport();
  await confirm.click();
  await expectAddedToCart(page, "RA 20250002");
});

test("adding a student is behind its own button; the consent is one sentence, its whole text a click away", async ({
  page,
  visit,
  request,
  logIn,
  js,
}) => {
  await logIn();
  const product = await findProduct(request, (p) => p.TIPO === "P");
  await visit(`${productPath(product)}?vinculo=lista`);
  let modal = await dialogReady(linkModal(page), js);
  await openAddStudent(modal);
  modal = await dialogReady(linkModal(page), js);
  await expect(modal.getByPlaceholder("Digite o RA do aluno")).toBeVisible();
  await expect(modal.getByRole("link", { name: "Adicionar aluno sem RA" })).toBeVisible();
  await expect(studentConsent(modal)).toHaveAccessibleName(
    "Sou responsável por este estudante e autorizo a Loja Escolar a guardar os dados dele para as compras.",
  );
  const fullText = modal.getByText(/Ficam guardados enquanto o vínculo existir/);
  await expect(fullText).toBeHidden();
  await modal.getByText("Ler a autorização completa").click();
  await expect(fullText).toBeVisible();

  // Voltar goes back to the list, with nothing chosen yet.
  await modal.getByRole("link", { name: "Voltar" }).click();
  await expect(modal.getByRole("heading", { name: /alunos vinculados/i })).toBeVisible();
  await expect(chosenStudent(modal)).toHaveCount(0);
});
