import type { Page } from "@playwright/test";
import { apiCustomer, createCustomer, expectLoggedIn, logInThroughModal } from "./support/accounts.ts";
import { expectAnnounced } from "./support/announcements.ts";
import { buyForNewRa, cartCount, cartPanel, expectAddedToCart } from "./support/cart.ts";
import { findProduct, productPath, productsOf } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { ownStudentId, saveCart } from "./support/store-api.ts";
import { waitForHydration } from "./support/pages.ts";

function currentStep(page: Page) {
  return page.getByTestId("checkout-stepper").locator("[aria-current=step]");
}

/** The cart view on screen: beside the steps from 769 px, inside the payment step below. */
function cartView(page: Page) {
  return page.getByTestId("cart-view").filter({ visible: true });
}

test("a visitor's cart waits under Selecionar estudante, comes along at login and gets its student in the checkout", async ({
  page,
  visit,
  js,
  request,
}) => {
  test.slow(); // many server round trips; each is a page load without JavaScript
  const customer = await createCustomer(request);
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
  const path = productPath(product);

  await visit(path);
  await page.getByTestId("buy-button").click();
  await expectAddedToCart(page, "Selecionar estudante");
  let panel = cartPanel(page);
  await panel.getByRole("button", { name: "Aumentar quantidade" }).click();
  await expect(cartPanel(page).getByTestId("cart-line-quantity")).toHaveText("2");
  await expect(cartCount(page)).toHaveText("2");
  // Spec §6: no subtotal and no checkout button before the login.
  panel = cartPanel(page);
  await expect(panel.getByText("SUBTOTAL")).toHaveCount(0);
  await expect(panel.getByRole("link", { name: "Proceder com pedido" })).toHaveCount(0);

  // The cart is the server's: a reload (a new page load) still has it.
  await visit(`${path}?carrinho=aberto`);
  await expect(cartPanel(page).getByTestId("cart-line-quantity")).toHaveText("2");
  await cartPanel(page).getByRole("link", { name: "Entrar e continuar" }).click();
  await expect(page).toHaveURL(/\/compra$/);
  await waitForHydration(page, js);
  await expect(currentStep(page)).toContainText("Autenticação");
  await expect(page.getByTestId("product-information")).toContainText(product.title);

  // Step 1 toggles between login and registration.
  await page.getByRole("link", { name: "Ainda não é cliente? Crie sua conta clicando aqui!" }).click();
  await expect(page.getByRole("heading", { name: "Crie sua conta" })).toBeVisible();
  await page.getByRole("link", { name: "Já é cliente? Faça o login clicando aqui!" }).click();
  // The registration form has an E-mail and a Senha too: fill only once the login form is back.
  await expect(page.getByRole("heading", { name: "Entre na sua conta" })).toBeVisible();
  await waitForHydration(page, js);
  await page.locator("main").getByLabel("E-mail").fill(customer.email);
  await page.getByLabel("Senha", { exact: true }).fill(customer.password);
  await page.getByRole("button", { name: "Acessar" }).click();

  // Step 2: who is it for? The login said what came from the visitor's cart.
  await expect(currentStep(page)).toContainText("Selecionar aluno");
  await expectLoggedIn(page, customer.name);
  await expectAnnounced(page, "Usuário logado com sucesso!", {
    type: "success",
    description: "2 itens do carrinho de visitante foram para o seu carrinho",
  });
  await expect(page.getByRole("heading", { name: "Esse produto é para quem?" })).toBeVisible();
  await page.getByRole("button", { name: /Sou aluno/ }).click();

  // Step 3: the cart view has the customer's bag with both units.
  await expect(currentStep(page)).toContainText("Pagamento");
  await expectAnnounced(page, "Item adicionado ao carrinho!", { type: "success" });
  const view = cartView(page);
  await expect(view.getByRole("heading", { name: "Carrinho" })).toBeVisible();
  await expect(view.getByTestId("cart-view-bag")).toHaveCount(1);
  await expect(view.getByTestId("cart-view-bag")).toContainText(customer.name);
  await expect(view.getByTestId("cart-line-quantity")).toHaveText("2");
  await expect(page.getByTestId("checkout-total")).toHaveText(/^R\$ \d+(\.\d{3})*,\d{2}$/);
});

