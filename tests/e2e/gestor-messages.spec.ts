import { FELL_BACK_TO_EMAIL } from "#api/contract/gestor/messages.ts";
import type { APIRequestContext } from "@playwright/test";
import { insertSale } from "#tests/fixtures/sales.ts";
import { insertEmail, insertWhatsapp } from "#tests/fixtures/sent-messages.ts";
import { apiCustomer, createCustomer } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { withStoreDatabase } from "./support/server-side.ts";

// The gestor's view of the messages the store sent (issue 31): a customer's and a sale's pages
// list their e-mails and WhatsApp messages with statuses; the Painel counts the last day's
// failures and links to their list. The rows are written as the outboxes leave them.

/** A customer with a Pix sale and its messages: two e-mails sent, a WhatsApp read, one failed with its e-mail sent. */
async function customerWithMessages(request: APIRequestContext) {
  // A name of letters only (the registration's rule), unique to this test.
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  const name = `Família Mensagens ${letters[0]!.toUpperCase()}${letters.slice(1)}`;
  const customer = await apiCustomer(request, await createCustomer(request, { name }));
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const { saleId, referenceCode } = await withStoreDatabase(async (db) => {
    const saleId = await insertSale(db, {
      customer_id: customer.id,
      status: "pending",
      payment_method_code: "3",
      created_at: minutesAgo(60),
      bags: [
        {
          student_name: "Estudante Mensagens",
          items: [{ title: "Camiseta", quantity: 1, unit_price_cents: 5000, unit_code: "1" }],
        },
      ],
    });
    await insertEmail(db, {
      recipient: customer.email,
      subject: "Recebemos o seu pedido",
      createdAt: minutesAgo(59),
      customerId: customer.id,
      saleId,
      sentAt: minutesAgo(58),
    });
    const fallback = await insertEmail(db, {
      recipient: customer.email,
      subject: "O seu Pix expira em breve",
      createdAt: minutesAgo(20),
      customerId: customer.id,
      saleId,
      sentAt: minutesAgo(19),
    });
    await insertWhatsapp(db, {
      customerId: customer.id,
      saleId,
      kind: "pix-expiring",
      recipient: "5581998761234",
      createdAt: minutesAgo(21),
      status: "failed",
      statusAt: minutesAgo(20),
      lastError: "131026 Mensagem não entregue",
      fallbackMailId: fallback,
    });
    await insertWhatsapp(db, {
      customerId: customer.id,
      saleId,
      kind: "order-received-pix",
      recipient: "5581998761234",
      createdAt: minutesAgo(59),
      status: "read",
      statusAt: minutesAgo(50),
    });
    const sale = await db
      .selectFrom("sales")
      .select("reference_code")
      .where("id", "=", saleId)
      .executeTakeFirstOrThrow();
    return { saleId, referenceCode: sale.reference_code };
  });
  return { name, customer, saleId, referenceCode };
}

test("a customer's and a sale's pages list their messages, newest first, recipients masked", async ({
  page,
  context,
  request,
  visit,
}) => {
  const { customer, saleId, referenceCode } = await customerWithMessages(request);
  await logInStaff(context, "atendimento", "Ana Atendimento");

  const expectMessages = async () => {
    const table = page.getByRole("region", { name: "Mensagens enviadas (e-mail e WhatsApp)" });
    const rows = table.getByRole("row");
    // Newest first: the fallback e-mail, the failed WhatsApp, the read one, the order's e-mail.
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(1)).toContainText("O seu Pix expira em breve");
    await expect(rows.nth(2)).toContainText("WhatsApp");
    await expect(rows.nth(2)).toContainText("Pix perto de expirar");
    await expect(rows.nth(2)).toContainText("(81) 9****-1234");
    await expect(rows.nth(2)).toContainText("Falhou");
    await expect(rows.nth(2)).toContainText("131026 Mensagem não entregue");
    await expect(rows.nth(2)).toContainText(FELL_BACK_TO_EMAIL);
    await expect(rows.nth(3)).toContainText("Lida");
    await expect(rows.nth(4)).toContainText("E-mail");
    await expect(rows.nth(4)).toContainText("Enviada");
    await expect(rows.nth(4)).toContainText(`${customer.email[0]}***@`);
    await expect(table).not.toContainText(customer.email);
    await expect(table).not.toContainText("998761234");
  };

  await visit(`/gestor/clientes/${customer.id}`);
  await expect(page.getByRole("heading", { name: "Mensagens", exact: true })).toBeVisible();
  await expectMessages();

  await visit(`/gestor/pedidos/${saleId}`);
  await expect(page.getByRole("heading", { name: `Pedido ${referenceCode}` })).toBeVisible();
  await expectMessages();
});

test("the Painel counts the last day's failures and lists them with the customer and the sale", async ({
  page,
  context,
  request,
  visit,
}) => {
  const { name, saleId, referenceCode } = await customerWithMessages(request);
  await logInStaff(context, "atendimento", "Ana Atendimento");
  // The Painel counts the failure and links to the last day's list, with the customer and the sale.
  await visit("/gestor");
  const card = page.getByRole("region", { name: "Mensagens com falha" });
  await expect(card).toContainText("Mensagens com falha (últimas 24 h)");
  await expect(card.getByText(/^\d+$/)).not.toHaveText("0");
  await card.getByRole("link", { name: "Ver as mensagens" }).click();
  await expect(page).toHaveURL(/\/gestor\/mensagens$/);
  const failed = page
    .getByRole("region", { name: "Mensagens com falha nas últimas 24 horas" })
    .getByRole("row")
    .filter({ hasText: name });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText("Pix perto de expirar");
  await expect(failed).toContainText(FELL_BACK_TO_EMAIL);
  await failed.getByRole("link", { name: referenceCode }).click();
  await expect(page).toHaveURL(new RegExp(`/gestor/pedidos/${saleId}$`));
});
