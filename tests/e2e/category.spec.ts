import { cardInstallments, findProduct, productCards, productsOf } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { ownCategory } from "./support/stock.ts";

/** 14 products: 2 pages of 9 on wide screens, 3 of 6 on narrow ones, the last one partial. */
const PRODUCTS = 14;

test("category listing paginates 9 per page on wide screens and 6 on narrow ones", async ({ page, visit, mobile }) => {
  const category = await ownCategory("Paginada", PRODUCTS);
  const size = mobile ? 6 : 9;
  const pages = Math.ceil(PRODUCTS / size);

  await visit(category.path);
  await expect(page.getByRole("heading", { name: category.title, level: 1 })).toBeVisible();
  await expect(productCards(page)).toHaveCount(size);
  await expect(page.getByTestId("listing-summary")).toHaveText(`${PRODUCTS} produtos · página 1 de ${pages}`);
  const pagination = page.getByRole("navigation", { name: "Paginação" });
  await expect(pagination.getByRole("link", { name: /^Página \d+$/ })).toHaveCount(pages - 1);

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await pagination.getByRole("link", { name: `Página ${pages}` }).click();
  await expect(page).toHaveURL(new RegExp(`pagina=${pages}`));
  await expect(productCards(page)).toHaveCount(PRODUCTS - size * (pages - 1));
  await expect(pagination.locator("[aria-current=page]")).toHaveText(String(pages));
  // A page change scrolls to the top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(100);

  await pagination.getByRole("link", { name: "Anterior" }).click();
  await expect(pagination.locator("[aria-current=page]")).toHaveText(String(pages - 1));
});

test("an out-of-range page goes to the last page", async ({ page, visit, mobile }) => {
  const category = await ownCategory("Fora do Alcance", PRODUCTS);
  const size = mobile ? 6 : 9;
  await visit(`${category.path}?pagina=99&itens=${size}`);
  await expect(page).toHaveURL(new RegExp(`pagina=${Math.ceil(PRODUCTS / size)}`));
  await expect(productCards(page).first()).toBeVisible();
});

test("an unknown category is the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/categoria/nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await page.getByRole("link", { name: "Voltar para a página inicial" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("each card shows its own picture, without its name painted on it", async ({ page, visit, request }) => {
  // The demo's products, read from the API across every page: other tests add products to this
  // category with an image of their own, and they may fill the first page on a phone.
  const listed = await productsOf(request, "papelaria");
  const seeded = listed.filter((p) => p.image.startsWith("/images/products/"));
  expect(seeded.length).toBeGreaterThan(5);
  const sources = seeded.map((p) => p.image);
  expect(new Set(sources).size, "one picture per product").toBe(sources.length);
  for (const product of seeded) {
    const reply = await request.get(product.image);
    expect(reply.status(), product.image).toBe(200);
    expect(reply.headers()["content-type"]).toContain("image/svg+xml");
    // Kept by the browser between pages, not fetched again on every listing.
    expect(reply.headers()["cache-control"]).toMatch(/max-age=[1-9]/);
    const svg = await reply.text();
    expect(svg, product.image).not.toMatch(/<text/);
    expect(svg, product.image).not.toContain(product.title.slice(0, 12));
  }

  // The listing shows each card with its own product's picture.
  await visit("/categoria/papelaria");
  const cards = productCards(page);
  await expect(cards.first().locator("img")).toBeVisible();
  const shown = await cards.evaluateAll((nodes) =>
    nodes.map((card) => ({
      src: card.querySelector("img")?.getAttribute("src") ?? "",
      title: card.querySelector("h2, h3")?.textContent ?? "",
    })),
  );
  // Every card (the demo's and those other tests add) shows its own product's picture.
  const imageByTitle = new Map(listed.map((p) => [p.title, p.image]));
  const known = shown.filter((card) => imageByTitle.has(card.title));
  expect(known.length, "cards of products read from the API").toBeGreaterThan(0);
  for (const card of known) expect(card.src, card.title).toBe(imageByTitle.get(card.title));
});

test("a card writes its price as Brazilian stores do: price first, de/por and a whole badge only with a discount", async ({
  page,
  visit,
  request,
}) => {
  // Lápis de Cor: R$ 27,90 at 15 % off is R$ 23,72, a discount of 14,98 %.
  const discounted = await findProduct(request, (p) => p.PRECO === 27.9 && p.DESCONTO === 23.72);
  await visit(`/busca?q=${encodeURIComponent(discounted.title)}`);
  const card = productCards(page).filter({ hasText: discounted.title });
  await expect(card.locator(".card-off")).toHaveText("-15%");
  await expect(card).toContainText("de R$ 27,90 por R$ 23,72", { useInnerText: true });
  await expect(card.locator("s")).toHaveText("R$ 27,90");
  await expect(card).not.toContainText(/14,98|desconto/);

  const fullPrice = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO === p.PRECO && p.PARCELAS === 2);
  await visit(`/busca?q=${encodeURIComponent(fullPrice.title)}`);
  const plain = productCards(page).filter({ hasText: fullPrice.title });
  await expect(plain.locator(".card-off")).toHaveCount(0);
  await expect(plain.locator("s")).toHaveCount(0);
  await expect(plain).not.toContainText(/\bpor\b|%/);
  const each = (fullPrice.DESCONTO / 2).toFixed(2).replace(".", ",");
  await expect(cardInstallments(plain)).toHaveText(`ou 2x de R$ ${each} sem juros`);
});
