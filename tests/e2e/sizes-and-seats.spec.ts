/**
 * Sizes, stock and seats on the product page (issue 28, docs/decisions/0066), with JavaScript and
 * without, desktop and phone. Each test makes its own products (tests/e2e/support/stock.ts), so
 * the pieces and seats it shows or takes are no other test's.
 */
import type { Page } from "@playwright/test";
import { cartPanel, linkModal } from "./support/cart.ts";
import { expect, test } from "./support/fixtures.ts";
import { waitForHydration } from "./support/pages.ts";
import { ownProduct, setPiecesLeft } from "./support/stock.ts";

const CHART = {
  columns: ["Tamanho", "Tórax (cm)", "Comprimento (cm)"],
  rows: [
    ["P", "88", "66"],
    ["M", "94", "69"],
  ],
};

const uniform = () =>
  ownProduct({
    type: "P",
    title: "Camiseta Teste",
    sizes: [
      ["P", 12],
      ["M", 2],
      ["G", 0],
      ["GG", null],
    ],
    sizeChart: CHART,
  });

const sizeRadio = (page: Page, size: string) =>
  page.getByRole("group", { name: "Tamanho", exact: true }).getByRole("radio", { name: new RegExp(`^${size}\\b`) });
/** A size's button: the label around its (visually hidden) radio. */
const sizeLabel = (page: Page, size: string) =>
  page
    .getByRole("group", { name: "Tamanho", exact: true })
    .locator("label", { has: page.locator(`input[value="${size}"]`) });
const chooseSize = (page: Page, size: string) => sizeLabel(page, size).click();

