import type { Locator } from "@playwright/test";
import { expectAnnounced } from "./support/announcements.ts";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import {
  buyForMyself,
  chosenStudent,
  expectAddedToCart,
  fillRaLink,
  linkModal,
  openAddStudent,
  studentConsent,
} from "./support/cart.ts";
import { findProduct, productPath } from "./support/catalogue.ts";
import { demoBirthDate, newCpf, newMaskedCpf } from "./support/data.ts";
import { expect, test } from "./support/fixtures.ts";
import { chooseCity, lookUpKnownCep, lookUpUnknownCep } from "./support/address.ts";
import { dialogReady, fillFields, waitForHydration } from "./support/pages.ts";
import { saveCart } from "./support/store-api.ts";

const CONSENT_REQUIRED = "Para continuar, marque a autorização para a loja guardar os dados do estudante.";

/** The wizard on a step: its heading, and the step list marking it as the current one. */
async function expectWizardStep(modal: Locator, heading: string, step: "Estudante" | "Responsável") {
  await expect(modal.getByRole("heading", { name: heading })).toBeVisible();
  await expect(modal.getByRole("list", { name: "Etapas do vínculo" }).locator("[aria-current=step]")).toContainText(
    step,
  );
}

/** Step 1 "Estudante" of the new-student wizard: who the student is and where they were born (in PE). */
async function fillStudent(
  modal: Locator,
  js: boolean,
  student: { name: string; cpf: string; birthDate: string; birthCity: string },
) {
  await fillFields(modal, { "Nome completo": student.name, CPF: student.cpf, "Data de nascimento": student.birthDate });
  await chooseCity(modal, js, {
    state: "PE",
    city: student.birthCity,
    stateLabel: "Estado natal",
    cityLabel: "Cidade natal",
    refreshButton: "Atualizar cidades natais",
  });
}

test("a student without RA is created with a responsible in the link wizard, then gets the item", async ({
  page,
  visit,
  js,
  request,
  logIn,
}) => {
  test.slow(); // a long flow: every step is a server round trip, a page load without JavaScript
  await logIn();
  const product = await findProduct(request, (p) => p.TIPO === "P");
  await visit(productPath(product));

  await page.getByTestId("buy-button").click();
  let modal = await dialogReady(linkModal(page), js);
  await modal.getByRole("link", { name: /Lista de alunos/ }).click();
  await expect(modal.getByText("Nenhum aluno vinculado no momento")).toBeVisible();
  await openAddStudent(modal);
  await modal.getByRole("link", { name: "Adicionar aluno sem RA" }).click();

  // Step 1 "Estudante", with an invalid CPF first.
  modal = await dialogReady(linkModal(page), js);
  await expectWizardStep(modal, "Preencha os dados do aluno que será adicionado!", "Estudante");
  await fillStudent(modal, js, {
    name: "Joaquim Cavalcanti Neto",
    cpf: "111.111.111-11",
    birthDate: "2014-03-09",
    birthCity: "Olinda",
  });
  await lookUpKnownCep(modal, js);
  await expect(modal.getByLabel("Cidade natal")).toHaveValue("Olinda");
  await modal.getByLabel("Número").fill("120");
  await modal.getByRole("button", { name: "Próximo" }).click();
  await expect(modal.getByText("CPF inválido")).toBeVisible();

  modal = await dialogReady(linkModal(page), js);
  await expect(modal.getByLabel("Nome completo")).toHaveValue("Joaquim Cavalcanti Neto");
  await modal.getByLabel("CPF", { exact: true }).fill(newMaskedCpf());
  await modal.getByRole("button", { name: "Próximo" }).click();

  // Step 2 "Responsável": the address starts as the student's.
  modal = await dialogReady(linkModal(page), js);
  await expectWizardStep(modal, "Preencha os dados do responsável por Joaquim Cavalcanti Neto", "Responsável");
  await expect(modal.getByLabel("Rua")).toHaveValue("Avenida Boa Viagem");
  await fillFields(modal, { "Nome completo": "Carla Cavalcanti Souza", CPF: newMaskedCpf() });
  await modal.getByLabel("Parentesco").selectOption({ label: "Mãe" });
  await fillFields(modal, { "E-mail": "carla.cavalcanti@exemplo.com.br", Telefone: "(81) 99876-1234" });
  // LGPD art. 14: the consent is never ticked beforehand, and nothing is saved without it.
  await expect(studentConsent(modal)).not.toBeChecked();
  await modal.getByRole("button", { name: "Salvar" }).click();
  await expect(modal.getByText(CONSENT_REQUIRED)).toBeVisible();
  modal = await dialogReady(linkModal(page), js);
  await expect(modal.getByLabel("E-mail", { exact: true })).toHaveValue("carla.cavalcanti@exemplo.com.br");
  // The consent is one sentence; its whole text, with the policy's link, is a click away.
  await modal.getByText("Ler a autorização completa").click();
  await expect(modal.getByRole("link", { name: "Política de Privacidade" })).toHaveAttribute("href", "/privacidade");
  await studentConsent(modal).check();
  await modal.getByRole("button", { name: "Salvar" }).click();

  // Step 3 "Completo", then Retornar: the new student is chosen.
  modal = await dialogReady(linkModal(page), js);
  await expect(modal.getByRole("heading", { name: "Vínculo concluído!" })).toBeVisible();
  await expectAnnounced(page, "Estudante criado(a) com sucesso!", { type: "success" });
  await modal.getByRole("link", { name: "Retornar" }).click();
  await expect(chosenStudent(modal)).toContainText("Joaquim Cavalcanti Neto");
  await expect(chosenStudent(modal)).toContainText("RA: sem RA");

  // Ver dados over the list, and back to it.
  await modal.getByRole("link", { name: "Ver dados de Joaquim Cavalcanti Neto" }).click();
  const data = await dialogReady(page.getByRole("dialog").filter({ has: page.getByTestId("student-data") }), js);
  await expect(data.getByRole("heading", { name: "Joaquim Cavalcanti Neto" })).toBeVisible();
  await expect(data.getByRole("heading", { name: "Dados da mãe" })).toBeVisible();
  await expect(data.getByText("Olinda - PE")).toBeVisible();
  await data.getByRole("link", { name: "Fechar" }).click();

  modal = await dialogReady(linkModal(page), js);
  await expect(chosenStudent(modal)).toContainText("Joaquim Cavalcanti Neto");
  await modal.getByRole("button", { name: "Confirmar" }).click();
  await expectAddedToCart(page, "Joaquim Cavalcanti Neto");
});

