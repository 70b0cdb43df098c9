import type { Locator } from "@playwright/test";
import { parsePixBrCode } from "#api/payments/pix/br-code.ts";
import { findProduct } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { latestMessageTo, messagesTo } from "./support/mailbox.ts";
import { waitForHydration } from "./support/pages.ts";

/**
 * Pix with the sandbox (docs/decisions/0022-pix.md): /conclusao shows the QR as a server-drawn
 * image and the copia e cola; the sandbox action, pressed in another tab (/conta), pays it, and
 * the first tab then says "Pagamento confirmado" by itself: the meta refresh without
 * JavaScript, the polling with it.
 */
test("Pix: QR and copia e cola on /conclusao, paid by the sandbox action, the page then says it is paid", async ({
  page,
  context,
  request,
  checkout,
  js,
}) => {
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
  const customer = await checkout(product.itemTOTVS);
  await page.getByLabel("Pix").check();
  // Without JavaScript the summary line is the server's, for the method checked when it
  // rendered: another choice hides it until the next submit (docs/decisions/0027).
  if (js) await expect(page.getByText("À vista no Pix")).toBeVisible();
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();

  await expect(page).toHaveURL(/\/conclusao\?venda=/);
  await waitForHydration(page, js);
  await expect(page.getByTestId("sale-status")).toHaveText("Aguardando pagamento");
  const qr = page.getByRole("img", { name: /QR Code Pix do pedido/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  const code = await page.getByLabel("Pix copia e cola").inputValue();
  const total = (await page.getByTestId("sale-total").textContent())!;
  expect(Number(parsePixBrCode(code).amount)).toBe(Number(total.replace(/[^\d,]/g, "").replace(",", ".")));
  await expect(page.getByTestId("pix-amount")).toHaveText(total);
  await expect(page.getByTestId("pix-expiry")).toHaveText(/^Válido até \d{2}:\d{2} de \d{2}\/\d{2}\/\d{4}/);
  // The QR, the amount with the expiry and the copia e cola lead the page; the items and the
  // buyer's data follow. On a phone nothing, the order's long number included, widens the page.
  const top = async (locator: Locator) => (await locator.boundingBox())!.y;
  const qrTop = await top(qr);
  expect(qrTop).toBeLessThan(await top(page.getByTestId("pix-expiry")));
  expect(await top(page.getByTestId("pix-expiry"))).toBeLessThan(await top(page.getByLabel("Pix copia e cola")));
  expect(await top(page.getByLabel("Pix copia e cola"))).toBeLessThan(
    await top(page.getByRole("region", { name: /itens por estudante/i })),
  );
  expect(qrTop).toBeLessThan(await top(page.getByRole("region", { name: /comprador/i })));
  // At 320 CSS pixels, the narrowest phone WCAG's reflow criterion names.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: viewport.height });
  const number = (await page.getByTestId("sale-number").boundingBox())!;
  expect(number.x + number.width).toBeLessThanOrEqual(320);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize(viewport);
  if (js) await expect(page.getByRole("button", { name: "Copiar código" })).toBeVisible();
  else await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
  expect((await latestMessageTo(customer.email)).text).toContain(code);

  // /conta, in a second tab of the same session: the code again, and the sandbox's button.
  const account = await context.newPage();
  await account.goto("/conta");
  await waitForHydration(account, js);
  const order = account.getByTestId("order-pix");
  await expect(order.getByLabel("Pix copia e cola")).toHaveValue(code);
  await order.getByRole("button", { name: "Simular pagamento (sandbox)" }).click();
  await expect(account.getByText("Pago", { exact: true })).toBeVisible();
  await expect(account.getByTestId("order-pix")).toHaveCount(0);

  // The first tab finds out by itself.
  await expect(page.getByTestId("pix-paid")).toHaveText("Pagamento confirmado", { timeout: 15_000 });
  await expect(page.getByTestId("sale-status")).toHaveText("Pago");
  await expect(page.getByLabel("Pix copia e cola")).toHaveCount(0);
  await expect
    .poll(async () => (await messagesTo(customer.email)).map((message) => message.subject))
    .toContainEqual(expect.stringMatching(/^Pagamento confirmado/));
});
