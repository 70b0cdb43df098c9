/**
 * The storefront on the school network's own store API (docs/decisions/0026): an API with only
 * spec §7's calls (scripts/e2e-school-api.js), reached over HTTP. Every call beyond §7 answers
 * 404 there, so each page runs on its §7 fallback.
 */
import { createCustomer, expectLoggedIn, logInThroughModal, modalReady } from "./support/accounts.ts";
import { buyForNewRa, cartPanel } from "./support/cart.ts";
import { findProduct, productPath } from "./support/catalogue.ts";
import { e2eEnv } from "./support/e2e-env.ts";
import { expect, test as storeTest } from "./support/fixtures.ts";

const { schoolApi } = e2eEnv;

// The storefront on that API; the tests' own store-API calls (the login fixture, the catalogue)
// go to the API itself, as they go to the bundled one elsewhere.
const test = storeTest.extend({
  request: async ({ playwright, extraHTTPHeaders }, use) => {
    const api = await playwright.request.newContext({ baseURL: schoolApi.apiOrigin, extraHTTPHeaders });
    await use(api);
    await api.dispose();
  },
});
test.use({ baseURL: schoolApi.baseURL });

test("a parent logs in, links a student by RA, applies a coupon, pays by boleto and finds the order in Minha Conta", async ({
  page,
  request,
  visit,
  js,
}) => {
  // The whole purchase in one test: many pages on a shared machine.
  test.slow();
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO >= 20);
  const customer = await createCustomer(request);
  await visit(productPath(product));
  await logInThroughModal(page, customer, js);

  await buyForNewRa(page, "20250003");
  const panel = cartPanel(page);
  await panel.getByRole("button", { name: "Aplicar cupom de 10%: BEMVINDO10" }).click();
  await expect(cartPanel(page).getByText("Cupom já aplicado! CÓDIGO: BEMVINDO10")).toBeVisible();

  await visit("/compra");
  await expect(page.getByText("À vista no Boleto Bancário")).toBeVisible();
  // No WhatsApp consent: the school's API has none of its calls (issue 31).
  await expect(page.getByTestId("whatsapp-consent")).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  await expect(page).toHaveURL(/\/conclusao\?venda=/);
  // The buyer as the login gave them (no get-customer), the sale and its line from §7's list.
  const complete = page.getByTestId("purchase-complete");
  await expect(complete).toContainText(customer.email);
  await expect(complete).toContainText(customer.name);
  await expect(page.getByTestId("sale-status")).toHaveText("Aguardando pagamento");
  await expect(page.getByTestId("digitable-line")).toHaveText(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  await expect(complete).toContainText("Cupom BEMVINDO10");
  const reference = await page.getByTestId("reference-code").textContent();
  // No pickup code: the school's API has none of delivery's calls (issue 30, decision 0076).
  await expect(page.getByTestId("pickup-code")).toHaveCount(0);

  await visit("/conta");
  await expect(page.getByLabel("Nome completo")).toHaveValue(customer.name);
  await expect(page.locator("#pedidos")).toContainText(reference!);
  await expect(page.getByTestId("privacy-by-email")).toContainText("escreva para");
  await expect(page.getByRole("region", { name: "Quem pode retirar" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Avisos pelo WhatsApp" })).toHaveCount(0);
  await expect(page.getByTestId("order-pickup-code")).toHaveCount(0);
});

test("a visitor's Comprar asks for the login: the school's API keeps no visitor carts", async ({
  page,
  request,
  visit,
  js,
}) => {
  const product = await findProduct(request, (p) => p.TIPO === "P");
  const customer = await createCustomer(request);
  await visit(productPath(product));
  await page.getByTestId("buy-button").click();
  await expect(page).toHaveURL(/conta=entrar/);
  const modal = await modalReady(page, js);
  await modal.getByLabel("E-mail").fill(customer.email);
  await modal.getByLabel("Senha", { exact: true }).fill(customer.password);
  await modal.getByRole("button", { name: "Acessar" }).click();
  // Back on the product, logged in: Comprar now asks for the student.
  await expectLoggedIn(page, customer.name);
  await expect(page).toHaveURL(new RegExp(`${productPath(product)}$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Comprar" })).toBeVisible();
});

test("the gestor area says it needs the bundled API's gestor calls", async ({ page, visit }) => {
  await visit("/gestor/entrar");
  await page.getByLabel("E-mail").fill("admin@escola.test");
  await page.getByLabel("Senha", { exact: true }).fill("Girassol-azul-2026");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("alert")).toContainText("A área do gestor não está disponível nesta loja");
});