test("a visitor chooses a size in the Comprar form, and nothing chosen keeps the page", async ({ page, visit }) => {
  const product = await uniform();
  await visit(product.path);
  await expect(sizeRadio(page, "G")).toBeDisabled();
  await expect(sizeLabel(page, "G")).toContainText("Esgotado");
  await expect(sizeLabel(page, "M")).toContainText("Últimas 2 peças");
  // P has 12: more than ten, no count; GG is not tracked.
  await expect(sizeLabel(page, "P")).toHaveText("P");
  await expect(sizeLabel(page, "GG")).toHaveText("GG");

  await page.getByTestId("buy-button").click();
  await expect(page.getByRole("alert").filter({ hasText: "Escolha o tamanho." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.title);

  await chooseSize(page, "M");
  await expect(sizeRadio(page, "M")).toBeChecked();
  await page.getByTestId("buy-button").click();
  await expect(
    cartPanel(page).getByTestId("cart-line").filter({ hasText: product.title }).getByTestId("cart-line-option"),
  ).toHaveText("Tamanho: M");
  await expect(page).toHaveURL(/[?&]opcao=M(&|$)/);
});

test("a customer's size travels through the link modal into the cart", async ({ page, visit, logIn, request }) => {
  const product = await uniform();
  const customer = await logIn();
  await visit(product.path);
  await chooseSize(page, "P");
  await page.getByTestId("buy-button").click();
  await expect(linkModal(page)).toBeVisible();
  await expect(page).toHaveURL(/[?&]opcao=P(&|$)/);
  await expect(linkModal(page).getByTestId("link-item-option")).toHaveText("Tamanho: P");
  await linkModal(page)
    .getByRole("button", { name: /Sou aluno/ })
    .click();
  const line = cartPanel(page).getByTestId("cart-line").filter({ hasText: product.title });
  await expect(line.getByTestId("cart-line-option")).toHaveText("Tamanho: P");
  const response = await request.get(`/api/carts/list-cart-by-customer/${customer.id}/store/1`, {
    headers: customer.headers,
  });
  const { cart } = (await response.json()) as { cart: { bags: { cartItems: { itemTOTVSId: number }[] }[] } };
  expect(cart.bags.flatMap((bag) => bag.cartItems.map((item) => item.itemTOTVSId))).toEqual([product.sizes.P]);

  // /compra shows the size too, and says so when it ran out since it was added.
  await visit("/compra");
  // The cart and the payment step's summary alike.
  for (const region of ["Carrinho", "Pagamento"])
    await expect(
      page.getByRole("region", { name: region }).getByTestId("cart-line").filter({ hasText: product.title }),
    ).toContainText("Tamanho: P");
  const checkoutLine = page
    .getByRole("region", { name: "Carrinho" })
    .getByTestId("cart-line")
    .filter({ hasText: product.title });
  await expect(checkoutLine.getByTestId("cart-line-sold-out")).toHaveCount(0);
  await setPiecesLeft(product.sizes.P!, 0);
  await visit("/compra");
  await expect(checkoutLine.getByTestId("cart-line-sold-out")).toHaveText(
    "Esgotado: remova este item ou escolha outro tamanho",
  );
});

test("a sale shows on the next visit, and a size sold out meanwhile is refused", async ({ page, js }) => {
  const product = await uniform();
  /** The page as a visitor's next visit gets it, and whether the page cache answered (decision 0087). */
  const visitProduct = async () => {
    const response = await page.goto(product.path);
    await waitForHydration(page, js);
    return response?.headers()["x-page-cache"] ? "page cache" : "rendered";
  };
  await visitProduct();
  await expect(sizeLabel(page, "M")).toContainText("Últimas 2 peças");
  // From the second visit the page cache answers (the first taught it which items the page
  // shows), and it still says what is there.
  expect(await visitProduct()).toBe("page cache");
  await expect(sizeLabel(page, "M")).toContainText("Últimas 2 peças");
  // Another parent bought one: the next visit says so, from the page cache too.
  await setPiecesLeft(product.sizes.M!, 1);
  expect(await visitProduct()).toBe("page cache");
  await expect(sizeLabel(page, "M")).toContainText("Última peça");

  await chooseSize(page, "M");
  // ...and the last one while this page was open: the page's action refuses it.
  await setPiecesLeft(product.sizes.M!, 0);
  await page.getByTestId("buy-button").click();
  await expect(page.getByRole("alert").filter({ hasText: "Tamanho M esgotado. Escolha outra opção." })).toBeVisible();
  await expect(sizeRadio(page, "M")).toBeDisabled();
  await expect(cartPanel(page)).toHaveCount(0);
});

test("the size chart opens as a table, without JavaScript too", async ({ page, visit }) => {
  const product = await uniform();
  await visit(product.path);
  const chart = page.getByTestId("size-chart");
  await chart.getByText("Tabela de medidas").click();
  await expect(chart.getByRole("columnheader", { name: "Tórax (cm)" })).toBeVisible();
  await expect(chart.getByRole("row", { name: /^M 94 69$/ })).toBeVisible();
});

test("a product whose every size is sold out shows Esgotado and no Comprar", async ({ page, visit }) => {
  const product = await ownProduct({
    type: "P",
    title: "Agasalho Esgotado",
    sizes: [
      ["8", 0],
      ["10", 0],
    ],
  });
  await visit(product.path);
  await expect(page.getByTestId("sold-out")).toHaveText("Esgotado");
  await expect(page.getByTestId("buy-button")).toHaveCount(0);
});

test("a course says how many seats are left, and a full one has no Comprar", async ({ page, visit }) => {
  const few = await ownProduct({ type: "S", title: "Curso Quase Cheio", seats: { capacity: 20, available: 3 } });
  await visit(few.path);
  await expect(page.getByTestId("seats-left")).toHaveText("Restam 3 vagas");
  await expect(page.getByTestId("buy-button")).toBeVisible();

  const full = await ownProduct({ type: "S", title: "Curso Lotado", seats: { capacity: 10, available: 0 } });
  await visit(full.path);
  await expect(page.getByTestId("class-full")).toHaveText("Turma lotada");
  await expect(page.getByTestId("buy-button")).toHaveCount(0);
});
