import { uniqueEmail } from "./support/data.ts";
import { expect, test } from "./support/fixtures.ts";
import { latestMessageTo, messagesTo } from "./support/mailbox.ts";

const MESSAGE = "Paguei o boleto do kit de material ontem e o pedido ainda aparece como aguardando pagamento.";

test("a visitor's wrong input stays typed with its messages; sent, the page shows the protocol, and the central and the sender get their e-mails", async ({
  page,
  visit,
  js,
}) => {
  const email = uniqueEmail("contato");
  await visit("/atendimento");
  const section = page.getByRole("region", { name: "Fale conosco" });
  await section.getByLabel("Nome", { exact: true }).fill("Carla Menezes");
  await section.getByLabel("E-mail", { exact: true }).fill("carla@");
  await section.getByLabel("Telefone (opcional)").fill("81999887766");
  if (js) await expect(section.getByLabel("Telefone (opcional)")).toHaveValue("(81) 99988-7766");
  await section.getByLabel("Mensagem", { exact: true }).fill("Oi");
  await section.getByRole("button", { name: "Enviar mensagem" }).click();

  await expect(section.getByText("Informe um e-mail válido.")).toBeVisible();
  await expect(section.getByText("Selecione o assunto.")).toBeVisible();
  await expect(section.getByText("A mensagem deve ter entre 10 e 2.000 caracteres.")).toBeVisible();
  await expect(section.getByLabel("Nome", { exact: true })).toHaveValue("Carla Menezes");
  await expect(section.getByLabel("Mensagem", { exact: true })).toHaveValue("Oi");

  await section.getByLabel("E-mail", { exact: true }).fill(email);
  await section.getByLabel("Assunto").selectOption({ label: "Pagamento" });
  await section.getByLabel("RA do aluno (opcional)").fill("20250001");
  await section.getByLabel("Mensagem", { exact: true }).fill(MESSAGE);
  await section.getByRole("button", { name: "Enviar mensagem" }).click();

  const sent = page.getByRole("status").filter({ hasText: "Recebemos sua mensagem" });
  await expect(sent).toContainText(/^Recebemos sua mensagem\. Protocolo \d{4}-\d{6}\./);
  const protocol = (await sent.getByTestId("support-protocol").textContent())!;
  // The form is empty again for another message.
  await expect(section.getByLabel("Mensagem", { exact: true })).toHaveValue("");

  const receipt = await latestMessageTo(email);
  expect(receipt.subject).toBe(`Recebemos sua mensagem: protocolo ${protocol}`);
  expect(receipt.text).toContain("Olá, Carla!");
  const central = (await page
    .getByRole("link", { name: /^atendimento@/ })
    .first()
    .textContent())!.trim();
  await expect
    .poll(async () => (await messagesTo(central)).find((message) => message.subject.includes(protocol))?.text ?? "")
    .toContain(MESSAGE);
  const toCentral = (await messagesTo(central)).find((message) => message.subject.includes(protocol))!;
  expect(toCentral.subject).toBe(`Fale conosco ${protocol}: Pagamento`);
  expect(toCentral.text).toContain(`E-mail: ${email}`);
  expect(toCentral.text).toContain("Telefone: (81) 99988-7766");
  expect(toCentral.text).toContain("RA do aluno: 20250001");
});

test("a logged-in customer finds the form filled in with the account's name, e-mail and phone", async ({
  page,
  logIn,
  visit,
}) => {
  const customer = await logIn();
  await visit("/atendimento");
  const section = page.getByRole("region", { name: "Fale conosco" });
  await expect(section.getByLabel("Nome", { exact: true })).toHaveValue(customer.name);
  await expect(section.getByLabel("E-mail", { exact: true })).toHaveValue(customer.email);
  await expect(section.getByLabel("Telefone (opcional)")).toHaveValue(customer.cellPhone);
});
