import type { Page } from "@playwright/test";
import { MATERIAL_LIST_MESSAGES } from "#api/contract/material-lists.ts";
import { formatBRL } from "#core/money.ts";
import { cartCount, cartPanel } from "./support/cart.ts";
import { expect, test } from "./support/fixtures.ts";
import { waitForHydration } from "./support/pages.ts";
import { cartBags, linkByRa } from "./support/store-api.ts";

/** The demo's lists of this period (db/seed/material-lists-data.ts): the 6º Ano's and the 1º Ano's. */
const SIXTH = {
  kit: "Kit Material Didático 6º Ano - Ensino Fundamental II",
  notebook: "Caderno Universitário 10 Matérias",
  pens: "Caneta Esferográfica Azul - Caixa com 12",
  pencils: "Kit Lápis Grafite com Borracha e Apontador",
  ruler: "Régua de Acrílico 30 cm",
  diary: "Agenda Escolar - Ensino Fundamental",
  uniform: "Camiseta Regata de Educação Física",
};
const FIRST = {
  kit: "Kit Material Didático 1º Ano - Ensino Fundamental I",
  notebook: "Caderno Brochura Capa Dura 96 Folhas",
  crayons: "Lápis de Cor 24 Cores",
  glue: "Cola Branca Lavável 90 g",
  scissors: "Tesoura Escolar sem Ponta",
  drawing: "Caderno de Desenho A4 48 Folhas",
  uniform: "Bermuda Tactel de Educação Física",
  soldOut: "Squeeze Plástico Infantil 400 ml",
  backpack: "Mochila Escolar Infantil Estampada",
};

const line = (page: Page, title: string) => page.getByTestId("list-line").filter({ hasText: title });
const outcome = (page: Page, title: string) => page.getByTestId("list-outcome").filter({ hasText: title });

async function submitList(page: Page, js: boolean) {
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
  await expect(page.getByTestId("list-outcomes")).toBeVisible();
  await waitForHydration(page, js);
}

