import type { APIRequestContext, Page } from "@playwright/test";
import { createCustomer, logInThroughModal } from "./accounts.ts";
import { findProduct } from "./catalogue-data.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

function toast(page: Page, text: string) {
  return page.locator("[data-toast-type]").filter({ hasText: text });
}

/** A customer whose cart (through the store API) holds one item for themself, logged in on the page. */
async function customerWithCart(page: Page, request: APIRequestContext, js: boolean, itemTOTVSId: number) {
  const customer = await createCustomer(request);
  const login = await (await request.post("/api/accounts/auth-customer", { data: { email: customer.email, password: customer.password, storeId: 1 } })).json();
  const headers = { authorization: `Bearer ${login.auth.token}` };
  const customerId = login.auth.customer.id;
  const me = await (await request.post(`/api/students/already-student/${customerId}/store/1`, { headers })).json();
  const saved = await request.post("/api/carts/client-add-item-to-cart", {
    headers,
    data: { affiliateId: null, storeId: 1, customerId, bags: [{ studentId: me.student.studentId, cartItems: [{ itemTOTVSId, quantity: 1 }] }] },
  });
  expect(saved.status()).toBe(200);
  await page.goto("/faq");
  await waitForHydration(page, js);
  await logInThroughModal(page, customer.email, customer.password, js);
  await page.goto("/compra");
  await waitForHydration(page, js);
  return customer;
}

async function acceptTermsAndFinish(page: Page) {
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
}

test("boleto: the terms are required, then the purchase completes with a printable boleto and a public receipt", async ({ page, request, js }) => {
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
  const customer = await customerWithCart(page, request, js, product.itemTOTVS);
  await expect(page.getByText("À vista no Boleto Bancário")).toBeVisible();

  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  await expect(page.getByText("Termos não Aceitos: É necessário aceitar os termos de uso para prosseguir com o pagamento.").first()).toBeVisible();

  await acceptTermsAndFinish(page);
  await expect(toast(page, "Compra realizada com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/conclusao\?venda=/);
  const complete = page.getByTestId("purchase-complete");
  await expect(complete).toContainText(customer.email);
  await expect(page.getByTestId("sale-status")).toHaveText("Aguardando pagamento");
  await expect(page.getByTestId("digitable-line")).toHaveText(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);

  const boletoHref = await page.getByRole("link", { name: "Abrir boleto" }).getAttribute("href");
  const receiptHref = await page.getByRole("link", { name: "Comprovante deste estudante" }).getAttribute("href");
  await page.goto(new URL(boletoHref!).pathname);
  await expect(page.getByTestId("boleto-page").locator("svg")).toBeVisible();
  await expect(page.getByTestId("boleto-amount")).toHaveText(/R\$/);
  await page.goto(receiptHref!);
  await expect(page.getByTestId("public-receipt")).toContainText(product.title);
  await expect(page.getByTestId("public-receipt")).not.toContainText(customer.email);
  // The cart was emptied by the purchase.
  await page.goto("/faq?carrinho=aberto");
  await expect(page.getByRole("dialog", { name: "Carrinho de Compras" }).getByText("Seu carrinho está vazio.")).toBeVisible();
});

test("card in instalments: a bad card is refused with the form kept, a declined card leaves the cart, a good one pays", async ({ page, request, js }) => {
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
  await customerWithCart(page, request, js, product.itemTOTVS);
  await page.getByLabel("Cartão de Crédito").check();
  const form = page.getByTestId("payment-form");
  await form.getByLabel("Nome impresso no cartão").fill("Fernanda C Lima");
  await form.getByLabel("Número do cartão").fill("4111 1111 1111 1112");
  await form.getByLabel("Validade (MM / AA)").fill("05 / 35");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Parcelamento").selectOption("1");
  await acceptTermsAndFinish(page);
  await expect(page.getByText("Formulário Incompleto - Preencha todos os campos do formulário para prosseguir.").first()).toBeVisible();
  await expect(form.getByLabel("Nome impresso no cartão")).toHaveValue("Fernanda C Lima");

  await page.getByLabel("Cartão de Crédito").check();
  await form.getByLabel("Número do cartão").fill("4000 0000 0000 0002");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Parcelamento").selectOption("1");
  await acceptTermsAndFinish(page);
  await expect(page.getByText("Pagamento recusado pela operadora do cartão.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/compra$/);

  await page.getByLabel("Cartão de Crédito").check();
  await form.getByLabel("Número do cartão").fill("4111 1111 1111 1111");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Parcelamento").selectOption("1");
  await acceptTermsAndFinish(page);
  await expect(toast(page, "Compra realizada com sucesso!")).toBeVisible();
  await expect(page.getByTestId("sale-status")).toHaveText("Pago");
  await expect(page.getByTestId("card-last-digits")).toContainText("1111");
});

test("a free order shows Gratuito alone and completes at once", async ({ page, request, js }) => {
  const product = await findProduct(request, (p) => p.TIPO !== "S" && p.DESCONTO === 0);
  await customerWithCart(page, request, js, product.itemTOTVS);
  const form = page.getByTestId("payment-form");
  await expect(form.getByRole("radio")).toHaveCount(1);
  await expect(form.getByLabel("Gratuito")).toBeChecked();
  await acceptTermsAndFinish(page);
  await expect(toast(page, "Compra realizada com sucesso!")).toBeVisible();
  await expect(page.getByTestId("sale-status")).toHaveText("Pago");
});
