/**
 * The purchase through Mercado Pago (docs/decisions/0019-mercado-pago.md), against the second
 * e2e store, which charges through the loopback double (playwright.config.ts). A boleto issued
 * by the acquirer: its linha digitável and its own PDF on /conclusao; the acquirer's webhook
 * saying "paid" makes the order "Pago" in /conta. The card: without JavaScript typed on the
 * acquirer's hosted page (the double's), with JavaScript tokenised by MercadoPago.js (the
 * double's) so the store never receives the number.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { ACQUIRER_CARD_TEXTS } from "#app/features/checkout/acquirer-card.ts";
import { CARD_INSTALLMENT_MESSAGES } from "#api/payments/mercadopago/card-installments.ts";
import { declineMessageOf } from "#api/payments/mercadopago/payment-status.ts";
import { DOUBLE_CARDS } from "#tests/fixtures/mercadopago-double.ts";
import { readableDigitableLine } from "#core/boleto-line.ts";
import { formatCalendarDate } from "#core/dates.ts";
import { expectAnnounced } from "./support/announcements.ts";
import { findProduct } from "./support/catalogue.ts";
import { e2eEnv } from "./support/e2e-env.ts";
import { expect, test, type StoreFixtures } from "./support/fixtures.ts";

const { baseURL, doubleURL } = e2eEnv.mercadoPago;
test.use({ baseURL });

/** A control of the double (tests/fixtures/mercadopago-double.ts, /__double/…), over HTTP. */
async function doubleControl(request: APIRequestContext, path: string, data?: object) {
  const response = data
    ? await request.post(`${doubleURL}/__double/${path}`, { data })
    : await request.get(`${doubleURL}/__double/${path}`);
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

test("boleto from Mercado Pago: the acquirer's linha digitável and PDF, then its webhook's 'paid' makes the order paid", async ({
  page,
  request,
  checkout,
  visit,
}) => {
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.PRECO > 0);
  await checkout(product.itemTOTVS);
  await expect(page.getByText("À vista no Boleto Bancário")).toBeVisible();
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();

  await expect(page).toHaveURL(/\/conclusao\?venda=/);
  await expectAnnounced(page, "Compra realizada com sucesso!", { type: "success" });
  await expect(page.getByTestId("sale-status")).toHaveText("Aguardando pagamento");
  const saleId = new URL(page.url()).searchParams.get("venda")!;
  const { payments } = await doubleControl(request, "state");
  const payment = payments.find((candidate: { external_reference: string }) => candidate.external_reference === saleId);
  expect(payment, "the double got the boleto").toBeTruthy();
  const line: string = payment.transaction_details.digitable_line;
  await expect(page.getByTestId("digitable-line")).toHaveText(readableDigitableLine(line));
  // The due date is the acquirer's; the barcode is drawn from the acquirer's 44 digits.
  const dueDate = formatCalendarDate(String(payment.date_of_expiration).slice(0, 10));
  await expect(page.getByTestId("boleto-due-date")).toHaveText(`Vencimento: ${dueDate}`);
  await expect(page.getByRole("img", { name: "Código de barras do boleto" }).locator("svg")).toBeVisible();
  await expect(page.getByRole("link", { name: "Abrir boleto" })).toHaveAttribute(
    "href",
    `${doubleURL}/boletos/${payment.id}`,
  );

  // The shopper pays at the bank; Mercado Pago tells the store through its signed webhook.
  await doubleControl(request, `payments/${payment.id}/status`, { status: "approved", statusDetail: "accredited" });
  const { statuses } = await doubleControl(request, "notify", {
    paymentId: payment.id,
    url: `${baseURL}/api/webhooks/mercadopago`,
  });
  expect(statuses).toEqual([200]);
  await visit("/conta");
  await expect(page.getByText("Pago", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /Segunda via do boleto/ })).toHaveCount(0);
});

