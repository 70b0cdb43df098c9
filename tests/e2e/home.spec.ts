import { productCards } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";

test("home: highlights, secondary menu with anchors, and one section per home category", async ({
  page,
  visit,
  mobile,
}) => {
  await visit("/");
  await expect(page).toHaveTitle(/Loja Escolar/);
  const highlights = page.getByRole("region", { name: "Destaques da Home" });
  await expect(highlights.getByRole("img").first()).toBeVisible();

  const menu = page.getByRole("navigation", { name: "Seções da página inicial" });
  for (const [label, anchor] of [
    ["Lançamentos", "#lancamentos"],
    ["Fardamento", "#fardamento"],
    ["Material", "#material"],
    ["Papelaria", "#papelaria"],
  ] as const) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", anchor);
    await expect(page.locator(anchor)).toHaveCount(1);
  }
  await expect(menu.getByRole("link", { name: "Compra Rápida" })).toHaveAttribute("href", "/compra-rapida");

  for (const anchor of ["lancamentos", "fardamento", "material", "papelaria"]) {
    const cards = productCards(page.locator(`#${anchor}`));
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(15);
  }

  await menu.getByRole("link", { name: "Papelaria", exact: true }).click();
  await expect(page).toHaveURL(/#papelaria$/);
  await expect(page.locator("#papelaria h2")).toBeInViewport();

  // A product card leads to its page.
  const firstCard = productCards(page.locator("#lancamentos")).first();
  const name = (await firstCard.locator("h3").textContent())!.trim();
  if (mobile) await firstCard.scrollIntoViewIfNeeded();
  await firstCard.getByRole("link").click();
  await expect(page).toHaveURL(/\/produto\/cursos\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name, {
    ignoreCase: false,
    useInnerText: true,
  });
});
