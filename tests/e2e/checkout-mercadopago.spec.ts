/**
 * The purchase through Mercado Pago (docs/decisions/0019-mercado-pago.md), against the second
 * e2e store, which charges through the loopback double (playwright.config.ts). A boleto issued
 * by the acquirer: its linha digitável and its own PDF on /conclusao; the acquirer's webhook
 * saying "paid" makes the order "Pago" in /conta.
 */
import type { APIRequestContext } from "@playwright/test";
import { readableDigitableLine } from "#app/lib/boleto-line.ts";
import { formatCalendarDate } from "#app/lib/dates.ts";
import { expectAnnounced } from "./support/announcements.ts";
import { findProduct } from "./support/catalogue.ts";
import { e2eEnv } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { ownStudentId, saveCart } from "./support/store-api.ts";

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
  logIn,
  visit,
}) => {
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.PRECO > 0);
  const customer = await logIn();
  await saveCart(request, customer, [
    { studentId: await ownStudentId(request, customer), cartItems: [{ itemTOTVSId: product.itemTOTVS, quantity: 1 }] },
  ]);
  await visit("/compra");
  await expect(page.getByText("À vista no Boleto Bancário")).toBeVisible();
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar Compra" }).click();

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
