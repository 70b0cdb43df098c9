import { accountMenu, expectLoggedIn } from "./support/accounts.ts";
import { cartCount, cartPanel, expectAddedToCart } from "./support/cart.ts";
import { findProduct, productPath } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { newVisitor } from "./support/pages.ts";
import { csrfTokenOf } from "./support/session.ts";
import { ownStudentId, saveCart } from "./support/store-api.ts";
import { productInstallments } from "#app/lib/installments.ts";

const money = (value: number) =>
  value.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\u00a0/g, " ");

test("a discounted product shows instalments, the price and the discount", async ({ page, visit, request }) => {
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
  await expect(price).toContainText(`de R$ ${n}x${money(Math.round((product.PRECO / n) * 100) / 100)}`);
  await expect(price).toContainText(`Por R$ ${n}x${money(Math.round((product.DESCONTO / n) * 100) / 100)}`);
  await expect(price).toContainText(/\(\d+(,\d{2})?% desconto\)/);
  await expect(page.getByRole("img", { name: product.title })).toBeVisible();
});

test("a product without discount shows no discount text", async ({ page, visit, request }) => {
  const product = await findProduct(request, (p) => p.DESCONTO > 0 && p.DESCONTO === p.PRECO);
  await visit(productPath(product));
  await expect(page.getByTestId("product-price")).toContainText("Por R$");
  await expect(page.getByTestId("product-price")).not.toContainText("desconto");
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
