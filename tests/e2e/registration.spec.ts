import type { Locator, Page } from "@playwright/test";
import { accountMenu, accountModal, expectLoggedIn, modalReady, WEAK_PASSWORD } from "./support/accounts.ts";
import { expectAnnounced } from "./support/announcements.ts";
import { newMaskedCpf, uniqueEmail } from "./support/data.ts";
import { expect, test } from "./support/fixtures.ts";
import { fillFields } from "./support/pages.ts";
import { CEP_UNAVAILABLE, chooseCity, lookUpKnownCep, lookUpUnknownCep } from "./support/address.ts";
import { SLOW_CEP } from "#tests/fixtures/cep-server.ts";
import { recordAnswers } from "./support/secrets.ts";

/** Strong enough for the store's rule (api/accounts/password-strength.ts), and easy to spot in a page. */
const PASSWORD = "Lapis-Azul-42";

/** Fills step 2 with a valid address (CEP unknown to the double, so state and city are picked from lists). */
async function fillBasics(page: Page, js: boolean, values: { cpf: string; houseNumber: string }): Promise<Locator> {
  const modal = await modalReady(page, js);
  await fillFields(modal, {
    CPF: values.cpf,
    "Data de nascimento": "1985-04-12",
    Celular: "(81) 99876-5432",
  });
  await lookUpUnknownCep(modal, js, "50030-230");
  await chooseCity(modal, js, { state: "PE", city: "Recife" });
  await fillFields(await modalReady(page, js), {
    Bairro: "Boa Vista",
    Rua: "Rua da Aurora",
    Número: values.houseNumber,
  });
  return modal;
}

/** Fills step 1 validly and goes on to step 2. */
async function passAccessStep(page: Page, js: boolean, name: string, address: string) {
  const modal = await modalReady(page, js);
  await fillFields(modal, {
    "Nome completo": name,
    "E-mail": address,
    Senha: PASSWORD,
    "Repita a senha": PASSWORD,
  });
  await modal.getByRole("checkbox").check();
  await modal.getByRole("button", { name: "Próximo" }).click();
}

test("the spec's messages on steps 1 and 2; Voltar keeps step 1 but the password, which no answer carries", async ({
  page,
  visit,
  js,
}) => {
  const address = uniqueEmail("registro");
  const answers = recordAnswers(page);
  await visit("/faq?conta=registrar");
  let modal = await modalReady(page, js);

  // Step 1 "Dados de acesso": mismatched passwords and unticked terms.
  await fillFields(modal, {
    "Nome completo": "Joana Maria de Albuquerque",
    "E-mail": address,
    Senha: PASSWORD,
    "Repita a senha": "Lapis-Azul-43",
  });
  await modal.getByRole("button", { name: "Próximo" }).click();
  await expect(page.getByText("Senhas não correspondem")).toBeVisible();
  await expect(page.getByText("Termos e Condições não aceitos")).toBeVisible();

  modal = await modalReady(page, js);
  await expect(modal.getByLabel("Nome completo")).toHaveValue("Joana Maria de Albuquerque");
  await fillFields(modal, { Senha: PASSWORD, "Repita a senha": PASSWORD });
  await modal.getByRole("checkbox").check();
  await modal.getByRole("button", { name: "Próximo" }).click();

  // Step 2 "Informações básicas": a wrong CPF, then Voltar.
  modal = await modalReady(page, js);
  await expect(modal.getByRole("heading", { name: "Informações básicas" })).toBeVisible();
  modal = await fillBasics(page, js, { cpf: "111.111.111-11", houseNumber: "1" });
  await modal.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByText("CPF inválido")).toBeVisible();
  await expect(page.getByText("Número deve ter de 2 a 6 dígitos.")).toBeVisible();

  modal = await modalReady(page, js);
  await modal.getByRole("button", { name: "Voltar" }).click();
  modal = await modalReady(page, js);
  await expect(modal.getByLabel("Nome completo")).toHaveValue("Joana Maria de Albuquerque");
  await expect(modal.getByLabel("E-mail")).toHaveValue(address);
  await expect(modal.getByRole("checkbox")).toBeChecked();
  await expect(modal.getByLabel("Senha", { exact: true })).toHaveValue("");
  await answers.expectNever(PASSWORD);
});

test("sign-up in three steps, then Acessar logs in without the password coming back or being posted again", async ({
  page,
  visit,
  js,
}) => {
  const answers = recordAnswers(page);
  await visit("/faq?conta=registrar");
  await passAccessStep(page, js, "Joana Maria de Albuquerque", uniqueEmail("registro"));
  const modal = await fillBasics(page, js, { cpf: newMaskedCpf(), houseNumber: "325" });
  await answers.expectNever(PASSWORD);
  await modal.getByRole("button", { name: "Criar conta" }).click();

  // Step 3: success; "Acessar" posts only the sign-up's draft id.
  await expect(accountModal(page).getByRole("status").filter({ hasText: "Conta criada com sucesso!" })).toBeVisible();
  await answers.expectNever(PASSWORD);
  const acessar = page.waitForRequest((request) => request.method() === "POST" && request.url().includes("/registrar"));
  await accountModal(page).getByRole("button", { name: "Acessar" }).click();
  expect((await acessar).postData() ?? "").not.toContain(PASSWORD);
  await expectLoggedIn(page, "Joana Maria de Albuquerque");
  await expectAnnounced(page, "Usuário logado com sucesso!", { type: "success" });
  await accountMenu(page).locator("summary").click();
  await expect(accountMenu(page).getByText("Olá, Joana")).toBeVisible();
  await answers.expectNever(PASSWORD);
});