/** A card the double approves, and the holder name that makes it decline (Mercado Pago's test names). */
const CARD = { number: "4111 1111 1111 1111", approvedHolder: "APRO", declinedHolder: "OTHE" };
const CARD_CVC = "123";
/** A valid CPF for the card's holder (MercadoPago.js asks for it). */
const HOLDER_CPF = "529.982.247-25";

/** What a card test uses of the fixtures. */
interface CardShopper {
  page: Page;
  request: APIRequestContext;
  checkout: StoreFixtures["checkout"];
}

/** A new customer with one product in the cart, on the payment step with the card chosen. */
async function onCardPayment({ page, request, checkout }: CardShopper) {
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.PRECO > 0);
  await checkout(product.itemTOTVS);
  await page.getByLabel("Cartão de Crédito").check();
}

/**
 * Pays by card the way this browser can: without JavaScript, "Finalizar compra" goes to the
 * acquirer's page, where the card is typed; with it, the store's page tokenises the card through
 * MercadoPago.js. Answers the bodies of every POST the browser sent to the store.
 */
async function payByCard(page: Page, js: boolean, holder: string): Promise<string[]> {
  const posts: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && sent.url().startsWith(baseURL)) posts.push(sent.postData() ?? "");
  });
  const form = page.getByTestId("payment-form");
  if (js) {
    await expect(form.getByText(ACQUIRER_CARD_TEXTS.tokenised)).toBeVisible();
    await form.getByLabel("Nome impresso no cartão").fill(holder);
    await form.getByLabel("Número do cartão").fill(CARD.number);
    await form.getByLabel("Validade (MM / AA)").fill("05 / 35");
    await form.getByLabel("CVC").fill(CARD_CVC);
    await form.getByLabel("CPF do titular do cartão").fill(HOLDER_CPF);
  } else {
    // No card field on the store's page: it is typed on Mercado Pago's.
    await expect(form.getByText(ACQUIRER_CARD_TEXTS.hosted)).toBeVisible();
    await expect(form.getByText(ACQUIRER_CARD_TEXTS.needsScripts)).toBeVisible();
    await expect(form.getByLabel("Número do cartão")).toHaveCount(0);
  }
  await form.getByLabel("Parcelamento").selectOption("1");
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  if (!js) {
    await expect(page).toHaveURL(new RegExp(`^${doubleURL}/checkout/v1/redirect`));
    await page.getByLabel("Número do cartão").fill(CARD.number);
    await page.getByLabel("Nome do titular").fill(holder);
    await page.getByLabel("Validade").fill("05/35");
    await page.getByLabel("Código de segurança").fill(CARD_CVC);
    await page.getByRole("button", { name: "Pagar" }).click();
  }
  return posts;
}

