import { productsOf } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";

test("category listing paginates 9 per page on wide screens and 6 on narrow ones", async ({
  page,
  visit,
  mobile,
  request,
}) => {
  const products = await productsOf(request, "papelaria");
  const size = mobile ? 6 : 9;
  const pages = Math.ceil(products.length / size);
  expect(pages).toBeGreaterThan(1);

  await visit("/categoria/papelaria");
  await expect(page.getByRole("heading", { name: "Papelaria", level: 1 })).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(size);
  await expect(page.getByTestId("listing-summary")).toHaveText(`${products.length} produtos · página 1 de ${pages}`);
  const pagination = page.getByRole("navigation", { name: "Paginação" });
  await expect(pagination.getByRole("link", { name: /^Página \d+$/ })).toHaveCount(pages - 1);

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await pagination.getByRole("link", { name: `Página ${pages}` }).click();
  await expect(page).toHaveURL(new RegExp(`pagina=${pages}`));
  await expect(page.getByTestId("product-card")).toHaveCount(products.length - size * (pages - 1));
  await expect(pagination.locator("[aria-current=page]")).toHaveText(String(pages));
  // A page change scrolls to the top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(100);

  await pagination.getByRole("link", { name: "Anterior" }).click();
  await expect(pagination.locator("[aria-current=page]")).toHaveText(String(pages - 1));
});

test("an out-of-range page goes to the last page", async ({ page, visit, request, mobile }) => {
  const products = await productsOf(request, "papelaria");
  const size = mobile ? 6 : 9;
  await visit(`/categoria/papelaria?pagina=99&itens=${size}`);
  await expect(page).toHaveURL(new RegExp(`pagina=${Math.ceil(products.length / size)}`));
  await expect(page.getByTestId("product-card").first()).toBeVisible();
});

test("an unknown category is the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/categoria/nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await page.getByRole("link", { name: "Voltar para a página inicial" }).click();
  await expect(page).toHaveURL(/\/$/);
});
