import { EXAMPLE_SYNC_STUDENT } from "#api/contract/gestor/roster-sync.ts";
import { currentPeriodCode } from "#core/dates.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";

test("an admin creates an integration key, sees its secret once, the ERP uses it, and the admin revokes it", async ({
  page,
  context,
  request,
  visit,
}) => {
  await logInStaff(context, "admin", "Ana Administradora");
  await visit("/gestor");
  await page.getByRole("navigation", { name: "Área do gestor" }).getByRole("link", { name: "Integrações" }).click();
  await expect(page.getByRole("heading", { name: "Integrações" })).toBeVisible();

  const form = page.locator("form", { has: page.getByRole("button", { name: "Criar chave" }) });
  const label = `ERP ${crypto.randomUUID().slice(0, 8)}`;
  // Nothing ticked: refused with its message, the name kept.
  await form.getByLabel("Nome (para reconhecer a chave)").fill(label);
  await form.getByLabel("Alunos matriculados").uncheck();
  await form.getByLabel("Séries").uncheck();
  await form.getByRole("button", { name: "Criar chave" }).click();
  await expect(form.getByText("Escolha o que a chave pode atualizar.")).toBeVisible();
  await expect(form.getByLabel("Nome (para reconhecer a chave)")).toHaveValue(label);

  await form.getByLabel("Alunos matriculados").check();
  await form.getByRole("button", { name: "Criar chave" }).click();
  const secret = (await page.getByTestId("chave-criada").textContent())!.trim();
  expect(secret).toMatch(/^lei_[A-Za-z0-9_-]{43}$/);
  const row = page.getByRole("table", { name: "Chaves de integração" }).getByRole("row", { name: new RegExp(label) });
  await expect(row).toContainText(`lei_…${secret.slice(-4)}`);
  await expect(row).toContainText("Alunos matriculados");
  await expect(row).not.toContainText("Séries");
  await expect(row).toContainText("Nunca usada");

  // The school's ERP sends a student with it (the OpenAPI document's example, this period).
  const ra = `9${Date.now().toString().slice(-7)}`;
  const synced = await request.put(`/api/gestor/roster/students/by-ra/${ra}`, {
    headers: { authorization: `Bearer ${secret}` },
    data: { ...EXAMPLE_SYNC_STUDENT, enrolment: { ...EXAMPLE_SYNC_STUDENT.enrolment, CODPERLET: currentPeriodCode() } },
  });
  expect(synced.status()).toBe(200);
  expect(await synced.json()).toMatchObject({ student: { RA: ra }, result: "criado" });

  // Shown once: the page itself, loaded again, has only the hint; and now the key's last use.
  await visit("/gestor/integracoes");
  await expect(page.getByTestId("chave-criada")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await expect(row).not.toContainText("Nunca usada");

  await row.getByLabel("Confirmo: o ERP deixa de sincronizar com ela").check();
  await row.getByRole("button", { name: "Revogar" }).click();
  await expect(row).toContainText("Revogada em");
  await expect(row.getByRole("button", { name: "Revogar" })).toHaveCount(0);
});

test("atendimento sees no Integrações in the menu and is refused the page", async ({ page, context, visit }) => {
  await logInStaff(context, "atendimento");
  await visit("/gestor");
  await expect(page.getByRole("heading", { name: "Painel" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Área do gestor" }).getByRole("link", { name: "Integrações" }),
  ).toHaveCount(0);
  const refused = await page.goto("/gestor/integracoes");
  expect(refused?.status()).toBe(403);
  await expect(page.getByText("Seu perfil não permite acessar esta página.")).toBeVisible();
});
