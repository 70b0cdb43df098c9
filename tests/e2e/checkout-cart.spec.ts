import type { Page } from "@playwright/test";
import { createCustomer, logInThroughModal } from "./accounts.ts";
import { findProduct, productsOf } from "./catalogue-data.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

function toast(page: Page, text: string) {
  return page.locator("[data-toast-type]").filter({ hasText: text });
}

function cartPanel(page: Page) {
  return page.getByRole("dialog", { name: "Carrinho de Compras" });
}

function currentStep(page: Page) {
  return page.getByTestId("checkout-stepper").locator("[aria-current=step]");
}

/** The cart view on screen: beside the steps from 769 px, inside the payment step below. */
function cartView(page: Page) {
  return page.getByTestId("cart-view").filter({ visible: true });
}

test("a visitor's cart waits under Selecionar estudante, comes along at login and gets its student in the checkout", async ({ page, visit, js, request }) => {
  test.slow(); // many server round trips; each is a page load without JavaScript
  const customer = await createCustomer(request);
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
  const productPath = `/produto/${product.category.slug}/${product.slug}`;

  await visit(productPath);
  await page.getByTestId("buy-button").click();
  await expect(toast(page, "Item adicionado ao carrinho!")).toBeVisible();
  let panel = cartPanel(page);
  await expect(panel.getByTestId("cart-bag")).toContainText("Selecionar estudante");
  await panel.getByRole("button", { name: "Aumentar quantidade" }).click();
  await expect(cartPanel(page).getByTestId("cart-line-quantity")).toHaveText("2");
  await expect(page.getByTestId("cart-count").filter({ visible: true })).toHaveText("2");
  // Spec §6: no subtotal and no checkout button before the login.
  panel = cartPanel(page);
  await expect(panel.getByText("SUBTOTAL")).toHaveCount(0);
  await expect(panel.getByRole("link", { name: "Proceder Com Pedido" })).toHaveCount(0);

  // The cart is the server's: a reload (a new page load) still has it.
  await visit(`${productPath}?carrinho=aberto`);
  await expect(cartPanel(page).getByTestId("cart-line-quantity")).toHaveText("2");
  await cartPanel(page).getByRole("link", { name: "Entrar e continuar" }).click();
  await expect(page).toHaveURL(/\/compra$/);
  await waitForHydration(page, js);
  await expect(currentStep(page)).toContainText("Autenticação");
  await expect(page.getByTestId("product-information")).toContainText(product.title.toLocaleUpperCase("pt-BR"));

  // Step 1 toggles between login and registration.
  await page.getByRole("link", { name: "Ainda não é cliente? Crie sua conta clicando aqui!" }).click();
  await expect(page.getByRole("heading", { name: "Crie sua conta" })).toBeVisible();
  await page.getByRole("link", { name: "Já é cliente? Faça o login clicando aqui!" }).click();
  await waitForHydration(page, js);
  await page.locator("main").getByLabel("E-mail").fill(customer.email);
  await page.getByLabel("Senha", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Acessar" }).click();
  await expect(toast(page, "Usuário logado com sucesso!")).toContainText("2 itens do carrinho de visitante foram para o seu carrinho");

  // Step 2: who is it for?
  await expect(currentStep(page)).toContainText("Selecionar Aluno");
  await expect(page.getByRole("heading", { name: "Esse Produto é para quem?" })).toBeVisible();
  await page.getByRole("button", { name: /Sou Aluno/ }).click();
  await expect(toast(page, "Item adicionado ao carrinho!")).toBeVisible();

  // Step 3: the cart view has the customer's bag with both units.
  await expect(currentStep(page)).toContainText("Pagamento");
  const view = cartView(page);
  await expect(view.getByRole("heading", { name: "Carrinho" })).toBeVisible();
  await expect(view.getByTestId("cart-view-bag")).toHaveCount(1);
  await expect(view.getByTestId("cart-view-bag")).toContainText(customer.name);
  await expect(view.getByTestId("cart-line-quantity")).toHaveText("2");
  await expect(page.getByTestId("checkout-total")).toHaveText(/^R\$ \d+(\.\d{3})*,\d{2}$/);
});

test("login merges the visitor's cart into the account's: ordinary items add up, a course already there is not doubled", async ({ page, visit, js, request }) => {
  const customer = await createCustomer(request);
  const [course] = (await productsOf(request, "cursos")).filter((p) => p.DESCONTO > 0);
  const other = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);

  // As a visitor: the course, and the other item twice.
  await visit(`/produto/cursos/${course!.slug}`);
  await page.getByTestId("buy-button").click();
  await expect(toast(page, "Item adicionado ao carrinho!")).toBeVisible();
  await visit(`/produto/${other.category.slug}/${other.slug}`);
  await page.getByTestId("buy-button").click();
  await expect(toast(page, "Item adicionado ao carrinho!")).toBeVisible();

  // Another visitor (a fresh browser) sees none of it.
  const stranger = await page.context().browser()!.newContext({ javaScriptEnabled: js });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`${new URL(page.url()).origin}/?carrinho=aberto`);
  await expect(cartPanel(strangerPage).getByText("Seu carrinho está vazio.")).toBeVisible();
  await stranger.close();

  await visit("/faq");
  await logInThroughModal(page, customer.email, customer.password, js);
  await expect(toast(page, "Usuário logado com sucesso!")).toContainText("2 itens do carrinho de visitante");
  await visit("/faq?carrinho=aberto");
  const panel = cartPanel(page);
  await expect(panel.getByTestId("cart-bag")).toHaveCount(1);
  await expect(panel.getByTestId("cart-bag")).toContainText("Selecionar estudante");
  await expect(panel.getByTestId("cart-line")).toHaveCount(2);
  // Logged in: the subtotal and the checkout button show.
  await expect(panel.getByText("SUBTOTAL")).toBeVisible();
  await panel.getByRole("link", { name: "Proceder Com Pedido" }).click();
  await expect(page).toHaveURL(/\/compra$/);
  await expect(currentStep(page)).toContainText("Selecionar Aluno");
});

