import { uniqueEmail } from "./support/data.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { latestMessageTo } from "./support/mailbox.ts";

test("a visitor's message is answered from the area: the reply e-mail arrives and the ticket reads respondido", async ({
  page,
  context,
  visit,
}) => {
  const email = uniqueEmail("ticket");
  await visit("/atendimento");
  const section = page.getByRole("region", { name: "Fale conosco" });
  await section.getByLabel("Nome", { exact: true }).fill("Rita Albuquerque");
  await section.getByLabel("E-mail", { exact: true }).fill(email);
  await section.getByLabel("Assunto").selectOption({ label: "Pedido" });
  await section.getByLabel("Mensagem", { exact: true }).fill("Quando chega o kit de uniforme do meu filho?");
  await section.getByRole("button", { name: "Enviar mensagem" }).click();
  const protocol = (await page.getByTestId("support-protocol").textContent())!;
  // The receipt first: the reply is the message after it.
  await latestMessageTo(email);

  await logInStaff(context, "atendimento", "Bruno Atendente");
  await visit(`/gestor/atendimento?q=${protocol}`);
  await page.getByRole("link", { name: protocol }).click();
  await expect(page.getByRole("heading", { name: `Mensagem ${protocol}` })).toBeVisible();
  await expect(page.getByTestId("ticket-status")).toHaveText("Aberto");
  await expect(page.getByText("Quando chega o kit de uniforme do meu filho?")).toBeVisible();

  // An empty reply is refused with its message.
  await page.getByRole("button", { name: "Enviar resposta" }).click();
  await expect(page.getByText("Escreva a resposta.")).toBeVisible();
  const answer = "Olá, Rita! O kit chega à unidade na próxima segunda-feira.";
  await page.getByLabel("Resposta", { exact: true }).fill(answer);
  await page.getByRole("button", { name: "Enviar resposta" }).click();

  await expect(page.getByTestId("ticket-status")).toHaveText("Respondido");
  await expect(page.getByText("Resposta de Bruno Atendente")).toBeVisible();
  const mail = await latestMessageTo(email, { after: 1 });
  expect(mail.subject).toBe(`Resposta ao seu contato: protocolo ${protocol}`);
  expect(mail.text).toContain(answer);

  await page.getByRole("button", { name: "Fechar mensagem" }).click();
  await expect(page.getByTestId("ticket-status")).toHaveText("Fechado");
  await expect(page.getByRole("button", { name: "Enviar resposta" })).toHaveCount(0);
  await visit(`/gestor/atendimento?status=fechado&q=${protocol}`);
  await expect(page.getByRole("row", { name: new RegExp(protocol) })).toContainText("Fechado");
});