test("login merges the visitor's cart into the account's: ordinary items add up, a course already there is not doubled", async ({
  page,
  visit,
  js,
  request,
}) => {
  test.slow(); // many server round trips; each is a page load without JavaScript
  const [course] = (await productsOf(request, "cursos")).filter((p) => p.DESCONTO > 0);
  const other = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
  // The account's cart, from an earlier visit: the course for the customer themself, and the
  // other item once, still waiting for its student (decision 0009).
  const customer = await apiCustomer(request);
  await saveCart(request, customer, [
    { studentId: await ownStudentId(request, customer), cartItems: [{ itemTOTVSId: course!.itemTOTVS, quantity: 1 }] },
    { studentId: null, cartItems: [{ itemTOTVSId: other.itemTOTVS, quantity: 1 }] },
  ]);

  // As a visitor: the course, and the other item.
  await visit(productPath(course!));
  await page.getByTestId("buy-button").click();
  await expectAddedToCart(page, "Selecionar estudante");
  await expect(cartCount(page)).toHaveText("1");
  await visit(productPath(other));
  await page.getByTestId("buy-button").click();
  await expectAddedToCart(page, "Selecionar estudante");
  await expect(cartCount(page)).toHaveText("2");

  // Another visitor (a fresh browser) sees none of it.
  const stranger = await page.context().browser()!.newContext({ javaScriptEnabled: js });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`${new URL(page.url()).origin}/?carrinho=aberto`);
  await expect(cartPanel(strangerPage).getByText("Seu carrinho está vazio.")).toBeVisible();
  await stranger.close();

  // The login says what came along and what did not.
  await visit("/faq");
  await logInThroughModal(page, customer, js);
  await expectAnnounced(page, "Usuário logado com sucesso!", {
    description: "1 item do carrinho de visitante foi para o seu carrinho",
  });
  await expectAnnounced(page, "Usuário logado com sucesso!", {
    description: `${course!.title}: já estava no carrinho.`,
  });
  await visit("/faq?carrinho=aberto");
  const panel = cartPanel(page);
  await expect(panel.getByTestId("cart-bag")).toHaveCount(2);
  // The course once, in the customer's bag; the other item added up in the waiting bag.
  const own = panel.getByTestId("cart-bag").filter({ hasText: customer.name });
  await expect(own.getByTestId("cart-line")).toHaveCount(1);
  await expect(own.getByTestId("cart-line")).toContainText(course!.title.slice(0, 20));
  const waiting = panel.getByTestId("cart-bag").filter({ hasText: "Selecionar estudante" });
  await expect(waiting.getByTestId("cart-line")).toHaveCount(1);
  await expect(waiting.getByTestId("cart-line-quantity")).toHaveText("2");
  await expect(cartCount(page)).toHaveText("3");
  // Logged in: the subtotal and the checkout button show.
  await expect(panel.getByText("SUBTOTAL")).toBeVisible();
  await panel.getByRole("link", { name: "Proceder com pedido" }).click();
  await expect(page).toHaveURL(/\/compra$/);
  await expect(currentStep(page)).toContainText("Selecionar aluno");
});

test("Proceder com pedido opens the checkout's payment step with the cart view, bags collapsible, the first open", async ({
  page,
  visit,
  logIn,
  request,
}) => {
  test.slow();
  await logIn();
  const items = (await productsOf(request, "papelaria")).filter((p) => p.DESCONTO > 0).slice(0, 2);
  for (const [index, ra] of ["20250001", "20250002"].entries()) {
    const item = items[index]!;
    await visit(productPath(item));
    await buyForNewRa(page, ra);
  }
  await cartPanel(page).getByRole("link", { name: "Proceder com pedido" }).click();
  await expect(page).toHaveURL(/\/compra$/);
  await expect(currentStep(page)).toContainText("Pagamento");
  const bags = cartView(page).getByTestId("cart-view-bag");
  await expect(bags).toHaveCount(2);
  await expect(bags.nth(0)).toContainText("RA 20250001");
  await expect(bags.nth(0).getByTestId("cart-line")).toBeVisible();
  await expect(bags.nth(1).getByTestId("cart-line")).toBeHidden();
  await bags.nth(1).locator("summary").click();
  await expect(bags.nth(1).getByTestId("cart-line")).toBeVisible();
  await expect(bags.nth(1).getByTestId("cart-line")).toContainText(items[1]!.title.slice(0, 20));

  // A quantity change from the cart view stays on the checkout.
  await bags.nth(0).getByRole("button", { name: "Aumentar quantidade" }).click();
  await expect(page).toHaveURL(/\/compra$/);
  await expect(cartView(page).getByTestId("cart-view-bag").nth(0).getByTestId("cart-line-quantity")).toHaveText("2");
});

test("the checkout sends a shopper with an empty cart home", async ({ page }) => {
  await page.goto("/compra");
  await expect(page).toHaveURL(/\/$/);
});
