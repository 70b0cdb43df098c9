/**
 * A parent's WhatsApp from end to end (issue 31), with JavaScript and without: the box ticked at
 * the checkout, the order's Pix sent through the Cloud API double (the e2e store has WhatsApp on,
 * scripts/e2e-server.js) with the same copia e cola the page shows, Meta's "delivered" coming
 * back through the signed webhook, and the gestor's customer page saying so.
 */
import type { APIRequestContext } from "@playwright/test";
import { WHATSAPP_TEXTS } from "#api/contract/messages.ts";
import { WHATSAPP_TEMPLATES } from "#api/messages/templates.ts";
import type { AcceptedMessage } from "#tests/fixtures/whatsapp-double.ts";
import { e2eEnv } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { withStoreDatabase } from "./support/server-side.ts";
import { ownProduct } from "./support/stock.ts";

const double = `http://127.0.0.1:${e2eEnv.whatsappPort}/__double`;

async function acceptedMessages(request: APIRequestContext): Promise<AcceptedMessage[]> {
  const response = await request.get(`${double}/messages`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { messages: AcceptedMessage[] }).messages;
}

test("the Pix of an order goes by WhatsApp to a parent who ticked the box; Meta's delivery shows in the gestor", async ({
  page,
  context,
  request,
  checkout,
  visit,
}) => {
  const product = await ownProduct({ type: "P", title: "Caderno Jornada WhatsApp" });
  const customer = await checkout(product.itemTOTVSId);
  await page.getByRole("checkbox", { name: WHATSAPP_TEXTS.consentLabel }).check();
  await page.getByLabel("Pix").check();
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  await expect(page).toHaveURL(/\/conclusao\?venda=/);
  const code = await page.getByLabel("Pix copia e cola").inputValue();
  const saleId = new URL(page.url()).searchParams.get("venda")!;

  const { cellPhone, referenceCode } = await withStoreDatabase(async (db) => ({
    cellPhone: (
      await db.selectFrom("customers").select("cell_phone").where("id", "=", customer.id).executeTakeFirstOrThrow()
    ).cell_phone,
    referenceCode: (
      await db.selectFrom("sales").select("reference_code").where("id", "=", saleId).executeTakeFirstOrThrow()
    ).reference_code,
  }));
  const template = WHATSAPP_TEMPLATES["order-received-pix"].name;
  let sent: AcceptedMessage | undefined;
  await expect
    .poll(async () => {
      sent = (await acceptedMessages(request)).find(
        (message) => message.template === template && message.parameters.includes(code),
      );
      return sent;
    })
    .toBeTruthy();
  expect(sent!.to).toBe(`55${cellPhone}`);
  expect(sent!.parameters).toContain(referenceCode);

  // Meta reports the message delivered, through the store's signed webhook.
  const status = await request.post(`${double}/status`, { data: { wamid: sent!.wamid, status: "delivered" } });
  expect(status.status()).toBe(200);

  await logInStaff(context, "atendimento", "Ana Atendimento");
  const row = page
    .getByRole("region", { name: "Mensagens enviadas (e-mail e WhatsApp)" })
    .getByRole("row")
    .filter({ hasText: WHATSAPP_TEMPLATES["order-received-pix"].label });
  await expect(async () => {
    await visit(`/gestor/clientes/${customer.id}`);
    await expect(row).toContainText("Entregue", { timeout: 1_000 });
  }).toPass();
  await expect(row).toContainText("WhatsApp");
});
