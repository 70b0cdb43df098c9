/**
 * The size chosen after the sale, and a size or a class that ran out before "Finalizar compra"
 * (issue 28, docs/decisions/0066), with JavaScript and without, desktop and phone. Each test
 * makes its own products (tests/e2e/support/stock.ts), so the pieces and seats it takes are no
 * other test's.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import type { ApiCustomer } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { latestMessageTo, messagesTo } from "./support/mailbox.ts";
import { ownProduct, setPiecesLeft } from "./support/stock.ts";
import { ownStudentId, saveCart } from "./support/store-api.ts";

async function acceptTermsAndFinish(page: Page) {
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
}

/** The customer's orders as the store API keeps them. */
async function ordersOf(request: APIRequestContext, customer: ApiCustomer) {
  const response = await request.get(`/api/sales/list-sale-by-customer-id/${customer.id}/store/1`, {
    headers: customer.headers,
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { sales: unknown[] }).sales;
}

/** The item codes in the customer's cart, as the store API keeps it. */
async function cartItemsOf(request: APIRequestContext, customer: ApiCustomer) {
  const response = await request.get(`/api/carts/list-cart-by-customer/${customer.id}/store/1`, {
    headers: customer.headers,
  });
  const { cart } = (await response.json()) as { cart: { bags: { cartItems: { itemTOTVSId: number }[] }[] } };
  return cart.bags.flatMap((bag) => bag.cartItems.map((item) => item.itemTOTVSId));
}

const soldOutNotice = (page: Page) => page.getByTestId("sold-out-notice");

test("the size bought shows on /conclusao, in /conta's order, on the receipt and in the e-mail", async ({
  page,
  checkout,
  visit,
}) => {
  const product = await ownProduct({
    type: "P",
    title: "Camiseta Pedido",
    sizes: [
      ["P", 4],
      ["M", 4],
    ],
  });
  const customer = await checkout(product.sizes.M!);
  await acceptTermsAndFinish(page);
  await expect(page).toHaveURL(/\/conclusao\?venda=/);
  const bought = page.getByTestId("purchase-bag").locator("li").filter({ hasText: product.title });
  await expect(bought.getByTestId("sold-item-option")).toHaveText("Tamanho: M");

  const receipt = await page.getByRole("link", { name: "Comprovante deste estudante" }).getAttribute("href");
  await visit(receipt!);
  await expect(
    page.getByTestId("public-receipt").locator("tr").filter({ hasText: product.title }).getByTestId("sold-item-option"),
  ).toHaveText("Tamanho: M");

  await visit("/conta");
  await page.getByRole("link", { name: /^Ver detalhes/ }).click();
  const details = page.getByRole("region", { name: /^Itens de / });
  await expect(details.locator("li").filter({ hasText: product.title }).getByTestId("sold-item-option")).toHaveText(
    "Tamanho: M",
  );

  const mail = await latestMessageTo(customer.email);
  expect(mail.subject).toMatch(/^Pedido \d+ recebido/);
  expect(mail.text).toContain(`1 x ${product.title} (Tamanho: M): R$`);
});

test("a size sold out before Finalizar compra: nothing charged, the item named and what to do", async ({
  page,
  checkout,
  request,
}) => {
  const product = await ownProduct({
    type: "P",
    title: "Camiseta Esgota",
    sizes: [
      ["M", 2],
      ["G", 5],
    ],
  });
  const customer = await checkout(product.sizes.M!);
  await expect(soldOutNotice(page)).toHaveCount(0);
  await page.getByLabel("Pix").check();
  // Another parent took the last pieces while this page was open.
  await setPiecesLeft(product.sizes.M!, 0);
  await acceptTermsAndFinish(page);

  const notice = soldOutNotice(page);
  await expect(notice).toContainText("Nada foi cobrado.");
  const item = notice.getByTestId("sold-out-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(product.title);
  await expect(item).toContainText("Tamanho: M");
  await expect(item).toContainText("Esgotado");
  await expect(item.getByRole("link", { name: `Escolher outro tamanho de ${product.title}` })).toHaveAttribute(
    "href",
    product.path,
  );
  await expect(item.getByRole("link", { name: /lista de espera/ })).toHaveCount(0);
  await expect(page).toHaveURL(/\/compra$/);
  // The method chosen stays; the terms are accepted again (spec §4).
  await expect(page.getByLabel("Pix")).toBeChecked();
  expect(await ordersOf(request, customer)).toEqual([]);
  expect((await messagesTo(customer.email)).filter((mail) => mail.subject.startsWith("Pedido"))).toEqual([]);

  // Removing it there takes it off the cart, and the notice goes with it.
  await item.getByRole("button", { name: `Remover ${product.title} do carrinho` }).click();
  await expect(soldOutNotice(page)).toHaveCount(0);
  expect(await cartItemsOf(request, customer)).toEqual([]);
});

test("a class full before Finalizar compra offers its waiting list, and nothing is charged", async ({
  page,
  checkout,
  request,
}) => {
  const course = await ownProduct({ type: "S", title: "Curso Lotado", seats: { capacity: 3, available: 1 } });
  const customer = await checkout(course.itemTOTVSId);
  await setPiecesLeft(course.itemTOTVSId, 0);
  await acceptTermsAndFinish(page);

  const item = soldOutNotice(page).getByTestId("sold-out-item");
  await expect(item).toContainText(course.title);
  await expect(item).toContainText("Turma lotada");
  await expect(item.getByRole("link", { name: `Entrar na lista de espera de ${course.title}` })).toHaveAttribute(
    "href",
    `${course.path}#lista-de-espera`,
  );
  await expect(item.getByRole("link", { name: /Escolher outro/ })).toHaveCount(0);
  await expect(item.getByRole("button", { name: `Remover ${course.title} do carrinho` })).toBeVisible();
  expect(await ordersOf(request, customer)).toEqual([]);
  expect(await cartItemsOf(request, customer)).toEqual([course.itemTOTVSId]);
});

test("the gestor's Carrinhos names each line's size", async ({ page, context, request, logIn, visit }) => {
  const product = await ownProduct({
    type: "P",
    title: "Camiseta Carrinho",
    sizes: [
      ["P", 4],
      ["G", 4],
    ],
  });
  const customer = await logIn();
  await saveCart(request, customer, [
    {
      studentId: await ownStudentId(request, customer),
      cartItems: [
        { itemTOTVSId: product.sizes.P!, quantity: 1 },
        { itemTOTVSId: product.sizes.G!, quantity: 2 },
      ],
    },
  ]);
  await logInStaff(context, "atendimento");
  // The search's own address, as its form sends it (gestor-carts.spec.ts fills the form).
  await visit(`/gestor/carrinhos?por=email&q=${encodeURIComponent(customer.email)}`);
  const cart = page.getByRole("region", { name: `Carrinho de ${customer.name}` });
  // Each size its own line: G with its 2 pieces, P with 1.
  const lineOf = (size: string) =>
    cart.getByRole("row").filter({ has: page.getByTestId("cart-item-option").getByText(`Tamanho: ${size}`) });
  await expect(lineOf("G").getByRole("cell").nth(2)).toHaveText("2");
  await expect(lineOf("P").getByRole("cell").nth(2)).toHaveText("1");
  await expect(cart.getByRole("button", { name: `Remover ${product.title}, Tamanho: G` })).toBeVisible();
});
