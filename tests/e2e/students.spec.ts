import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { newCpf } from "#tests/fixtures/customers.ts";
import { createCustomer, logInThroughModal } from "./accounts.ts";
import { findProduct } from "./catalogue-data.ts";
import { expect, test } from "./fixtures.ts";

const masked = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

function linkModal(page: Page) {
  return page.getByRole("dialog").filter({ has: page.getByRole("heading", { name: "Item em Vinculacao" }) });
}

/** A URL-state dialog, visible and (with JavaScript) hydrated, so typing is not lost to hydration. */
async function ready(dialog: Locator, js: boolean) {
  await expect(dialog).toBeVisible();
  if (js) await expect(dialog).toHaveAttribute("data-interactive", "true");
  return dialog;
}

/** With JavaScript the city list follows the state; without it, a button asks the server for it. */
async function chooseCity(dialog: Locator, js: boolean, stateLabel: string, cityLabel: string, refreshButton: string, city: string) {
  await dialog.getByLabel(stateLabel, { exact: true }).selectOption("PE");
  if (!js) await dialog.getByRole("button", { name: refreshButton, exact: true }).click();
  await expect(dialog.getByLabel(cityLabel, { exact: true }).getByRole("option", { name: city, exact: true })).toHaveCount(1);
  await dialog.getByLabel(cityLabel, { exact: true }).selectOption(city);
}

/** A customer with a token, through the public store API. */
async function customerWithToken(request: APIRequestContext) {
  const customer = await createCustomer(request);
  const login = await request.post("/api/accounts/auth-customer", {
    data: { email: customer.email, password: customer.password, storeId: 1 },
  });
  expect(login.status()).toBe(200);
  const { auth } = await login.json();
  return { ...customer, id: auth.customer.id as string, headers: { authorization: `Bearer ${auth.token}` } };
}

test("a student without RA is created with a responsible in the link wizard, then gets the item", async ({ page, visit, js, request }) => {
  test.slow(); // a long flow: every step is a server round trip, a page load without JavaScript
  const customer = await createCustomer(request);
  const product = await findProduct(request, (p) => p.TIPO === "P");
  await visit(`/produto/${product.category.slug}/${product.slug}`);
  await logInThroughModal(page, customer.email, customer.password, js);

  await page.getByTestId("buy-button").click();
  let modal = await ready(linkModal(page), js);
  await modal.getByRole("link", { name: /Lista de Alunos/ }).click();
  await expect(modal.getByText("Nenhum aluno vinculado no momento")).toBeVisible();
  await modal.getByRole("link", { name: "Adicionar aluno sem RA" }).click();

  // Step 1 "Estudante", with an invalid CPF first.
  modal = await ready(linkModal(page), js);
  await expect(modal.getByRole("heading", { name: "Preencha os dados do aluno que será adicionado!" })).toBeVisible();
  await expect(modal.getByRole("list", { name: "Etapas do vínculo" }).locator("[aria-current=step]")).toContainText("Estudante");
  await modal.getByLabel("Nome completo").fill("Joaquim Cavalcanti Neto");
  await modal.getByLabel("CPF", { exact: true }).fill("111.111.111-11");
  await modal.getByLabel("Data de nascimento").fill("2014-03-09");
  await chooseCity(modal, js, "Estado natal", "Cidade natal", "Atualizar cidades natais", "Olinda");
  await modal.getByLabel("CEP", { exact: true }).fill("51021-000");
  if (js) await modal.getByLabel("CEP", { exact: true }).blur();
  else await modal.getByRole("button", { name: "Buscar CEP" }).click();
  await expect(modal.getByLabel("Estado", { exact: true })).toHaveValue("PE");
  await expect(modal.getByLabel("Estado", { exact: true })).toHaveAttribute("readonly", "");
  await expect(modal.getByLabel("Cidade", { exact: true })).toHaveValue("Recife");
  await expect(modal.getByLabel("Bairro")).toHaveValue("Boa Viagem");
  await expect(modal.getByLabel("Rua")).toHaveValue("Avenida Boa Viagem");
  await expect(modal.getByLabel("Número")).toBeFocused();
  await expect(modal.getByLabel("Cidade natal")).toHaveValue("Olinda");
  await modal.getByLabel("Número").fill("120");
  await modal.getByRole("button", { name: "Próximo" }).click();
  await expect(modal.getByText("CPF Inválida")).toBeVisible();

  modal = await ready(linkModal(page), js);
  await expect(modal.getByLabel("Nome completo")).toHaveValue("Joaquim Cavalcanti Neto");
  await modal.getByLabel("CPF", { exact: true }).fill(masked(newCpf()));
  await modal.getByRole("button", { name: "Próximo" }).click();

  // Step 2 "Responsavel": the address starts as the student's.
  modal = await ready(linkModal(page), js);
  await expect(modal.getByRole("heading", { name: "Preencha os dados do responsável por Joaquim Cavalcanti Neto" })).toBeVisible();
  await expect(modal.getByRole("list", { name: "Etapas do vínculo" }).locator("[aria-current=step]")).toContainText("Responsavel");
  await expect(modal.getByLabel("Rua")).toHaveValue("Avenida Boa Viagem");
  await modal.getByLabel("Nome completo").fill("Carla Cavalcanti Souza");
  await modal.getByLabel("CPF", { exact: true }).fill(masked(newCpf()));
  await modal.getByLabel("Parentesco").selectOption({ label: "Mãe" });
  await modal.getByLabel("E-mail").fill("carla.cavalcanti@exemplo.com.br");
  await modal.getByLabel("Telefone").fill("(81) 99876-1234");
  await modal.getByRole("button", { name: "Salvar" }).click();

  // Step 3 "Completo", then Retornar: the new student is chosen.
  await expect(page.getByRole("status").filter({ hasText: "Estudante criado(a) com sucesso!" })).toBeVisible();
  modal = await ready(linkModal(page), js);
  await expect(modal.getByRole("heading", { name: "Vínculo concluído!" })).toBeVisible();
  await modal.getByRole("link", { name: "Retornar" }).click();
  const card = modal.getByTestId("student-card").filter({ hasText: "Joaquim Cavalcanti Neto" });
  await expect(card).toHaveAttribute("aria-current", "true");
  await expect(card).toContainText("RA: sem RA");

  // Ver dados over the list, and back to it.
  await modal.getByRole("link", { name: "Ver dados de Joaquim Cavalcanti Neto" }).click();
  const data = await ready(page.getByRole("dialog").filter({ has: page.getByTestId("student-data") }), js);
  await expect(data.getByRole("heading", { name: "Joaquim Cavalcanti Neto" })).toBeVisible();
  await expect(data.getByRole("heading", { name: "Dados da Mãe" })).toBeVisible();
  await expect(data.getByText("Olinda - PE")).toBeVisible();
  await data.getByRole("link", { name: "Fechar" }).click();

  modal = await ready(linkModal(page), js);
  await expect(modal.getByTestId("student-card").filter({ hasText: "Joaquim Cavalcanti Neto" })).toHaveAttribute("aria-current", "true");
  await modal.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Item adicionado ao carrinho!" })).toBeVisible();
});