test.describe("a card typed on Mercado Pago's page without JavaScript, tokenised with it", () => {
  test("approved: paid on /conclusao and in /conta", async ({ page, request, checkout, visit, js }) => {
    await onCardPayment({ page, request, checkout });
    const posts = await payByCard(page, js, CARD.approvedHolder);

    await expect(page).toHaveURL(/\/conclusao\?venda=/);
    await expect(page.getByTestId("sale-status")).toHaveText("Pago");
    await expect(page.getByTestId("card-last-digits")).toHaveText("VISA final 1111");
    if (js) {
      // The number went to Mercado Pago only: the store got its token.
      expect(posts.some((body) => body.includes("cardToken"))).toBe(true);
      const cardDigits = CARD.number.replace(/\D/g, "");
      for (const body of posts) {
        // Each posted value: no card number, whole or spaced, and no field holding the CVC.
        for (const [name, value] of new URLSearchParams(body)) {
          expect(value.replace(/\D/g, ""), name).not.toContain(cardDigits);
          expect(value, name).not.toBe(CARD_CVC);
        }
      }
    }
    await visit("/conta");
    await expect(page.getByText("Pago", { exact: true })).toBeVisible();
  });

  test("back from Mercado Pago's page without paying: nothing charged, the page or boleto offered; boleto leaves the page", async ({
    page,
    request,
    checkout,
    visit,
    js,
  }) => {
    test.skip(js, "with JavaScript the card is tokenised on the store's page: no Mercado Pago page to come back from");
    await onCardPayment({ page, request, checkout });
    await page.getByTestId("payment-form").getByLabel("Parcelamento").selectOption("1");
    await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
    await page.getByRole("button", { name: "Finalizar compra" }).click();
    await expect(page).toHaveURL(new RegExp(`^${doubleURL}/checkout/v1/redirect`));
    const pageUrl = page.url();
    const { preferences } = await doubleControl(request, "state");
    const preference = preferences.find((p: { init_point: string }) => p.init_point === pageUrl);
    // Mercado Pago's "Voltar ao site" without paying: collection_status=null.
    await page.goto(`${preference.back_urls.success}&collection_status=null`);
    await expect(page.getByRole("heading", { name: "Pagamento ainda não concluído" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Voltar à página de pagamento do Mercado Pago" })).toHaveAttribute(
      "href",
      pageUrl,
    );
    await page.getByRole("link", { name: "volte ao carrinho e pague com boleto ou Pix" }).click();
    await expect(page).toHaveURL(/\/compra/);
    await page.getByLabel("Boleto Bancário").check();
    await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
    await page.getByRole("button", { name: "Finalizar compra" }).click();
    await expect(page).toHaveURL(/\/conclusao\?venda=/);
    await expect(page.getByTestId("sale-status")).toHaveText("Aguardando pagamento");
    await visit("/conta");
    const orders = page.getByRole("region", { name: "Meus pedidos" });
    await expect(orders.getByText("Aguardando pagamento", { exact: true })).toHaveCount(1);
    await expect(orders.getByText("Pagamento em processamento", { exact: true })).toHaveCount(0);
  });

  test("declined: the reason, no order in /conta, the cart kept", async ({ page, request, checkout, visit, js }) => {
    await onCardPayment({ page, request, checkout });
    await payByCard(page, js, CARD.declinedHolder);
    const reason = declineMessageOf("cc_rejected_other_reason");
    if (js) {
      // The refusal on /compra, the card typed again.
      await expect(page).toHaveURL(/\/compra/);
      await expectAnnounced(page, reason, { type: "error" });
      await expect(page.getByTestId("payment-form").getByLabel("Número do cartão")).toHaveValue("");
    } else {
      await expect(page).toHaveURL(/\/conclusao\?venda=/);
      await expect(page.getByTestId("decline-message")).toHaveText(reason);
      await page.getByRole("link", { name: "Voltar ao carrinho e tentar de novo" }).click();
      await expect(page).toHaveURL(/\/compra/);
    }
    await expect(page.getByTestId("checkout-total")).toBeVisible();
    await visit("/conta");
    await expect(page.getByText("Você ainda não fez nenhuma compra.")).toBeVisible();
  });
});

test.describe("the card's own instalments and type, as MercadoPago.js reports them (decision 0046)", () => {
  // Each purchase asks the acquirer's double four times (two lookups, the token, the store's check) before the charge.
  test.describe.configure({ timeout: 180_000 });
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled === false,
    "without JavaScript the card is typed on Mercado Pago's page, which offers its own counts",
  );

  /** Types a card into the store's page (MercadoPago.js's fields), the count and the terms left as they are. */
  async function typeCard(page: Page, number: string, cvc = CARD_CVC) {
    const form = page.getByTestId("payment-form");
    await expect(form.getByText(ACQUIRER_CARD_TEXTS.tokenised)).toBeVisible();
    await form.getByLabel("Nome impresso no cartão").fill(CARD.approvedHolder);
    await form.getByLabel("Número do cartão").fill(number);
    await form.getByLabel("Validade (MM / AA)").fill("05 / 35");
    await form.getByLabel("CVC").fill(cvc);
    await form.getByLabel("CPF do titular do cartão").fill(HOLDER_CPF);
  }
  const offered = (page: Page) =>
    page
      .getByTestId("payment-form")
      .getByLabel("Parcelamento")
      .locator("option")
      .evaluateAll((options) => options.map((option) => Number((option as HTMLOptionElement).value)));

  test("a card that allows 3x without interest: only 1x to 3x are offered, and 3x is charged as chosen", async ({
    page,
    request,
    checkout,
  }) => {
    const product = await findProduct(request, (p) => p.TIPO === "P" && p.PARCELAS >= 4 && p.DESCONTO >= 100);
    await checkout(product.itemTOTVS);
    await page.getByLabel("Cartão de Crédito").check();
    expect((await offered(page)).length).toBeGreaterThanOrEqual(4);
    await typeCard(page, DOUBLE_CARDS.fewInterestFree, "1234");
    await expect.poll(() => offered(page)).toEqual([1, 2, 3]);
    await page.getByTestId("payment-form").getByLabel("Parcelamento").selectOption("3");
    await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
    await page.getByRole("button", { name: "Finalizar compra" }).click();
    // The BIN's lookups, the token, then the store's own check and the charge: four calls to the acquirer.
    await expect(page.getByTestId("sale-status")).toHaveText("Pago", { timeout: 15_000 });
    await expect(page.getByTestId("card-last-digits")).toHaveText("AMEX final 0005");
    const saleId = new URL(page.url()).searchParams.get("venda")!;
    const { payments } = await doubleControl(request, "state");
    const payment = payments.find(
      (candidate: { external_reference: string }) => candidate.external_reference === saleId,
    );
    expect(payment).toMatchObject({ installments: 3, payment_method_id: "amex", payment_type_id: "credit_card" });
    expect(payment.transaction_details.total_paid_amount).toBe(payment.transaction_amount);
  });

  test("a card that is both debit and credit is charged as credit; a debit card is refused before anything is sent", async ({
    page,
    request,
    checkout,
  }) => {
    await onCardPayment({ page, request, checkout });
    await typeCard(page, DOUBLE_CARDS.debitOnly);
    const form = page.getByTestId("payment-form");
    // Said as soon as the card's first digits are typed, and again on "Finalizar Compra".
    await expectAnnounced(page, CARD_INSTALLMENT_MESSAGES.notCredit, { type: "error" });
    const posts: string[] = [];
    page.on("request", (sent) => {
      if (sent.method() === "POST" && sent.url().startsWith(baseURL)) posts.push(sent.postData() ?? "");
    });
    await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
    await page.getByRole("button", { name: "Finalizar compra" }).click();
    await expectAnnounced(page, CARD_INSTALLMENT_MESSAGES.notCredit, { type: "error" });
    await expect(form.getByRole("button", { name: ACQUIRER_CARD_TEXTS.payOnHostedPage })).toBeVisible();
    await expect(page).toHaveURL(/\/compra/);
    expect(posts).toEqual([]);

    await form.getByLabel("Número do cartão").fill(DOUBLE_CARDS.debitAndCredit);
    await expect(page.getByText(CARD_INSTALLMENT_MESSAGES.notCredit)).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
    await page.getByRole("button", { name: "Finalizar compra" }).click();
    // The BIN's lookups, the token, then the store's own check and the charge: four calls to the acquirer.
    await expect(page.getByTestId("sale-status")).toHaveText("Pago", { timeout: 15_000 });
    await expect(page.getByTestId("card-last-digits")).toHaveText("VISA final 5682");
    const saleId = new URL(page.url()).searchParams.get("venda")!;
    const { payments } = await doubleControl(request, "state");
    expect(payments.find((p: { external_reference: string }) => p.external_reference === saleId)).toMatchObject({
      payment_method_id: "visa",
      payment_type_id: "credit_card",
      installments: 1,
    });
  });
});