test("linking by RA asks for the birth date and the consent, and refuses a wrong date without saying which", async ({
  page,
  visit,
  js,
  request,
  logIn,
}) => {
  await logIn();
  const product = await findProduct(request, (p) => p.TIPO === "P");
  await visit(`${productPath(product)}?vinculo=adicionar`);

  // The consent starts unticked, and linking waits for it.
  let modal = await dialogReady(linkModal(page), js);
  await fillRaLink(modal, "20250004", { birthDate: "2012-05-10", consent: false });
  await expect(studentConsent(modal)).not.toBeChecked();
  await modal.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(modal.getByText(CONSENT_REQUIRED)).toBeVisible();

  // A right RA with a wrong birth date: the same answer as an unknown RA, and the form as typed.
  modal = await dialogReady(linkModal(page), js);
  await studentConsent(modal).check();
  await modal.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expectAnnounced(page, "RA ou data de nascimento não conferem.", { type: "error" });
  modal = await dialogReady(linkModal(page), js);
  await expect(modal.getByPlaceholder("Digite o RA do aluno")).toHaveValue("20250004");
  await expect(modal.getByLabel("Data de nascimento do aluno", { exact: true })).toHaveValue("2012-05-10");
  await expect(studentConsent(modal)).toBeChecked();
  await expect(modal.getByTestId("student-card")).toHaveCount(0);

  // The right date links the student, who becomes the chosen one.
  await modal.getByLabel("Data de nascimento do aluno", { exact: true }).fill(demoBirthDate("20250004"));
  await modal.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(chosenStudent(modal)).toContainText("RA: 20250004");
  await expectAnnounced(page, "Estudante vinculado(a)!", { type: "success" });
  await expect(modal.getByRole("button", { name: "Confirmar" })).toBeEnabled();
});

