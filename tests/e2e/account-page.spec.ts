import type { APIRequestContext, Page } from "@playwright/test";
import { createCustomer, logInThroughModal } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

/** A new customer, logged in through the account modal, on /conta. */
async function openAccountPage(
  { page, request, visit, js }: { page: Page; request: APIRequestContext; visit: (path: string) => Promise<void>; js: boolean },
) {
  const customer = await createCustomer(request);
  await visit("/faq");
  await logInThroughModal(page, customer.email, customer.password, js);
  await visit("/conta");
  await expect(page.getByRole("heading", { name: "Minha Conta", level: 1 })).toBeVisible();
  return customer;
}

const profileSection = (page: Page) => page.getByRole("region", { name: "Meus dados" });
const passwordSection = (page: Page) => page.getByRole("region", { name: "Alterar senha" });
const successToast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("a visitor opening /conta lands on the home page", async ({ page }) => {
  await page.goto("/conta");
  await expect(page).toHaveURL(/\/$/);
});

test("the profile shows the customer's data and a change persists", async ({ page, request, visit, js }) => {
  const customer = await openAccountPage({ page, request, visit, js });
  const profile = profileSection(page);
  await expect(profile.getByLabel("E-mail")).toHaveValue(customer.email);
  await expect(profile.getByLabel("CPF")).toHaveValue(customer.cpf);
  await expect(profile.getByLabel("Celular")).toHaveValue("(81) 99876-5432");
  await expect(profile.getByLabel("CEP", { exact: true })).toHaveValue("50030-230");
  await expect(profile.getByLabel("Cidade")).toHaveValue("Recife");

  await profile.getByLabel("Nome completo").fill("Fernanda Lima de Souza");
  await profile.getByLabel("Celular").fill("81988887777");
  await profile.getByLabel("Número").fill("1500");
  await profile.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(successToast(page, "Dados alterados com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/conta$/);

  await page.reload();
  const reloaded = profileSection(page);
  await expect(reloaded.getByLabel("Nome completo")).toHaveValue("Fernanda Lima de Souza");
  await expect(reloaded.getByLabel("Celular")).toHaveValue("(81) 98888-7777");
  await expect(reloaded.getByLabel("Número")).toHaveValue("1500");
});

test("an invalid CPF says 'CPF Inválido' and keeps what was typed", async ({ page, request, visit, js }) => {
  await openAccountPage({ page, request, visit, js });
  const profile = profileSection(page);
  await profile.getByLabel("Nome completo").fill("Fernanda Nova Silva");
  await profile.getByLabel("Bairro").fill("Graças");
  await profile.getByLabel("CPF").fill("111.111.111-11");
  await profile.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(profile.getByText("CPF Inválido")).toBeVisible();
  await expect(profile.getByLabel("Nome completo")).toHaveValue("Fernanda Nova Silva");
  await expect(profile.getByLabel("Bairro")).toHaveValue("Graças");
  await expect(profile.getByLabel("CPF")).toHaveValue("111.111.111-11");
  await expect(successToast(page, "Dados alterados com sucesso!")).toHaveCount(0);
});

test("a CPF of another account comes back as a red toast, with the form as typed", async ({ page, request, visit, js }) => {
  const other = await createCustomer(request);
  await openAccountPage({ page, request, visit, js });
  const profile = profileSection(page);
  await profile.getByLabel("Nome completo").fill("Fernanda Outra Pessoa");
  await profile.getByLabel("CPF").fill(other.cpf);
  await profile.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.locator("[data-toast-type=error]")).toHaveText("Já existe uma conta com este CPF.");
  await expect(profileSection(page).getByLabel("Nome completo")).toHaveValue("Fernanda Outra Pessoa");
  await expect(profileSection(page).getByLabel("CPF")).toHaveValue(other.cpf);
  if (!js) await expect(page).toHaveURL(/\/conta$/);
});

test("the city list follows the chosen state", async ({ page, request, visit, js }) => {
  await openAccountPage({ page, request, visit, js });
  const profile = profileSection(page);
  await profile.getByLabel("Estado").selectOption("SP");
  if (!js) await profile.getByRole("button", { name: "Atualizar cidades" }).click();
  await expect(profileSection(page).getByLabel("Cidade").locator("option", { hasText: "Campinas" })).toHaveCount(1);
  await profileSection(page).getByLabel("Cidade").selectOption("Campinas");
  await profileSection(page).getByRole("button", { name: "Salvar alterações" }).click();
  await expect(successToast(page, "Dados alterados com sucesso!")).toBeVisible();
  await page.reload();
  await expect(profileSection(page).getByLabel("Estado")).toHaveValue("SP");
  await expect(profileSection(page).getByLabel("Cidade")).toHaveValue("Campinas");
});

test("a password change keeps the session; the new password logs in and the old one no longer does", async ({
  page,
  request,
  visit,
  js,
}) => {
  const customer = await openAccountPage({ page, request, visit, js });
  const section = passwordSection(page);
  await section.getByLabel("Senha atual", { exact: true }).fill(customer.password);
  await section.getByLabel("Nova senha", { exact: true }).fill("novaSenha9");
  await section.getByLabel("Confirme a nova senha", { exact: true }).fill("novaSenha9");
  await section.getByRole("button", { name: "Alterar senha" }).click();
  await expect(successToast(page, "Senha alterada com sucesso!")).toBeVisible();
  await expect(passwordSection(page).getByLabel("Senha atual", { exact: true })).toHaveValue("");
  await expect(passwordSection(page).getByLabel("Nova senha", { exact: true })).toHaveValue("");

  // Still logged in with the fresh token.
  await page.reload();
  await expect(page).toHaveURL(/\/conta$/);
  await expect(profileSection(page).getByLabel("E-mail")).toHaveValue(customer.email);

  const login = (password: string) =>
    request.post("/api/accounts/auth-customer", { data: { email: customer.email, password, storeId: 1 } });
  expect((await login("novaSenha9")).status()).toBe(200);
  const old = await login(customer.password);
  expect(old.status()).toBe(401);
  expect((await old.json()).error.message).toBe("E-mail ou senha incorretos.");
});

test("a wrong current password comes back as a red toast and no password is kept", async ({ page, request, visit, js }) => {
  await openAccountPage({ page, request, visit, js });
  const section = passwordSection(page);
  await section.getByLabel("Senha atual", { exact: true }).fill("errada123");
  await section.getByLabel("Nova senha", { exact: true }).fill("novaSenha9");
  await section.getByLabel("Confirme a nova senha", { exact: true }).fill("novaSenha9");
  await section.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.locator("[data-toast-type=error]")).toHaveText("Senha atual incorreta.");
  // Without JavaScript the page came back from the server, which never echoes a password.
  if (!js) await expect(passwordSection(page).getByLabel("Nova senha", { exact: true })).toHaveValue("");
});

test("an empty order history says so and links to the store", async ({ page, request, visit, js }) => {
  await openAccountPage({ page, request, visit, js });
  const orders = page.getByRole("region", { name: "Meus pedidos" });
  await expect(orders.getByText("Você ainda não fez nenhuma compra.")).toBeVisible();
  await expect(orders.getByRole("link", { name: "Ir para a loja" })).toHaveAttribute("href", "/");
});
