import { productCards } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";

test("search lists matching products and keeps the term in the box", async ({ page, visit, mobile }) => {
  await visit("/busca?q=camisa");
  await expect(page.getByRole("heading", { name: "Resultados para “camisa”" })).toBeVisible();
  await expect(page.getByTestId("search-summary")).toHaveText(/\d+ produtos? encontrados?/);
  const titles = await productCards(page).getByRole("heading").allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(title.toLowerCase()).toContain("camisa");
  if (!mobile) await expect(page.getByRole("banner").getByPlaceholder("O que deseja procurar?")).toHaveValue("camisa");
});

test("search with no match says so", async ({ page, visit }) => {
  await visit("/busca?q=zzzznaoexiste");
  await expect(page.getByText("Nenhum produto encontrado para “zzzznaoexiste”.")).toBeVisible();
});

test("an empty search shows the required-field message and sends no request", async ({ page, visit, mobile }) => {
  await visit("/busca?q=%20%20");
  await expect(page.getByRole("alert")).toHaveText("Preencha o campo de busca para pesquisar.");
  await expect(productCards(page)).toHaveCount(0);
  if (!mobile) {
    // The header box is required: the browser itself refuses an empty submit.
    await visit("/faq");
    const box = page.getByRole("banner").getByPlaceholder("O que deseja procurar?");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/faq$/);
    expect(await box.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  }
});

test("FAQ answers open and close", async ({ page, visit }) => {
  await visit("/faq");
  await expect(page.getByRole("heading", { name: "Perguntas frequentes" })).toBeVisible();
  const question = page.getByText("O que é o RA e onde encontro esse número?");
  const answer = page.getByText(/O RA é o Registro Acadêmico/);
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
});

test("support lists the school units with addresses and phones", async ({ page, visit }) => {
  await visit("/atendimento");
  const units = page.getByTestId("school-units").getByRole("listitem");
  await expect(units).toHaveCount(9);
  await expect(page.getByTestId("school-units")).toContainText("(81) 3034-1101");
  await expect(page.getByTestId("school-units")).toContainText("Natal - RN");
});

test("any other path is the not-found page with status 404 and a way home", async ({ page }) => {
  const response = await page.goto("/caminho/que/nao/existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Voltar para a página inicial" })).toHaveAttribute("href", "/");
  await expect(page.locator("footer")).toBeVisible();
});

test("account and purchase completion send a visitor home", async ({ page, visit }) => {
  await visit("/conta");
  await expect(page).toHaveURL(/\/$/);
  await visit("/conclusao");
  await expect(page).toHaveURL(/\/$/);
});

test("following the footer link to Minha Conta as a visitor lands on home", async ({ page, visit }) => {
  await visit("/faq");
  await page.locator("footer").getByRole("link", { name: "Minha Conta" }).click();
  await expect(page).toHaveURL(/\/$/);
});
