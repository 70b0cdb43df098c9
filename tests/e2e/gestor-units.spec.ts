import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";

const auditRows = (page: Page) => page.getByRole("table", { name: "Registros da auditoria" }).getByRole("row");
const unitRows = (page: Page) => page.getByRole("table", { name: "Unidades da rede" }).getByRole("row");

// Other specs read the demo units ("0", "1", "3"…): this one only creates units of its own, with
// codes no demo unit has (1000–9999, one per run and project), and leaves them inactive.
const newCode = () => String(1000 + Math.floor(Math.random() * 9000));

test("an admin creates a unit, changes its phone and pickup hours, moves it, deactivates it; Auditoria has it all", async ({
  page,
  context,
  visit,
}) => {
  const code = newCode();
  const name = `Colégio Saber Teste ${code}`;
  await logInStaff(context, "admin", "Ana Administradora");
  await visit("/gestor");
  await page.getByRole("navigation", { name: "Área do gestor" }).getByRole("link", { name: "Unidades" }).click();
  await expect(page.getByRole("heading", { name: "Unidades" })).toBeVisible();
  await expect(unitRows(page).filter({ hasText: "Colégio Saber Boa Viagem" })).toContainText("Ativa");

  await page.getByRole("link", { name: "Nova unidade" }).click();
  await expect(page.getByRole("heading", { name: "Nova unidade" })).toBeVisible();
  const form = page.locator("form", { has: page.getByRole("button", { name: "Criar unidade" }) });
  await form.getByLabel("Código (CODCOLIGADA)").fill(code);
  await form.getByLabel("Nome").fill(name);
  await form.getByLabel("Endereço").fill("Rua do Teste, 100, Centro");
  await form.getByLabel("Cidade").fill("Recife - PE");
  await form.getByLabel("Telefone").fill("3034");
  await form.getByLabel("E-mail").fill(`unidade${code}@escola.test`);
  await form.getByRole("button", { name: "Criar unidade" }).click();
  // Refused with its message, and what was typed stays.
  await expect(form.getByText("Telefone incompleto")).toBeVisible();
  await expect(form.getByLabel("Nome")).toHaveValue(name);
  await expect(form.getByLabel("Código (CODCOLIGADA)")).toHaveValue(code);
  await form.getByLabel("Telefone").fill("8130345000");
  await form.getByRole("button", { name: "Criar unidade" }).click();

  await expect(page.getByRole("heading", { name })).toBeVisible();
  const summary = page.getByTestId("unit-summary");
  await expect(summary).toContainText(code);
  await expect(summary).toContainText("Ativa");
  const edit = page.locator("form", { has: page.getByRole("button", { name: "Salvar unidade" }) });
  await expect(edit.getByLabel("Telefone")).toHaveValue("(81) 3034-5000");

  await edit.getByLabel("Telefone").fill("(81) 99876-5432");
  await edit.getByLabel("Horário de retirada dos pedidos (opcional)").fill("Seg. a sex., 7h às 17h");
  await edit.getByRole("button", { name: "Salvar unidade" }).click();
  await expect(edit.getByLabel("Horário de retirada dos pedidos (opcional)")).toHaveValue("Seg. a sex., 7h às 17h");
  await expect(edit.getByLabel("Telefone")).toHaveValue("(81) 99876-5432");

  // Created at the end of the network's order (another run may have added one after it since):
  // one place up, above the unit that was before it.
  await page.getByRole("link", { name: "Voltar para Unidades" }).click();
  const namesInOrder = () => page.getByRole("table", { name: "Unidades da rede" }).getByRole("link").allTextContents();
  await expect(unitRows(page).filter({ hasText: name })).toBeVisible();
  const before = await namesInOrder();
  const above = before[before.indexOf(name) - 1]!;
  await page.getByRole("button", { name: `Subir ${name}` }).click();
  await expect
    .poll(async () => {
      const now = await namesInOrder();
      return now.indexOf(name) === now.indexOf(above) - 1;
    })
    .toBe(true);

  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await page.getByRole("checkbox", { name: "Unidade ativa" }).uncheck();
  await page.getByRole("button", { name: "Salvar unidade" }).click();
  await expect(page.getByTestId("unit-summary")).toContainText("Inativa");

  await page.getByRole("link", { name: "Voltar para Unidades" }).click();
  const row = unitRows(page).filter({ hasText: name });
  await expect(row).toContainText("(81) 99876-5432");
  await expect(row).toContainText("Seg. a sex., 7h às 17h");
  await expect(row).toContainText("Inativa");

  await visit(`/gestor/auditoria?targetType=unit&targetId=${code}`);
  await expect(auditRows(page).filter({ hasText: `Criou a unidade ${code} – ${name}` })).toHaveCount(1);
  await expect(
    auditRows(page).filter({ hasText: `Alterou a unidade ${code} – ${name} (telefone, horário de retirada)` }),
  ).toHaveCount(1);
  await expect(auditRows(page).filter({ hasText: `Moveu a unidade ${code} – ${name} para cima` })).toHaveCount(1);
  await expect(auditRows(page).filter({ hasText: `Desativou a unidade ${code} – ${name}` })).toHaveCount(1);
});

test("an atendente has no Unidades in the menu and is refused its pages", async ({ page, context, visit }) => {
  await logInStaff(context, "atendimento");
  await visit("/gestor");
  const menu = page.getByRole("navigation", { name: "Área do gestor" });
  await expect(menu.getByRole("link", { name: "Pedidos" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Unidades" })).toHaveCount(0);
  for (const path of ["/gestor/unidades", "/gestor/unidades/nova", "/gestor/unidades/1"]) {
    await visit(path);
    await expect(page.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("Seu perfil não permite acessar esta página.");
  }
});