test("a parent buys two children's material lists, leaving out what they have and choosing the sizes", async ({
  page,
  js,
  visit,
  logIn,
  request,
}) => {
  const parent = await logIn();
  const lucas = await linkByRa(request, parent, "20250001");
  const beatriz = await linkByRa(request, parent, "20250002");

  // Lucas, 6º Ano: required lines come ticked; the ruler is from last year; the uniform needs a size.
  await visit(`/conta/lista-de-material/${lucas}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lista de material de Lucas Albuquerque Souza");
  await expect(page.getByTestId("list-discount")).toHaveText(
    "Lista completa com 5% de desconto: mantenha no carrinho todos os itens obrigatórios à venda.",
  );
  await expect(line(page, SIXTH.kit)).toContainText("Obrigatório");
  await expect(line(page, SIXTH.kit).getByRole("radio", { name: "Comprar" })).toBeChecked();
  await expect(line(page, "Estojo Escolar Duplo com Zíper")).toContainText("Opcional");
  await expect(line(page, "Estojo Escolar Duplo com Zíper").getByRole("radio", { name: "Não quero" })).toBeChecked();
  await expect(line(page, SIXTH.ruler)).toContainText("Pode ser a do ano anterior.");
  // The required lines' total, from the server: the uniform's two pieces at the product's price.
  await expect(page.getByTestId("list-total")).toHaveText("R$ 1.920,64");
  await line(page, SIXTH.ruler).getByRole("radio", { name: "Já tenho" }).check();
  // With JavaScript the total follows the choices (without it, the server's stays until the post).
  if (js) await expect(page.getByTestId("list-total")).toHaveText("R$ 1.914,74");

  // No size chosen: the line says so, and nothing goes to the cart.
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
  await expect(line(page, SIXTH.uniform)).toContainText(MATERIAL_LIST_MESSAGES.sizeRequired);
  await waitForHydration(page, js);
  await expect(line(page, SIXTH.ruler).getByRole("radio", { name: "Já tenho" })).toBeChecked();
  expect(await cartBags(request, parent)).toEqual([]);

  await line(page, SIXTH.uniform).getByLabel(`Tamanho de ${SIXTH.uniform}`).selectOption({ label: "10" });
  await submitList(page, js);
  for (const title of [SIXTH.kit, SIXTH.notebook, SIXTH.pens, SIXTH.pencils, SIXTH.diary, SIXTH.uniform])
    await expect(outcome(page, title)).toHaveText(new RegExp(`${title}\\s*Adicionado ao carrinho`));
  await expect(page.getByTestId("list-outcome")).toHaveCount(6);
  await expect(line(page, SIXTH.kit)).toContainText("Já está no carrinho");
  // What the parent has stays unticked: sending the list again would not buy it.
  await expect(line(page, SIXTH.ruler).getByRole("radio", { name: "Já tenho" })).toBeChecked();
  // 1 + 2 + 1 + 1 + 1 + 2 pieces.
  await expect(cartCount(page)).toHaveText("8");

  // Beatriz, 1º Ano: the squeeze is sold out, the scissors are at home, the backpack is wanted.
  await visit(`/conta/lista-de-material/${beatriz}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lista de material de Beatriz Albuquerque Souza");
  await expect(line(page, FIRST.soldOut)).toContainText("Esgotado");
  await expect(line(page, FIRST.soldOut).getByRole("link", { name: /Avise-me/ })).toHaveAttribute(
    "href",
    "/produto/squeezes/squeeze-plastico-infantil-400-ml",
  );
  await expect(line(page, FIRST.soldOut).getByRole("radio")).toHaveCount(0);
  const sizes = line(page, FIRST.uniform).getByLabel(`Tamanho de ${FIRST.uniform}`);
  await expect(sizes.getByRole("option", { name: "16 (esgotado)" })).toBeDisabled();
  await sizes.selectOption({ label: "8" });
  await line(page, FIRST.scissors).getByRole("radio", { name: "Já tenho" }).check();
  await line(page, FIRST.backpack).getByRole("radio", { name: "Comprar" }).check();
  await submitList(page, js);
  for (const title of [
    FIRST.kit,
    FIRST.notebook,
    FIRST.crayons,
    FIRST.glue,
    FIRST.drawing,
    FIRST.uniform,
    FIRST.backpack,
  ])
    await expect(outcome(page, title)).toContainText("Adicionado ao carrinho");
  await expect(page.getByTestId("list-outcome")).toHaveCount(7);
  // 8 + (1 + 4 + 1 + 2 + 1 + 1 + 1) pieces.
  await expect(cartCount(page)).toHaveText("19");

  // What stays: each child's bag holds their list without the lines the parent left out.
  const bags = await cartBags(request, parent);
  expect(bags.find((bag) => bag.RA === "20250001")?.titles.toSorted()).toEqual(
    [SIXTH.kit, SIXTH.notebook, SIXTH.pens, SIXTH.pencils, SIXTH.diary, SIXTH.uniform].sort(),
  );
  expect(bags.find((bag) => bag.RA === "20250002")?.titles.toSorted()).toEqual(
    [FIRST.kit, FIRST.notebook, FIRST.crayons, FIRST.glue, FIRST.drawing, FIRST.uniform, FIRST.backpack].sort(),
  );

  // A reload after the post is a plain GET (POST-redirect-GET): nothing is sent again.
  await page.reload();
  await expect(page.getByTestId("list-outcomes")).toHaveCount(0);
  expect(await cartBags(request, parent)).toEqual(bags);
  // The cart: Lucas's bag lacks the ruler, so no list discount, and its note says what is missing.
  await visit("/?carrinho=aberto");
  const lucasBag = cartPanel(page).getByTestId("cart-bag").filter({ hasText: "Lucas" });
  await expect(lucasBag.getByTestId("bag-list-discount-note")).toHaveText(
    `O desconto da lista completa (5%) vale com todos os itens obrigatórios da lista: falta ${SIXTH.ruler}.`,
  );
  await expect(lucasBag.getByTestId("bag-list-discount")).toHaveCount(0);
  await expect(cartPanel(page).getByTestId("cart-total-list-discount")).toHaveCount(0);
  // Beatriz's list gives no discount: nothing under her bag.
  const beatrizBag = cartPanel(page).getByTestId("cart-bag").filter({ hasText: "Beatriz" });
  await expect(beatrizBag.getByTestId("cart-line")).toHaveCount(7);
  await expect(beatrizBag.getByTestId("bag-list-discount-note")).toHaveCount(0);
  await expect(beatrizBag.getByTestId("bag-list-discount")).toHaveCount(0);

  // The ruler bought after all: the list is complete and its 5% comes off Lucas's bag.
  await visit(`/conta/lista-de-material/${lucas}`);
  await expect(line(page, SIXTH.ruler).getByRole("radio", { name: "Comprar" })).toBeChecked();
  await submitList(page, js);
  await expect(outcome(page, SIXTH.ruler)).toContainText("Adicionado ao carrinho");
  await expect(page.getByTestId("list-outcome")).toHaveCount(1);
  await visit("/?carrinho=aberto");
  await expect(lucasBag.getByTestId("cart-line")).toHaveCount(7);
  await expect(lucasBag.getByTestId("bag-list-discount-note")).toHaveCount(0);
  // 5% of the bag's lines as the cart prices them (every piece in it is one of the list's), half up.
  const lineCents = await lucasBag.getByTestId("cart-line-price").allTextContents();
  const bagCents = lineCents.reduce((sum, text) => sum + linePriceCents(text), 0);
  const discount = formatBRL(Math.round((bagCents * 5) / 100) / 100);
  await expect(lucasBag.getByTestId("bag-list-discount")).toHaveText(`Desconto da lista completa (5%)- ${discount}`);
  await expect(cartPanel(page).getByTestId("cart-total-list-discount")).toHaveText(
    `Desconto da lista completa- ${discount}`,
  );
});

/** A cart line's price in centavos: "R$ 1.234,56", or "de R$ 10,00 por R$ 9,00 -10%" (the second). */
function linePriceCents(text: string): number {
  const amounts = [...text.matchAll(/R\$\s*([\d.]+,\d{2})/g)].map((match) =>
    Number(match[1]!.replaceAll(".", "").replace(",", "")),
  );
  return text.includes(" por ") ? amounts[1]! : amounts[0]!;
}

test("a student of another account, or a grade without a list, shows a page that says so", async ({
  page,
  visit,
  logIn,
  request,
}) => {
  const parent = await logIn();
  const gabriel = await linkByRa(request, parent, "20250003");
  const other = await logIn();
  await visit(`/conta/lista-de-material/${gabriel}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lista de material");
  await expect(page.getByText(MATERIAL_LIST_MESSAGES.studentNotFound)).toBeVisible();
  await expect(page.getByRole("link", { name: "Montar a compra pela Compra Rápida" })).toBeVisible();

  // The 8º Ano has no list in the demo.
  const eighthGrader = await linkByRa(request, other, "20250004");
  await visit(`/conta/lista-de-material/${eighthGrader}`);
  await expect(page.getByText(MATERIAL_LIST_MESSAGES.noListForStudent)).toBeVisible();
  await expect(page.getByRole("button", { name: "Adicionar ao carrinho" })).toHaveCount(0);
});