test("a common password is refused at step 1, on the password field", async ({ page, visit, js }) => {
  await visit("/?conta=registrar");
  let modal = await modalReady(page, js);
  await fillFields(modal, {
    "Nome completo": "Rosangela Barbosa Lima",
    "E-mail": uniqueEmail("fraca"),
    Senha: "123456",
    "Repita a senha": "123456",
  });
  await modal.getByRole("checkbox").check();
  await modal.getByRole("button", { name: "Próximo" }).click();
  modal = await modalReady(page, js);
  const password = modal.getByLabel("Senha", { exact: true });
  await expect(password).toHaveAccessibleDescription(WEAK_PASSWORD);
  await expect(modal.getByRole("heading", { name: "Dados de acesso" })).toBeVisible();
  await expect(modal.getByLabel("Nome completo")).toHaveValue("Rosangela Barbosa Lima");
});

test("signing up with an e-mail that has an account says so", async ({ page, visit, js }) => {
  await visit("/?conta=registrar");
  await passAccessStep(page, js, "Mariana Albuquerque Souza", "demo@lojaescolar.com.br");
  const modal = await fillBasics(page, js, { cpf: newMaskedCpf(), houseNumber: "325" });
  await modal.getByRole("button", { name: "Criar conta" }).click();
  await expectAnnounced(page, "Já existe uma conta com este e-mail.", { type: "error" });
  await expect(accountModal(page).getByLabel("Bairro")).toHaveValue("Boa Vista");
});

test("the CEP lookup fills state, city, neighbourhood and street, then focuses the number", async ({
  page,
  visit,
  js,
}) => {
  await visit("/?conta=registrar");
  await passAccessStep(page, js, "Carlos Eduardo Monteiro", uniqueEmail("registro"));
  const modal = await modalReady(page, js);
  await modal.getByLabel("CPF").fill(newMaskedCpf());
  await lookUpKnownCep(modal, js);
  // What was typed before the lookup is still there.
  await expect(modal.getByLabel("CPF")).not.toHaveValue("");
});

test("state and city are read-only until a CEP is not found; then they are lists", async ({ page, visit, js }) => {
  await visit("/?conta=registrar");
  await passAccessStep(page, js, "Carlos Eduardo Monteiro", uniqueEmail("registro"));
  const modal = await modalReady(page, js);
  await expect(modal.getByRole("combobox", { name: "Estado", exact: true })).toHaveCount(0);
  await lookUpUnknownCep(modal, js);
  await chooseCity(await modalReady(page, js), js, { state: "PE", city: "Recife" });
  // A CEP the lookup finds makes them read-only again, filled by it.
  await lookUpKnownCep(await modalReady(page, js), js);
});

test("a CEP lookup that does not answer says so; the address typed by hand, complement included, is kept and editable in /conta", async ({
  page,
  visit,
  js,
}) => {
  // Three lookups (Buscar, Criar conta, Salvar) each wait out the store's 3 s CEP timeout.
  test.slow();
  await visit("/?conta=registrar");
  await passAccessStep(page, js, "Heloísa Cavalcanti Barros", uniqueEmail("complemento"));
  let modal = await modalReady(page, js);
  await fillFields(modal, { CPF: newMaskedCpf(), "Data de nascimento": "1985-04-12", Celular: "(81) 99876-5432" });
  // The double answers this CEP only after the store's 3 s timeout: the service "did not answer".
  const slowCep = `${SLOW_CEP.slice(0, 5)}-${SLOW_CEP.slice(5)}`;
  await modal.getByLabel("CEP", { exact: true }).fill(slowCep);
  if (js) await modal.getByLabel("CEP", { exact: true }).blur();
  else await modal.getByRole("button", { name: "Buscar CEP" }).click();
  modal = await modalReady(page, js);
  await expect(modal.getByRole("status").filter({ hasText: CEP_UNAVAILABLE })).toBeVisible();
  await expect(modal.getByLabel("CEP", { exact: true })).toHaveValue(slowCep);
  await chooseCity(modal, js, { state: "PE", city: "Olinda" });
  modal = await modalReady(page, js);
  // Choosing the city keeps the message: the lookup of this CEP still failed.
  await expect(modal.getByRole("status").filter({ hasText: CEP_UNAVAILABLE })).toBeVisible();
  await fillFields(modal, {
    Bairro: "Carmo",
    Rua: "Rua do Amparo",
    Número: "45",
    "Complemento (opcional)": "Casa 2, fundos",
  });
  await modal.getByRole("button", { name: /criar conta/i }).click();
  await expect(accountModal(page).getByRole("status").filter({ hasText: "Conta criada com sucesso!" })).toBeVisible();
  await accountModal(page).getByRole("button", { name: "Acessar" }).click();
  await expectLoggedIn(page, "Heloísa Cavalcanti Barros");

  await visit("/conta");
  const profile = page.getByRole("region", { name: "Meus dados" });
  await expect(profile.getByLabel("Cidade", { exact: true })).toHaveValue("Olinda");
  await expect(profile.getByLabel("Rua")).toHaveValue("Rua do Amparo");
  await expect(profile.getByLabel("Complemento")).toHaveValue("Casa 2, fundos");
  await fillFields(profile, { "Complemento (opcional)": "Casa 3" });
  await profile.getByRole("button", { name: /salvar alterações/i }).click();
  await expectAnnounced(page, "Dados alterados com sucesso!", { type: "success" });
  await page.reload();
  await expect(page.getByRole("region", { name: "Meus dados" }).getByLabel("Complemento")).toHaveValue("Casa 3");
});
