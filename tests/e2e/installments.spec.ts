import type { Locator, Page } from "@playwright/test";
import type { Product } from "#api/contract/catalogue.ts";
import { cartInstallments, productInstallments } from "#core/installments.ts";
import { formatBRL } from "#core/money.ts";
import { cardInstallments, findProduct, productCards, productPath } from "./support/catalogue.ts";
import { expect, test as base } from "./support/fixtures.ts";
import { ownStudentId, saveCart } from "./support/store-api.ts";

/** `checkoutWith(products)`: a new customer, logged in, with one of each for themself, on /compra's payment step. */
const test = base.extend<{ checkoutWith: (products: Product[]) => Promise<void> }>({
  checkoutWith: async ({ logIn, request, visit }, use) => {
    await use(async (products) => {
      const customer = await logIn();
      const studentId = await ownStudentId(request, customer);
      await saveCart(request, customer, [
        { studentId, cartItems: products.map((product) => ({ itemTOTVSId: product.itemTOTVS, quantity: 1 })) },
      ]);
      await visit("/compra");
    });
  },
});

// The e2e server runs on the real clock and spec §9 counts the months left in the year, so the
// expectations come from the same rule at test time (decision 0021); the unit tests pin dates.
const BALLET = "Curso de Ballet Infantil";

/** The count a product card advertises ("ou Nx de R$ … sem juros"), or 1 when it shows none. */
async function advertisedOnCard(page: Page, title: string): Promise<number> {
  const card = productCards(page).filter({ hasText: title });
  await expect(card).toBeVisible();
  const line = cardInstallments(card);
  if ((await line.count()) === 0) return 1;
  const match = /^ou (\d+)x de R\$ [\d.]+,\d{2} sem juros$/.exec((await line.textContent()) ?? "");
  expect(match, "the card's instalment line").not.toBeNull();
  return Number(match![1]);
}

/** "ou Nx de R$ … sem juros" in `where`, or no instalment text at all for one. */
async function expectInstalments(where: Locator, count: number) {
  if (count > 1) await expect(where).toContainText(new RegExp(`ou ${count}x de R\\$ [\\d.]+,\\d{2} sem juros`));
  else await expect(where).not.toContainText(/\d+x de R\$/);
}

/** The instalment choices /compra's payment step offers (the placeholder aside). */
async function offeredOnCheckout(page: Page): Promise<number> {
  await page.getByLabel("Cartão de Crédito").check();
  return page.getByLabel("Parcelamento").locator("option:not([value=''])").count();
}

test("Curso de Ballet Infantil: the card, the product page and the cart's total say what /compra offers", async ({
  page,
  request,
  visit,
  checkoutWith,
}) => {
  const ballet = await findProduct(request, (p) => p.title === BALLET);
  const expected = productInstallments(ballet);

  await visit(`/busca?q=${encodeURIComponent(BALLET)}`);
  expect(await advertisedOnCard(page, BALLET)).toBe(expected);
  await visit(productPath(ballet));
  await expectInstalments(page.getByTestId("product-price"), expected);

  await checkoutWith([ballet]);
  // The cart line shows the course's price; the TOTAL carries the instalments (decision 0040).
  await expect(page.getByTestId("cart-line-price").filter({ visible: true })).toContainText(formatBRL(ballet.DESCONTO));
  await expectInstalments(page.getByTestId("checkout-totals"), expected);
  expect(await offeredOnCheckout(page)).toBe(expected);
});

test("with other items the TOTAL shows the cart's count, and a line says when its item alone would allow more", async ({
  page,
  request,
  checkoutWith,
}) => {
  const ballet = await findProduct(request, (p) => p.title === BALLET);
  // A physical product of several instalments: alone it allows more than the course late in the year.
  const other = await findProduct(request, (p) => p.TIPO === "P" && p.PARCELAS >= 4);
  const lines = [ballet, other].map((product) => ({ ...product, quantity: 1 }));
  const cartCount = cartInstallments(lines, ballet.DESCONTO + other.DESCONTO);
  const otherAlone = productInstallments(other);

  await checkoutWith([ballet, other]);
  const otherLine = page
    .getByTestId("cart-line")
    .filter({ hasText: other.title.slice(0, 20) })
    .filter({ visible: true });
  await expect(otherLine.getByTestId("cart-line-price")).not.toContainText(/\dx/);
  await expectInstalments(page.getByTestId("checkout-totals"), cartCount);
  if (otherAlone > cartCount) {
    await expect(otherLine.getByTestId("cart-line-installments")).toHaveText(
      `Em até ${cartCount}x neste carrinho (sozinho, em até ${otherAlone}x)`,
    );
  } else {
    await expect(otherLine.getByTestId("cart-line-installments")).toHaveCount(0);
  }
  expect(await offeredOnCheckout(page)).toBe(cartCount);
});

test("a notebook beside Curso de Ballet Infantil does not lower the course's instalments (decision 0045)", async ({
  page,
  request,
  checkoutWith,
}) => {
  const ballet = await findProduct(request, (p) => p.title === BALLET);
  const notebook = await findProduct(request, (p) => p.title === "Caderno Brochura Capa Dura 96 Folhas");
  const ruler = await findProduct(request, (p) => p.title === "Régua de Acrílico 30 cm");
  // Alone, each cheap item is paid at once: the case the course must not follow.
  expect(productInstallments(notebook)).toBe(1);
  expect(productInstallments(ruler)).toBe(1);
  const courseAlone = productInstallments(ballet);

  await checkoutWith([ballet]);
  expect(await offeredOnCheckout(page)).toBe(courseAlone);

  await checkoutWith([ballet, notebook, ruler]);
  await expect(page.getByTestId("cart-line").filter({ visible: true })).toHaveCount(3);
  expect(await offeredOnCheckout(page)).toBe(courseAlone);
});