test("the wizard's Voltar keeps step 1, and the responsible's e-mail and phone are required", async ({ page, visit, js, request }) => {
  test.slow();
  const customer = await createCustomer(request);
  const product = await findProduct(request, (p) => p.TIPO === "P");
  await visit(`/produto/${product.category.slug}/${product.slug}`);
  await logInThroughModal(page, customer.email, customer.password, js);
  await visit(`/produto/${product.category.slug}/${product.slug}?vinculo=novo`);

  let modal = await ready(linkModal(page), js);
  await modal.getByLabel("Nome completo").fill("Marina Albuquerque Lins");
  await modal.getByLabel("CPF", { exact: true }).fill(masked(newCpf()));
  await modal.getByLabel("Data de nascimento").fill("2012-11-30");
  await chooseCity(modal, js, "Estado natal", "Cidade natal", "Atualizar cidades natais", "Recife");
  await modal.getByLabel("CEP", { exact: true }).fill("12345-678");
  await chooseCity(modal, js, "Estado", "Cidade", "Atualizar cidades", "Recife");
  await modal.getByLabel("Bairro").fill("Boa Vista");
  await modal.getByLabel("Rua").fill("Rua da Aurora");
  await modal.getByLabel("Número").fill("77");
  await modal.getByLabel("Telefone (opcional)").fill("(81) 3333-4444");
  await modal.getByRole("button", { name: "Próximo" }).click();

  modal = await ready(linkModal(page), js);
  // Step 1 has a "Nome completo" too: type only once step 2 is on screen.
  await expect(modal.getByRole("heading", { name: "Preencha os dados do responsável por Marina Albuquerque Lins" })).toBeVisible();
  await modal.getByLabel("Nome completo").fill("Roberto Albuquerque Lins");
  await modal.getByLabel("CPF", { exact: true }).fill("123.456.789-00");
  await modal.getByLabel("Telefone").fill("(81) 9876-123");
  await modal.getByRole("button", { name: "Salvar" }).click();
  await expect(modal.getByText("CPF Inválido")).toBeVisible();
  await expect(modal.getByText("Informe o e-mail.")).toBeVisible();
  await expect(modal.getByText("Telefone Incompleto")).toBeVisible();
  await expect(modal.getByText("Selecione o parentesco.")).toBeVisible();

  modal = await ready(linkModal(page), js);
  await modal.getByRole("button", { name: "Voltar" }).click();
  await expect(modal.getByRole("heading", { name: "Preencha os dados do aluno que será adicionado!" })).toBeVisible();
  await expect(modal.getByLabel("Nome completo")).toHaveValue("Marina Albuquerque Lins");
  await expect(modal.getByLabel("Cidade", { exact: true })).toHaveValue("Recife");
  await expect(modal.getByLabel("Telefone (opcional)")).toHaveValue("(81) 3333-4444");
  await modal.getByRole("link", { name: "Voltar" }).click();
  await expect(modal.getByRole("heading", { name: "Alunos Vinculados" })).toBeVisible();
});