test("Proceder Com Pedido opens the checkout's payment step with the cart view, bags collapsible, the first open", async ({ page, visit, js, request }) => {
  test.slow();
  const customer = await createCustomer(request);
  const items = (await productsOf(request, "papelaria")).filter((p) => p.DESCONTO > 0).slice(0, 2);
  await visit("/faq");
  await logInThroughModal(page, customer.email, customer.password, js);
  for (const [index, ra] of ["20250001", "20250002"].entries()) {
    const item = items[index]!;
    await visit(`/produto/${item.category.slug}/${item.slug}`);
    await page.getByTestId("buy-button").click();
    await page.getByRole("link", { name: /Lista de Alunos/ }).click();
    await page.getByPlaceholder("Digite o RA do Aluno").fill(ra);
    await page.getByRole("button", { name: "Adicionar" }).click();
    await expect(toast(page, "Estudante vinculado(a)!")).toBeVisible();
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(toast(page, "Item adicionado ao carrinho!")).toBeVisible();
  }
  await cartPanel(page).getByRole("link", { name: "Proceder Com Pedido" }).click();
  await expect(page).toHaveURL(/\/compra$/);
  await expect(currentStep(page)).toContainText("Pagamento");
  const bags = cartView(page).getByTestId("cart-view-bag");
  await expect(bags).toHaveCount(2);
  await expect(bags.nth(0)).toContainText("RA 20250001");
  await expect(bags.nth(0).getByTestId("cart-line")).toBeVisible();
  await expect(bags.nth(1).getByTestId("cart-line")).toBeHidden();
  await bags.nth(1).locator("summary").click();
  await expect(bags.nth(1).getByTestId("cart-line")).toBeVisible();
  await expect(bags.nth(1).getByTestId("cart-line")).toContainText(items[1]!.title.toLocaleLowerCase("pt-BR").slice(0, 20));

  // A quantity change from the cart view stays on the checkout.
  await bags.nth(0).getByRole("button", { name: "Aumentar quantidade" }).click();
  await expect(page).toHaveURL(/\/compra$/);
  await expect(cartView(page).getByTestId("cart-view-bag").nth(0).getByTestId("cart-line-quantity")).toHaveText("2");
});

test("the checkout sends a shopper with an empty cart home", async ({ page }) => {
  await page.goto("/compra");
  await expect(page).toHaveURL(/\/$/);
});