test("a parent who links a student by RA sees the student's grade on the card and /conta, and Compra Rápida opens on it", async ({
  page,
  visit,
  js,
  request,
  logIn,
}) => {
  // RA 20250001 is in the 6º Ano, Turma B, in the morning this year (db/seed/people-data.ts).
  const GRADE = "6º Ano · Ensino Fundamental II · Turma B · Manhã";
  await logIn();
  const product = await findProduct(request, (p) => p.TIPO === "P");
  await visit(`${productPath(product)}?vinculo=adicionar`);
  let modal = await dialogReady(linkModal(page), js);
  await fillRaLink(modal, "20250001");
  await modal.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(chosenStudent(modal)).toContainText("RA: 20250001");
  await expect(chosenStudent(modal)).toContainText(GRADE);

  await visit("/conta");
  const card = page.getByTestId("account-student-card").filter({ hasText: "RA: 20250001" });
  await expect(card).toContainText(GRADE);
  await card.getByRole("link", { name: "Ver dados" }).click();
  modal = await dialogReady(page.getByRole("dialog").filter({ has: page.getByTestId("student-data") }), js);
  await expect(modal.getByText("Série", { exact: true })).toBeVisible();
  await expect(modal.getByText(GRADE, { exact: true })).toBeVisible();

  // Compra Rápida opens on the student's grade; unticking it is the parent's choice, kept.
  await visit("/compra-rapida");
  await expect(page.getByTestId("students-grades-hint")).toHaveText("Séries dos seus estudantes");
  const sixth = page.getByRole("group", { name: "Ensino Fundamental" }).getByRole("checkbox", { name: "6º Ano" });
  await expect(sixth).toBeChecked();
  await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(1);
  await sixth.uncheck();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText("Selecione ao menos uma série para continuar.")).toBeVisible();
  await waitForHydration(page, js);
  await expect(page.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await expect(page.getByTestId("students-grades-hint")).toHaveCount(0);
});

test("the wizard's Voltar keeps step 1, and the responsible's e-mail and phone are required", async ({
  page,
  visit,
  js,
  request,
  logIn,
}) => {
  test.slow();
  await logIn();
  const product = await findProduct(request, (p) => p.TIPO === "P");
  await visit(`${productPath(product)}?vinculo=novo`);

  let modal = await dialogReady(linkModal(page), js);
  await fillStudent(modal, js, {
    name: "Marina Albuquerque Lins",
    cpf: newMaskedCpf(),
    birthDate: "2012-11-30",
    birthCity: "Recife",
  });
  await lookUpUnknownCep(modal, js);
  await chooseCity(modal, js, { state: "PE", city: "Recife" });
  await fillFields(modal, {
    Bairro: "Boa Vista",
    Rua: "Rua da Aurora",
    Número: "77",
    "Telefone (opcional)": "(81) 3333-4444",
  });
  await modal.getByRole("button", { name: "Próximo" }).click();

  modal = await dialogReady(linkModal(page), js);
  // Step 1 has a "Nome completo" too: type only once step 2 is on screen.
  await expect(
    modal.getByRole("heading", { name: "Preencha os dados do responsável por Marina Albuquerque Lins" }),
  ).toBeVisible();
  await fillFields(modal, {
    "Nome completo": "Roberto Albuquerque Lins",
    CPF: "123.456.789-00",
    Telefone: "(81) 9876-123",
  });
  await modal.getByRole("button", { name: "Salvar" }).click();
  await expect(modal.getByText("CPF inválido")).toBeVisible();
  await expect(modal.getByText("Informe o e-mail.")).toBeVisible();
  await expect(modal.getByText("Telefone incompleto")).toBeVisible();
  await expect(modal.getByText("Selecione o parentesco.")).toBeVisible();

  modal = await dialogReady(linkModal(page), js);
  await modal.getByRole("button", { name: "Voltar" }).click();
  await expect(modal.getByRole("heading", { name: "Preencha os dados do aluno que será adicionado!" })).toBeVisible();
  await expect(modal.getByLabel("Nome completo")).toHaveValue("Marina Albuquerque Lins");
  await expect(modal.getByLabel("Cidade", { exact: true })).toHaveValue("Recife");
  await expect(modal.getByLabel("Telefone (opcional)")).toHaveValue("(81) 3333-4444");
  await modal.getByRole("link", { name: "Voltar" }).click();
  await expect(modal.getByRole("heading", { name: "Alunos vinculados" })).toBeVisible();
});

