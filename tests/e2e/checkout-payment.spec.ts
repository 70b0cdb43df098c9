import { execFileSync } from "node:child_process";
import type { APIRequestContext, Page } from "@playwright/test";
import { openDatabase } from "#db/client.ts";
import { createCustomer, logInThroughModal } from "./accounts.ts";
import { findProduct } from "./catalogue-data.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { latestMessageTo } from "./mailbox.ts";

const DATA_DIR = process.env.E2E_DATA_DIR ?? ".tmp/e2e-data";

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
  const cartId: string = (await saved.json()).cart.cartId;
  await page.goto("/faq");
  await waitForHydration(page, js);
  await logInThroughModal(page, customer.email, customer.password, js);
  await page.goto("/compra");
  await waitForHydration(page, js);
  return { ...customer, id: customerId as string, cartId };
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
  await expect(complete).toContainText(/\(\d{2}\) \d{4,5}-\d{4}/);
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
  // The order history has the second copy; the e-mail has the summary and the boleto.
  await page.goto("/conta");
  await expect(page.getByRole("link", { name: /Segunda via do boleto/ })).toHaveAttribute("href", boletoHref!);
  await expect(page.getByTestId("order-digitable-line")).toHaveText(/^\d{5}\.\d{5} /);
  const mail = await latestMessageTo(customer.email);
  expect(mail.text).toContain(product.title);
  expect(mail.text).toContain(boletoHref!);

  // The gestor cancels the unpaid sale: the history says so and the boleto can no longer be paid.
  const saleId = new URL(boletoHref!).pathname.split("/").pop()!;
  execFileSync(process.execPath, ["scripts/gestor.ts", "cancel-sale", "--sale", saleId], { env: { ...process.env, DATA_DIR } });
  await page.goto("/conta");
  await expect(page.getByText("Cancelado", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /Segunda via do boleto/ })).toHaveCount(0);
  await page.goto(new URL(boletoHref!).pathname);
  await expect(page.getByTestId("boleto-not-payable")).toHaveText("Esta compra foi cancelada: não pague este boleto.");
  await expect(page.getByTestId("boleto-line")).toHaveCount(0);
  await expect(page.getByTestId("boleto-page").locator("svg")).toHaveCount(0);
});

test("card in instalments: a bad card is refused with the form kept, a declined card leaves the cart, a good one pays", async ({ page, request, js }) => {
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO >= 100 && p.PARCELAS >= 2);
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
  await form.getByLabel("Parcelamento").selectOption("2");
  await acceptTermsAndFinish(page);
  await expect(toast(page, "Compra realizada com sucesso!")).toBeVisible();
  await expect(page.getByTestId("sale-status")).toHaveText("Pago");
  await expect(page.getByTestId("card-last-digits")).toContainText("VISA final 1111");
  await expect(page.getByTestId("purchase-complete")).toContainText(/2x de R\$/);
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

test("the instalment line follows the choice (JavaScript), and the options carry the values (plain form)", async ({ page, request, js }) => {
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO >= 100 && p.PARCELAS >= 2);
  await customerWithCart(page, request, js, product.itemTOTVS);
  await page.getByLabel("Cartão de Crédito").check();
  const summary = page.getByTestId("payment-summary").locator("span").filter({ visible: true });
  await expect(summary).toHaveText("Selecione o Parcelamento");
  const select = page.getByLabel("Parcelamento");
  await expect(select.locator("option").nth(2)).toHaveText(/^2 x de R\$ /);
  if (js) {
    await select.selectOption("2");
    await expect(summary).toHaveText(/^Parcelado em 2 x de R\$ [\d.]+,\d{2} no Crédito$/);
  }
});

test("a cart the gestor deleted mid-checkout: the customer is told and sent home, nothing is charged", async ({ page, request, js }) => {
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
  const customer = await customerWithCart(page, request, js, product.itemTOTVS);
  execFileSync(process.execPath, ["scripts/gestor.ts", "delete-cart", "--cart", customer.cartId], { env: { ...process.env, DATA_DIR } });
  await acceptTermsAndFinish(page);
  await expect(toast(page, "Seu carrinho foi deletado pelo administrador")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/conta");
  await expect(page.getByText("Você ainda não fez nenhuma compra.")).toBeVisible();
});

test("a coupon that stopped applying: the customer is told, the coupon goes and the payment step comes back", async ({ page, request, js }) => {
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO >= 20);
  const customer = await customerWithCart(page, request, js, product.itemTOTVS);
  await page.getByRole("button", { name: "Aplicar Cupom de 10% : BEMVINDO10" }).click();
  await expect(toast(page, "Cupom aplicado com sucesso!")).toBeVisible();
  // Meanwhile the customer used it up elsewhere (BEMVINDO10 is once per customer).
  const db = await openDatabase({ dataDir: DATA_DIR });
  try {
    const coupon = await db.selectFrom("coupons").select("id").where("code", "=", "BEMVINDO10").executeTakeFirstOrThrow();
    await db
      .insertInto("coupon_uses")
      .values({ id: crypto.randomUUID(), coupon_id: coupon.id, customer_id: customer.id, sale_id: null, created_at: new Date().toISOString() })
      .execute();
  } finally {
    await db.destroy();
  }
  await acceptTermsAndFinish(page);
  await expect(toast(page, "O cupom presente no carrinho é inválido. Ele será removido do mesmo em sequência")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForHydration(page, js);
  await expect(page.getByText("Cupom já aplicado!")).toHaveCount(0);
  await acceptTermsAndFinish(page);
  await expect(toast(page, "Compra realizada com sucesso!")).toBeVisible();
});

test("a repeated Finalizar Compra (a double click, a reload after POST) answers the same sale and charges once", async ({ page, request, js }) => {
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
  await customerWithCart(page, request, js, product.itemTOTVS);
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  const fields = await page
    .getByTestId("payment-form")
    .evaluate((form) => Object.fromEntries([...new FormData(form as HTMLFormElement)].map(([key, value]) => [key, String(value)])));
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  await expect(page).toHaveURL(/\/conclusao\?venda=/);
  const completion = new URL(page.url());

  const again = await page.request.post("/compra", { form: fields, maxRedirects: 0 });
  expect(again.status()).toBe(302);
  expect(again.headers().location).toBe(`${completion.pathname}${completion.search}`);
  await page.goto("/conta");
  await expect(page.getByRole("heading", { name: /^Pedido \d+$/ })).toHaveCount(1);
});
