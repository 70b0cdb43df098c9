/**
 * Where the store follows the spec's words: checkout step 2 moves to payment as soon as a
 * student is linked, created or chosen (§4); the student card's period, details and remove
 * buttons (§2); the checkout's "CPF inválido" (§5); the terms from the store API (§7); the
 * same course twice (§5); a visitor's header without the total (§6).
 */
import type { Page } from "@playwright/test";
import { lookUpKnownCep } from "./support/address.ts";
import { expectAnnounced } from "./support/announcements.ts";
import {
  buyForMyself,
  cartCount,
  expectAddedToCart,
  fillRaLink,
  openAddStudent,
  studentConsent,
} from "./support/cart.ts";
import { findProduct, productPath, productsOf } from "./support/catalogue.ts";
import { newMaskedCpf } from "./support/data.ts";
import { expect, test } from "./support/fixtures.ts";
import { dialogReady, fillFields, waitForHydration } from "./support/pages.ts";
import { linkByRa, ownStudentId, saveCart } from "./support/store-api.ts";

const currentStep = (page: Page) => page.getByTestId("checkout-stepper").locator("[aria-current=step]");
const cartView = (page: Page) => page.getByTestId("cart-view").filter({ visible: true });

test("checkout step 2: the card shows the school year, its data and a remove button; linking by RA or choosing a card goes straight to payment, with the store's terms", async ({
  page,
  visit,
  js,
  request,
  logIn,
}) => {
  test.slow(); // many server round trips; each is a page load without JavaScript
  const customer = await logIn();
  const [first, second] = (await productsOf(request, "papelaria")).filter((p) => p.TIPO !== "S" && p.TIPO !== "M");
  await linkByRa(request, customer, "20250002");
  await saveCart(request, customer, [
    {
      studentId: null,
      cartItems: [
        { itemTOTVSId: first!.itemTOTVS, quantity: 1 },
        { itemTOTVSId: second!.itemTOTVS, quantity: 1 },
      ],
    },
  ]);
  await visit("/compra");
  await expect(currentStep(page)).toContainText("Selecionar aluno");
  await page.getByRole("link", { name: /Lista de alunos/ }).click();

  // The card (spec §2): the school year, not the shift; "Ver dados" and "Remover vínculo".
  const year = String(new Date().getFullYear());
  let card = page.getByTestId("student-card").filter({ hasText: "RA: 20250002" });
  await expect(card).toContainText(`Período letivo: ${year}`);
  await expect(card).not.toContainText("Turno");
  await expect(page.getByRole("button", { name: "Confirmar" })).toHaveCount(0);
  const name = (await card.locator("span").first().textContent())!;
  await page.getByRole("link", { name: `Ver dados de ${name}` }).click();
  const data = await dialogReady(page.getByRole("dialog").filter({ has: page.getByTestId("student-data") }), js);
  await expect(data.getByText("Período letivo")).toBeVisible();
  await expect(data.getByText(year, { exact: true })).toBeVisible();
  await data.getByRole("link", { name: "Fechar" }).click();
  await page.getByRole("link", { name: `Remover vínculo de ${name}` }).click();
  const confirm = await dialogReady(
    page.getByRole("dialog").filter({ has: page.getByTestId("remove-link-dialog") }),
    js,
  );
  await expect(confirm.getByText("Esta ação não poderá ser desfeita.")).toBeVisible();
  await confirm.getByRole("button", { name: "Sim, excluir!" }).click();
  await expectAnnounced(page, "Vínculo removido!", { type: "success" });
  await expect(page.getByText("Nenhum aluno vinculado no momento")).toBeVisible();

  // Linking by RA puts the waiting item in that student's bag at once (spec §4).
  await waitForHydration(page, js);
  await openAddStudent(page);
  await fillRaLink(page, "20250003");
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expectAnnounced(page, "Estudante vinculado(a)!", {
    type: "success",
    description: "Item adicionado ao carrinho!",
  });
  // The second item still waits: a click on the new student's card adds it and goes to payment.
  await expect(currentStep(page)).toContainText("Selecionar aluno");
  await waitForHydration(page, js);
  await page.getByRole("link", { name: /Lista de alunos/ }).click();
  card = page.getByTestId("student-card").filter({ hasText: "RA: 20250003" });
  await card.click();
  await expect(currentStep(page)).toContainText("Pagamento");
  await expect(cartView(page).getByTestId("cart-view-bag")).toHaveCount(1);
  await expect(cartView(page).getByTestId("cart-view-bag")).toContainText("20250003");

  // The terms accepted here are the store API's termsContracts (spec §7); the footer's stay configured.
  const store = await (await request.get("/api/stores/list-store-by-store-id/1")).json();
  await expect(page.getByRole("link", { name: "Aceitar Termos de Uso da plataforma." })).toHaveAttribute(
    "href",
    store.store.termsContracts,
  );
  await expect(page.getByRole("link", { name: "Termos & Condições" })).not.toHaveAttribute(
    "href",
    store.store.termsContracts,
  );
});

