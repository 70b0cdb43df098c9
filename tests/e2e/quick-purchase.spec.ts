import type { Page } from "@playwright/test";
import { CART_MESSAGES } from "#core/cart-rules.ts";
import { createCustomer, expectLoggedIn, modalReady } from "./support/accounts.ts";
import { chosenStudent, fillRaLink, openAddStudent, studentRadio } from "./support/cart.ts";
import { expect, test } from "./support/fixtures.ts";
import { waitForHydration } from "./support/pages.ts";
import { cartBags } from "./support/store-api.ts";

/** Products of the demo catalogue for the 6º Ano (db/seed/catalogue-data.ts). */
const SIXTH = {
  kit: "Kit Material Didático 6º Ano - Ensino Fundamental II",
  englishBook: "Apostila de Inglês - Ensino Fundamental II",
  uniform: "Camisa Polo Manga Curta - Ensino Fundamental",
  uniformKit: "Kit Fardamento Completo - Ensino Fundamental",
  diary: "Agenda Escolar - Ensino Fundamental",
  scratch: "Curso de Programação com Scratch",
  robotics: "Curso de Robótica Educacional - 1º Semestre",
};

const steps = (page: Page) => page.getByTestId("quick-purchase-steps");

async function expectStep(page: Page, js: boolean, name: string) {
  await expect(steps(page).locator("[aria-current=step]")).toContainText(name);
  await waitForHydration(page, js);
}

