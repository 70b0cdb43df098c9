import { newCpf } from "#tests/fixtures/customers.ts";
import type { Locator, Page } from "@playwright/test";
import { accountMenu, accountModal, modalReady } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

const email = () => `registro.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemplo.com.br`;
/** Picks Recife: with JavaScript the city list follows the state; without it, a button reloads it. */
async function chooseRecife(page: Page, modal: Locator, js: boolean): Promise<Locator> {
  await modal.getByLabel("Estado").selectOption("PE");
  if (!js) {
    await modal.getByRole("button", { name: "Atualizar cidades" }).click();
    modal = await modalReady(page, js);
  }
  await expect(modal.getByRole("option", { name: "Recife", exact: true })).toHaveCount(1);
  await modal.getByLabel("Cidade").selectOption("Recife");
  return modal;
}

/** Fills step 2 with a valid address (CEP unknown to the double, so state and city are picked). */
async function fillBasics(page: Page, js: boolean, values: { cpf: string; houseNumber: string }): Promise<Locator> {
  let modal = await modalReady(page, js);
  await modal.getByLabel("CPF").fill(values.cpf);
  await modal.getByLabel("Data de nascimento").fill("1985-04-12");
  await modal.getByLabel("Celular").fill("(81) 99876-5432");
  await modal.getByLabel("CEP", { exact: true }).fill("50030-230");
  modal = await chooseRecife(page, modal, js);
  await modal.getByLabel("Bairro").fill("Boa Vista");
  await modal.getByLabel("Rua").fill("Rua da Aurora");
  await modal.getByLabel("Número").fill(values.houseNumber);
  return modal;
}

/** Fills step 1 validly and goes on to step 2. */
async function passAccessStep(page: Page, js: boolean, name: string, address: string) {
  const modal = await modalReady(page, js);
  await modal.getByLabel("Nome completo").fill(name);
  await modal.getByLabel("E-mail").fill(address);
  await modal.getByLabel("Senha", { exact: true }).fill("segredo1");
  await modal.getByLabel("Repita a senha").fill("segredo1");
  await modal.getByRole("checkbox").check();
  await modal.getByRole("button", { name: "Próximo" }).click();
}

const masked = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

test("sign-up in three steps, with the spec's messages, then Acessar logs in", async ({ page, visit, js }) => {
  const address = email();
  await visit("/faq?conta=registrar");
  let modal = await modalReady(page, js);

  // Step 1 "Dados de Acesso": mismatched passwords and unticked terms.
  await modal.getByLabel("Nome completo").fill("Joana Maria de Albuquerque");
  await modal.getByLabel("E-mail").fill(address);
  await modal.getByLabel("Senha", { exact: true }).fill("segredo1");
  await modal.getByLabel("Repita a senha").fill("segredo2");
  await modal.getByRole("button", { name: "Próximo" }).click();
  await expect(page.getByText("Senhas nao correspondem")).toBeVisible();
  await expect(page.getByText("Termos e Condições não aceitos")).toBeVisible();

  modal = await modalReady(page, js);
  await expect(modal.getByLabel("Nome completo")).toHaveValue("Joana Maria de Albuquerque");
  await modal.getByLabel("Senha", { exact: true }).fill("segredo1");
  await modal.getByLabel("Repita a senha").fill("segredo1");
  await modal.getByRole("checkbox").check();
  await modal.getByRole("button", { name: "Próximo" }).click();

  // Step 2 "Informacoes Basicas": a wrong CPF, then Voltar keeps step 1.
  modal = await modalReady(page, js);
  await expect(modal.getByRole("heading", { name: "Informacoes Basicas" })).toBeVisible();
  modal = await fillBasics(page, js, { cpf: "111.111.111-11", houseNumber: "1" });
  await modal.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByText("CPF Inválido")).toBeVisible();
  await expect(page.getByText("Número deve ter de 2 a 6 dígitos.")).toBeVisible();

  modal = await modalReady(page, js);
  await modal.getByRole("button", { name: "Voltar" }).click();
  modal = await modalReady(page, js);
  await expect(modal.getByLabel("Nome completo")).toHaveValue("Joana Maria de Albuquerque");
  await expect(modal.getByLabel("E-mail")).toHaveValue(address);
  await modal.getByRole("button", { name: "Próximo" }).click();

  modal = await fillBasics(page, js, { cpf: masked(newCpf()), houseNumber: "325" });
  await modal.getByRole("button", { name: "Criar conta" }).click();

  // Step 3: success, then Acessar logs in with the new credentials.
  await expect(page.getByRole("status").filter({ hasText: "Conta criada com sucesso!" })).toBeVisible();
  await accountModal(page).getByRole("button", { name: "Acessar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Usuário logado com sucesso!" })).toBeVisible();
  await accountMenu(page).locator("summary").click();
  await expect(accountMenu(page).getByText("Olá, Joana")).toBeVisible();
});

test("signing up with an e-mail that has an account says so", async ({ page, visit, js }) => {
  await visit("/?conta=registrar");
  await passAccessStep(page, js, "Mariana Albuquerque Souza", "demo@lojaescolar.com.br");
  const modal = await fillBasics(page, js, { cpf: masked(newCpf()), houseNumber: "325" });
  await modal.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.locator("[data-toast-type=error]")).toHaveText("Já existe uma conta com este e-mail.");
  await expect(accountModal(page).getByLabel("Bairro")).toHaveValue("Boa Vista");
});

test("the CEP lookup fills state, city, neighbourhood and street, then focuses the number", async ({ page, visit, js }) => {
  await visit("/?conta=registrar");
  await passAccessStep(page, js, "Carlos Eduardo Monteiro", email());
  let modal = await modalReady(page, js);
  await modal.getByLabel("CPF").fill(masked(newCpf()));
  await modal.getByLabel("CEP", { exact: true }).fill("51021-000");
  if (js) await modal.getByLabel("CEP", { exact: true }).blur();
  else await modal.getByRole("button", { name: "Buscar CEP" }).click();
  modal = await modalReady(page, js);
  await expect(modal.getByLabel("Estado")).toHaveValue("PE");
  await expect(modal.getByLabel("Cidade")).toHaveValue("Recife");
  await expect(modal.getByLabel("Estado")).toHaveAttribute("readonly", "");
  await expect(modal.getByLabel("Bairro")).toHaveValue("Boa Viagem");
  await expect(modal.getByLabel("Rua")).toHaveValue("Avenida Boa Viagem");
  await expect(modal.getByLabel("Número")).toBeFocused();
  // What was typed before the lookup is still there.
  await expect(modal.getByLabel("CPF")).not.toHaveValue("");
});

test("an unknown CEP leaves the form usable, with state and city lists", async ({ page, visit, js }) => {
  await visit("/?conta=registrar");
  await passAccessStep(page, js, "Carlos Eduardo Monteiro", email());
  let modal = await modalReady(page, js);
  await modal.getByLabel("CEP", { exact: true }).fill("12345-678");
  await modal.getByRole("button", { name: "Buscar CEP" }).click();
  modal = await modalReady(page, js);
  await expect(modal.getByLabel("CEP", { exact: true })).toHaveValue("12345-678");
  await chooseRecife(page, modal, js);
});