test("on /conta a linked student shows its data, and removing the link asks first and empties its bag", async ({ page, visit, js, request }) => {
  const customer = await customerWithToken(request);
  const created = await request.post("/api/students/create-empty-student", {
    headers: customer.headers,
    data: {
      storeId: 1,
      customerId: customer.id,
      nome: "Helena Cavalcanti Rocha",
      dtnascimento: "2013-06-21",
      estadonatal: "PE",
      naturalidade: "Olinda",
      cpf: newCpf(),
      cep: "51021000",
      rua: "Avenida Boa Viagem",
      numero: "450",
      bairro: "Boa Viagem",
      estado: "PE",
      cidade: "Recife",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const studentId = (await created.json()).student.id as string;
  for (const [nome, parentesco] of [["Sofia Cavalcanti Rocha", 7], ["Pedro Henrique Rocha", 1], ["Ana Lucia Cavalcanti", 9]] as const) {
    const responsible = await request.post("/api/responsibles/create-responsible", {
      headers: customer.headers,
      data: {
        storeId: 1,
        clientId: customer.id,
        studentId,
        nome,
        cpf: newCpf(),
        email: "familia.rocha@exemplo.com.br",
        telefone1: "81998761234",
        parentesco,
        cep: "51021000",
        estado: "PE",
        cidade: "Recife",
        bairro: "Boa Viagem",
        rua: "Avenida Boa Viagem",
        numero: "450",
      },
    });
    expect(responsible.status(), await responsible.text()).toBe(200);
  }
  const product = await findProduct(request, (p) => p.TIPO === "P");
  const cart = await request.post("/api/carts/client-add-item-to-cart", {
    headers: customer.headers,
    data: { affiliateId: null, storeId: 1, customerId: customer.id, bags: [{ studentId, cartItems: [{ itemTOTVSId: product.itemTOTVS, quantity: 1 }] }] },
  });
  expect(cart.ok(), await cart.text()).toBe(true);

  await visit("/faq");
  await logInThroughModal(page, customer.email, customer.password, js);
  await visit("/conta");
  const section = page.getByRole("region", { name: "Meus estudantes" });
  const card = section.getByRole("article", { name: "Helena Cavalcanti Rocha" });
  await expect(card).toContainText("RA: sem RA");

  await card.getByRole("link", { name: "Ver dados" }).click();
  const data = await ready(page.getByRole("dialog", { name: "Helena Cavalcanti Rocha" }), js);
  await expect(data.getByRole("heading", { name: "Dados da Mãe" })).toBeVisible();
  await expect(data.getByRole("heading", { name: "Dados do Pai" })).toBeVisible();
  await expect(data.getByRole("heading", { name: "Dados do Responsável" })).toBeVisible();
  await expect(data.getByRole("region", { name: "Dados da Mãe" })).toContainText("Sofia Cavalcanti Rocha");
  await expect(data.getByRole("region", { name: "Dados do Responsável" })).toContainText("Ana Lucia Cavalcanti");
  await expect(data).toContainText("Olinda - PE");
  await expect(data).toContainText("Avenida Boa Viagem, 450 - Boa Viagem, Recife - PE, CEP 51021-000");
  await data.getByRole("link", { name: "Fechar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Cancelar keeps the link.
  await card.getByRole("link", { name: "Remover vínculo" }).click();
  let confirm = await ready(page.getByRole("dialog", { name: "Tem certeza?" }), js);
  await expect(confirm).toContainText("Esta ação não poderá ser desfeita.");
  await confirm.getByRole("link", { name: "Cancelar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(card).toBeVisible();

  await card.getByRole("link", { name: "Remover vínculo" }).click();
  confirm = await ready(page.getByRole("dialog", { name: "Tem certeza?" }), js);
  await confirm.getByRole("button", { name: "Sim, excluir!" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Vínculo removido!" })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(section).toContainText("Nenhum aluno vinculado no momento");

  const after = await request.get(`/api/carts/list-cart-by-customer/${customer.id}/store/1`, { headers: customer.headers });
  const bags = ((await after.json()).cart?.bags ?? []) as { studentId: string }[];
  expect(bags.map((bag) => bag.studentId)).not.toContain(studentId);
});