async function chooseGrade(page: Page, js: boolean, level: string, grade: string) {
  await page.getByRole("group", { name: level }).getByRole("checkbox", { name: grade }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expectStep(page, js, "Itens");
}

function outcome(page: Page, title: string) {
  return page.getByTestId("quick-purchase-outcome").filter({ hasText: title });
}

test("a parent ticks a grade's list and puts it in a student's bag at once; again, each item says why it was not added", async ({
  page,
  js,
  visit,
  logIn,
  request,
}) => {
  test.slow(); // two rounds of four steps, each a page load without JavaScript
  const customer = await logIn();
  await visit("/compra-rapida");
  await expectStep(page, js, "Séries");
  // Spec §3: the three levels, in school order.
  await expect(page.locator("fieldset legend")).toHaveText(["Educação Infantil", "Ensino Fundamental", "Ensino Médio"]);
  await chooseGrade(page, js, "Ensino Fundamental", "6º Ano");

  // Ticked: what one student can take together; the second manual product and the courses are not.
  const item = (title: string) => page.getByRole("checkbox", { name: title, exact: true });
  for (const title of [SIXTH.kit, SIXTH.uniform, SIXTH.uniformKit, SIXTH.diary])
    await expect(item(title)).toBeChecked();
  for (const title of [SIXTH.englishBook, SIXTH.scratch, SIXTH.robotics]) await expect(item(title)).not.toBeChecked();
  // The price as the store writes it (decision 0040): the total, then its instalments.
  await expect(page.getByRole("listitem").filter({ has: item(SIXTH.kit) })).toContainText(
    /R\$ [\d.]+,\d{2}\s*ou \d+x de R\$ [\d.]+,\d{2} sem juros/,
  );
  await item(SIXTH.diary).uncheck();
  await item(SIXTH.scratch).check();
  await page.getByRole("button", { name: "Continuar" }).click();

  // Step 3: link a student by RA, who becomes the chosen one, then add everything.
  await expectStep(page, js, "Estudante");
  await expect(page.getByTestId("quick-purchase-summary")).toContainText("4 itens marcados");
  await page.getByRole("link", { name: /Lista de alunos/ }).click();
  await openAddStudent(page);
  await fillRaLink(page, "20250006");
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(chosenStudent(page)).toContainText("RA: 20250006");
  await waitForHydration(page, js);
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();

  await expectStep(page, js, "Carrinho");
  for (const title of [SIXTH.kit, SIXTH.uniform, SIXTH.uniformKit, SIXTH.scratch]) {
    await expect(outcome(page, title)).toContainText("Adicionado ao carrinho");
  }
  await expect(outcome(page, SIXTH.diary)).toHaveCount(0);
  const [bag] = await cartBags(request, customer);
  expect(bag?.RA).toBe("20250006");
  expect(bag?.titles.sort()).toEqual([SIXTH.kit, SIXTH.uniform, SIXTH.uniformKit, SIXTH.scratch].sort());

  // Again, with a second course and a second manual product ticked. The page now opens on the
  // grade of the linked student (RA 20250006 is in the 7º Ano this year): the parent's own choice wins.
  await page.getByRole("link", { name: "Nova Compra Rápida" }).click();
  await expectStep(page, js, "Séries");
  await expect(page.getByTestId("students-grades-hint")).toHaveText("Séries dos seus estudantes");
  const fundamental = page.getByRole("group", { name: "Ensino Fundamental" });
  await expect(fundamental.getByRole("checkbox", { name: "7º Ano" })).toBeChecked();
  await fundamental.getByRole("checkbox", { name: "7º Ano" }).uncheck();
  await chooseGrade(page, js, "Ensino Fundamental", "6º Ano");
  await item(SIXTH.englishBook).check();
  await item(SIXTH.robotics).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expectStep(page, js, "Estudante");
  await page.getByRole("link", { name: /Lista de alunos/ }).click();
  await studentRadio(page, "20250006").check();
  await expect(chosenStudent(page)).toContainText("RA: 20250006");
  await waitForHydration(page, js);
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();

  await expectStep(page, js, "Carrinho");
  await expect(outcome(page, SIXTH.kit)).toContainText("Já está no carrinho deste estudante");
  await expect(outcome(page, SIXTH.diary)).toContainText("Adicionado ao carrinho");
  await expect(outcome(page, SIXTH.englishBook)).toContainText(CART_MESSAGES.secondManual);
  await expect(outcome(page, SIXTH.robotics)).toContainText(CART_MESSAGES.secondService);
  const [again] = await cartBags(request, customer);
  expect(again?.titles).toHaveLength(5);
});

test("a visitor is asked to log in at the student step and comes back to it with the items kept", async ({
  page,
  js,
  visit,
  request,
}) => {
  const customer = await createCustomer(request);
  await visit("/compra-rapida");
  await chooseGrade(page, js, "Educação Infantil", "Infantil 4");
  const ticked = page.getByRole("checkbox", { checked: true });
  const count = await ticked.count();
  await ticked.first().uncheck();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expectStep(page, js, "Estudante");
  const summary = `${count - 1} ${count - 1 === 1 ? "item marcado" : "itens marcados"}`;
  await expect(page.getByTestId("quick-purchase-summary")).toContainText(summary);
  const stepAddress = page.url();

  await page.getByRole("link", { name: "Entrar", exact: true }).click();
  const modal = await modalReady(page, js);
  await modal.getByLabel("E-mail").fill(customer.email);
  await modal.getByLabel("Senha", { exact: true }).fill(customer.password);
  await modal.getByRole("button", { name: "Acessar" }).click();
  await expectLoggedIn(page, customer.name);

  expect(page.url()).toBe(stepAddress);
  await expectStep(page, js, "Estudante");
  await expect(page.getByTestId("quick-purchase-summary")).toContainText(summary);
  await page.getByRole("button", { name: /Sou aluno/ }).click();
  await expectStep(page, js, "Carrinho");
  await expect(page.getByTestId("quick-purchase-outcome")).toHaveCount(count - 1);
  await expect(page.getByTestId("quick-purchase-outcome").filter({ hasText: "Adicionado ao carrinho" })).toHaveCount(
    count - 1,
  );
});

test("a uniform sold in sizes starts unchosen, and the size chosen goes to the bag by name", async ({
  page,
  js,
  visit,
  logIn,
}) => {
  const polo = "Camisa Polo Manga Curta - Educação Infantil";
  await logIn();
  await visit("/compra-rapida");
  await chooseGrade(page, js, "Educação Infantil", "Infantil 4");
  // Its size only the parent knows: nothing is chosen, and "Não incluir" leaves it out.
  const size = page.getByRole("combobox", { name: polo, exact: true });
  await expect(size).toHaveValue("");
  await size.selectOption({ label: "6" });
  await page.getByRole("button", { name: "Continuar" }).click();

  await expectStep(page, js, "Estudante");
  await expect(page.getByTestId("quick-purchase-summary")).toContainText(`${polo} (Tamanho: 6)`);
  // Back to the list and on again: the size chosen is kept.
  await page.getByRole("link", { name: "Voltar aos itens" }).click();
  await expectStep(page, js, "Itens");
  await expect(page.getByRole("combobox", { name: polo, exact: true }).locator("option:checked")).toHaveText("6");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expectStep(page, js, "Estudante");
  await page.getByRole("link", { name: /Lista de alunos/ }).click();
  await openAddStudent(page);
  await fillRaLink(page, "20250006");
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(chosenStudent(page)).toContainText("RA: 20250006");
  await waitForHydration(page, js);
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();

  await expectStep(page, js, "Carrinho");
  await expect(outcome(page, `${polo} (Tamanho: 6)`)).toContainText("Adicionado ao carrinho");
});