test("on /conta a linked student shows its data, and removing the link asks first and empties its bag", async ({
  page,
  visit,
  js,
  request,
  logIn,
}) => {
  const customer = await logIn();
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
      consentVersion: STUDENT_CONSENT_VERSION,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const studentId = (await created.json()).student.id as string;
  for (const [nome, parentesco] of [
    ["Sofia Cavalcanti Rocha", 7],
    ["Pedro Henrique Rocha", 1],
    ["Ana Lucia Cavalcanti", 9],
  ] as const) {
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
  await saveCart(request, customer, [{ studentId, cartItems: [{ itemTOTVSId: product.itemTOTVS, quantity: 1 }] }]);

  await visit("/conta");
  const section = page.getByRole("region", { name: "Meus estudantes" });
  const card = section.getByRole("article", { name: "Helena Cavalcanti Rocha" });
  await expect(card).toContainText("RA: sem RA");

  await card.getByRole("link", { name: "Ver dados" }).click();
  const data = await dialogReady(page.getByRole("dialog", { name: "Helena Cavalcanti Rocha" }), js);
  await expect(data.getByRole("heading", { name: "Dados da mãe" })).toBeVisible();
  await expect(data.getByRole("heading", { name: "Dados do pai" })).toBeVisible();
  await expect(data.getByRole("heading", { name: "Dados do responsável" })).toBeVisible();
  await expect(data.getByRole("region", { name: "Dados da mãe" })).toContainText("Sofia Cavalcanti Rocha");
  await expect(data.getByRole("region", { name: "Dados do responsável" })).toContainText("Ana Lucia Cavalcanti");
  await expect(data).toContainText("Olinda - PE");
  await expect(data).toContainText("Avenida Boa Viagem, 450 - Boa Viagem, Recife - PE, CEP 51021-000");
  // CPFs come masked from the store API, and show so (docs/decisions/0013).
  await expect(data.getByText(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/)).toHaveCount(4);
  await data.getByRole("link", { name: "Fechar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Cancelar keeps the link.
  await card.getByRole("link", { name: "Remover vínculo" }).click();
  let confirm = await dialogReady(page.getByRole("dialog", { name: "Tem certeza?" }), js);
  await expect(confirm).toContainText("Esta ação não poderá ser desfeita.");
  await confirm.getByRole("link", { name: "Cancelar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(card).toBeVisible();

  await card.getByRole("link", { name: "Remover vínculo" }).click();
  confirm = await dialogReady(page.getByRole("dialog", { name: "Tem certeza?" }), js);
  await confirm.getByRole("button", { name: "Sim, excluir!" }).click();
  await expect(card).toHaveCount(0);
  await expectAnnounced(page, "Vínculo removido!", { type: "success" });
  await expect(section).toContainText("Nenhum aluno vinculado no momento");

  const after = await request.get(`/api/carts/list-cart-by-customer/${customer.id}/store/1`, {
    headers: customer.headers,
  });
  const bags = ((await after.json()).cart?.bags ?? []) as { studentId: string }[];
  expect(bags.map((bag) => bag.studentId)).not.toContain(studentId);
});

test("Sou Aluno by a parent who is not enrolled: the item is theirs, and they are not listed among their students", async ({
  page,
  visit,
  js,
  request,
  logIn,
}) => {
  const customer = await logIn();
  const product = await findProduct(request, (p) => p.TIPO === "P");
  await visit(productPath(product));
  await buyForMyself(page);
  await expectAddedToCart(page, customer.name);

  // Lista de Alunos: the students linked to the account, and the parent is none of them.
  await visit(`${productPath(product)}?vinculo=lista`);
  const modal = await dialogReady(linkModal(page), js);
  await expect(modal.getByText("Nenhum aluno vinculado no momento")).toBeVisible();
  await expect(modal.getByTestId("student-card")).toHaveCount(0);

  // Nor in /conta, where the purchase for themself is still theirs.
  await visit("/conta");
  const section = page.getByRole("region", { name: "Meus estudantes" });
  await expect(section).toContainText("Nenhum aluno vinculado no momento");
  await expect(section.getByRole("article")).toHaveCount(0);
  await visit("/faq?carrinho=aberto");
  await expect(page.getByTestId("cart-bag").filter({ hasText: customer.name })).toHaveCount(1);
});
