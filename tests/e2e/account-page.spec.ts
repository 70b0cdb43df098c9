import type { APIRequestContext, Page } from "@playwright/test";
import { createCustomer, WEAK_PASSWORD, type ApiCustomer } from "./support/accounts.ts";
import { announcement, expectAnnounced } from "./support/announcements.ts";
import { expect, test as base } from "./support/fixtures.ts";
import { fillFields } from "./support/pages.ts";
import { chooseCity, lookUpUnknownCep } from "./support/address.ts";

/** `openAccountPage()`: a new customer, logged in, on /conta. */
const test = base.extend<{ openAccountPage: () => Promise<ApiCustomer> }>({
  openAccountPage: async ({ page, logIn, visit }, use) => {
    await use(async () => {
      const customer = await logIn();
      await visit("/conta");
      await expect(page.getByRole("heading", { name: "Minha Conta", level: 1 })).toBeVisible();
      return customer;
    });
  },
});

const profileSection = (page: Page) => page.getByRole("region", { name: "Meus dados" });
const passwordSection = (page: Page) => page.getByRole("region", { name: "Alterar senha" });

/** Fills and sends the "Alterar senha" form. */
async function changePassword(page: Page, current: string, next: string) {
  const section = passwordSection(page);
  await fillFields(section, { "Senha atual": current, "Nova senha": next, "Confirme a nova senha": next });
  await section.getByRole("button", { name: "Alterar senha" }).click();
}

/** The store API's answer to a login with these credentials. */
const apiLogin = (request: APIRequestContext, email: string, password: string) =>
  request.post("/api/accounts/auth-customer", { data: { email, password, storeId: 1 } });

test("a visitor opening /conta lands on the home page", async ({ page }) => {
  await page.goto("/conta");
  await expect(page).toHaveURL(/\/$/);
});

test("the profile shows the customer's data and a change persists", async ({ page, openAccountPage }) => {
  const customer = await openAccountPage();
  const profile = profileSection(page);
  await expect(profile.getByLabel("E-mail")).toHaveValue(customer.email);
  await expect(profile.getByLabel("CPF")).toHaveValue(customer.cpf);
  await expect(profile.getByLabel("Celular")).toHaveValue("(81) 99876-5432");
  await expect(profile.getByLabel("CEP", { exact: true })).toHaveValue("50030-230");
  await expect(profile.getByLabel("Cidade")).toHaveValue("Recife");

  await fillFields(profile, { "Nome completo": "Fernanda Lima de Souza", Celular: "81988887777", Número: "1500" });
  await profile.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page).toHaveURL(/\/conta$/);
  await expectAnnounced(page, "Dados alterados com sucesso!", { type: "success" });

  await page.reload();
  const reloaded = profileSection(page);
  await expect(reloaded.getByLabel("Nome completo")).toHaveValue("Fernanda Lima de Souza");
  await expect(reloaded.getByLabel("Celular")).toHaveValue("(81) 98888-7777");
  await expect(reloaded.getByLabel("Número")).toHaveValue("1500");
});

test("an invalid CPF says 'CPF inválido' and keeps what was typed", async ({ page, openAccountPage }) => {
  await openAccountPage();
  const profile = profileSection(page);
  await fillFields(profile, { "Nome completo": "Fernanda Nova Silva", Bairro: "Graças", CPF: "111.111.111-11" });
  await profile.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(profile.getByText("CPF inválido")).toBeVisible();
  await expect(profile.getByLabel("Nome completo")).toHaveValue("Fernanda Nova Silva");
  await expect(profile.getByLabel("Bairro")).toHaveValue("Graças");
  await expect(profile.getByLabel("CPF")).toHaveValue("111.111.111-11");
  await expect(announcement(page, "Dados alterados com sucesso!")).toHaveCount(0);
});

test("a CPF of another account comes back as a red toast, with the form as typed", async ({
  page,
  request,
  js,
  openAccountPage,
}) => {
  const other = await createCustomer(request);
  await openAccountPage();
  const profile = profileSection(page);
  await fillFields(profile, { "Nome completo": "Fernanda Outra Pessoa", CPF: other.cpf });
  await profile.getByRole("button", { name: "Salvar alterações" }).click();
  await expectAnnounced(page, "Já existe uma conta com este CPF.", { type: "error" });
  await expect(profileSection(page).getByLabel("Nome completo")).toHaveValue("Fernanda Outra Pessoa");
  await expect(profileSection(page).getByLabel("CPF")).toHaveValue(other.cpf);
  if (!js) await expect(page).toHaveURL(/\/conta$/);
});

test("after a CEP that is not found, the city list follows the chosen state", async ({ page, js, openAccountPage }) => {
  await openAccountPage();
  const profile = profileSection(page);
  await lookUpUnknownCep(profile, js);
  await chooseCity(profile, js, { state: "SP", city: "Campinas" });
  await profileSection(page).getByRole("button", { name: "Salvar alterações" }).click();
  await expectAnnounced(page, "Dados alterados com sucesso!", { type: "success" });
  await page.reload();
  await expect(profileSection(page).getByLabel("Estado")).toHaveValue("SP");
  await expect(profileSection(page).getByLabel("Cidade")).toHaveValue("Campinas");
  await expect(profileSection(page).getByLabel("Cidade")).toHaveAttribute("readonly", "");
});

test("a password change keeps the session; the new password logs in and the old one no longer does", async ({
  page,
  request,
  openAccountPage,
}) => {
  const customer = await openAccountPage();
  await changePassword(page, customer.password, "novaSenha9");
  await expectAnnounced(page, "Senha alterada com sucesso!", { type: "success" });
  await expect(passwordSection(page).getByLabel("Senha atual", { exact: true })).toHaveValue("");
  await expect(passwordSection(page).getByLabel("Nova senha", { exact: true })).toHaveValue("");

  // Still logged in with the fresh token.
  await page.reload();
  await expect(page).toHaveURL(/\/conta$/);
  await expect(profileSection(page).getByLabel("E-mail")).toHaveValue(customer.email);

  expect((await apiLogin(request, customer.email, "novaSenha9")).status()).toBe(200);
  const old = await apiLogin(request, customer.email, customer.password);
  expect(old.status()).toBe(401);
  expect((await old.json()).error.message).toBe("E-mail ou senha incorretos.");
});

test("a wrong current password comes back as a red toast and no password is kept", async ({
  page,
  js,
  openAccountPage,
}) => {
  await openAccountPage();
  await changePassword(page, "errada123", "novaSenha9");
  await expectAnnounced(page, "Senha atual incorreta.", { type: "error" });
  // Without JavaScript the page came back from the server, which never echoes a password.
  if (!js) await expect(passwordSection(page).getByLabel("Nova senha", { exact: true })).toHaveValue("");
});

test("a common new password is refused on the Nova senha field, and the old one still works", async ({
  page,
  request,
  openAccountPage,
}) => {
  const customer = await openAccountPage();
  await changePassword(page, customer.password, "12345678");
  await expect(passwordSection(page).getByLabel("Nova senha", { exact: true })).toHaveAccessibleDescription(
    WEAK_PASSWORD,
  );
  expect((await apiLogin(request, customer.email, customer.password)).status()).toBe(200);
});

test("an empty order history says so and links to the store", async ({ page, openAccountPage }) => {
  await openAccountPage();
  const orders = page.getByRole("region", { name: "Meus pedidos" });
  await expect(orders.getByText("Você ainda não fez nenhuma compra.")).toBeVisible();
  await expect(orders.getByRole("link", { name: "Ir para a loja" })).toHaveAttribute("href", "/");
});