test("checkout step 2: a new student's bad CPF is the red toast CPF inválido with the focus back on it; once created, the item is theirs and the checkout is on payment", async ({
  page,
  visit,
  js,
  request,
  logIn,
}) => {
  test.slow(); // every wizard step is a server round trip, a page load without JavaScript
  const customer = await logIn();
  const product = await findProduct(request, (p) => p.TIPO === "P");
  await saveCart(request, customer, [
    { studentId: null, cartItems: [{ itemTOTVSId: product.itemTOTVS, quantity: 1 }] },
  ]);
  await visit("/compra?vinculo=novo");
  const step = page.getByTestId("new-student-wizard");
  await fillFields(step.locator("form"), {
    "Nome completo": "Joaquim Cavalcanti Neto",
    CPF: "111.111.111-11",
    "Data de nascimento": "2014-03-09",
  });
  await step.getByLabel("Estado natal", { exact: true }).selectOption("PE");
  if (!js) await step.getByRole("button", { name: "Atualizar cidades natais" }).click();
  await step.getByLabel("Cidade natal", { exact: true }).selectOption("Olinda");
  await lookUpKnownCep(step.locator("form"), js);
  await step.getByLabel("Número").fill("120");
  await step.getByRole("button", { name: "Próximo" }).click();
  await expectAnnounced(page, "CPF inválido", { type: "error" });
  await expect(step.getByLabel("CPF", { exact: true })).toBeFocused();
  await expect(step.getByLabel("Nome completo")).toHaveValue("Joaquim Cavalcanti Neto");

  await step.getByLabel("CPF", { exact: true }).fill(newMaskedCpf());
  await step.getByRole("button", { name: "Próximo" }).click();
  await expect(step.getByRole("heading", { name: /Preencha os dados do responsável/ })).toBeVisible();
  await waitForHydration(page, js);
  await fillFields(step.locator("form"), { "Nome completo": "Carla Cavalcanti Souza", CPF: newMaskedCpf() });
  await step.getByLabel("Parentesco").selectOption({ label: "Mãe" });
  await fillFields(step.locator("form"), { "E-mail": "carla.cavalcanti@exemplo.com.br", Telefone: "(81) 99876-1234" });
  await studentConsent(step).check();
  await step.getByRole("button", { name: "Salvar" }).click();

  await expect(currentStep(page)).toContainText("Pagamento");
  await expectAnnounced(page, "Estudante criado(a) com sucesso!", {
    type: "success",
    description: "Item adicionado ao carrinho!",
  });
  await expect(cartView(page).getByTestId("cart-view-bag")).toContainText("Joaquim Cavalcanti Neto");
});

test("a visitor's header shows the count without the total (spec §6); the same course again says the student already has one (spec §5)", async ({
  page,
  visit,
  request,
  logIn,
}) => {
  const product = await findProduct(request, (p) => p.TIPO === "P");
  await visit(productPath(product));
  await page.getByTestId("buy-button").click();
  await expectAddedToCart(page, "Selecionar estudante");
  await expect(cartCount(page)).toHaveText("1");
  await expect(page.getByTestId("cart-header-total")).toHaveCount(0);

  const customer = await logIn();
  const [course] = (await productsOf(request, "cursos")).filter((p) => p.TIPO === "S");
  await saveCart(request, customer, [
    { studentId: await ownStudentId(request, customer), cartItems: [{ itemTOTVSId: course!.itemTOTVS, quantity: 1 }] },
  ]);
  await visit(productPath(course!));
  await buyForMyself(page);
  await expectAnnounced(page, "Este aluno já possui um curso ou evento a ser comprado no carrinho.", { type: "error" });
});

test("the spec's words with their accents, titles and buttons in sentence case, product names as the catalogue writes them (decision 0042)", async ({
  page,
  visit,
  request,
  logIn,
}) => {
  const customer = await logIn();
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO > 0);
  // The name as written (title case), not in capitals (spec §2's "name in upper case").
  await visit(productPath(product));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.title);

  // Step 2 (spec §2): its question, its cards, the list's headings and the stepper.
  await saveCart(request, customer, [
    { studentId: null, cartItems: [{ itemTOTVSId: product.itemTOTVS, quantity: 1 }] },
  ]);
  await visit("/compra");
  await expect(page.getByTestId("checkout-stepper")).toContainText("Selecionar aluno");
  await expect(page.getByRole("heading", { name: "Esse produto é para quem?", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Sou aluno/ })).toBeVisible();
  await page.getByRole("link", { name: /^Lista de alunos/ }).click();
  await expect(page.getByRole("heading", { name: "Alunos vinculados", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Adicionar novo aluno", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Adicionar novo aluno", exact: true })).toBeVisible();
  await expect(page.getByPlaceholder("Digite o RA do aluno", { exact: true })).toBeVisible();

  // The cart panel and the payment step (spec §2), the cart line's name as written (spec §2 lowercases it).
  await saveCart(request, customer, [
    { studentId: await ownStudentId(request, customer), cartItems: [{ itemTOTVSId: product.itemTOTVS, quantity: 1 }] },
  ]);
  await visit("/compra?carrinho=aberto");
  const panel = page.getByRole("dialog", { name: "Carrinho de compras", exact: true });
  await expect(panel.getByRole("link", { name: "Proceder com pedido", exact: true })).toBeVisible();
  await expect(panel.getByTestId("cart-line")).toContainText(product.title.slice(0, 20));
  await visit("/compra");
  await expect(page.getByRole("heading", { name: "Cupom de desconto", exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Aplicar cupom de 10%: BEMVINDO10" }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Finalizar compra", exact: true })).toBeVisible();
  // None of the spec's unaccented or title-cased forms is left on these pages.
  await expect(page.locator("body")).not.toContainText(
    /Vinculacao|Informacoes|Responsavel|nao corresp|Proceder Com|Finalizar Compra/,
  );
});
