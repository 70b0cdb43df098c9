/**
 * "Lista completa com X% de desconto" in the cart (issue 29; docs/decisions/0072), with
 * JavaScript and without: the bag filled from a material list shows its discount and the totals
 * take it off; removing a required line warns, and the bag's note says what is missing for as
 * long as it is. The list and the bag's list are written straight into the e2e database (the
 * list's own pages are another part of the issue).
 */
import type { Page } from "@playwright/test";
import { expectAnnounced } from "./support/announcements.ts";
import { cartPanel } from "./support/cart.ts";
import { expect, test } from "./support/fixtures.ts";
import { withStoreDatabase } from "./support/server-side.ts";
import { ownProduct } from "./support/stock.ts";
import { ownStudentId, saveCart } from "./support/store-api.ts";
import { insertDiscountList, productIdsOf, rememberListOnBag } from "#tests/fixtures/list-discount.ts";

/** A published list of 10% whose lines are all required, one piece each; answers its id. */
const createList = (itemCodes: number[]) =>
  withStoreDatabase(async (db) =>
    insertDiscountList(db, {
      // A grade of this test only: one list per grade.
      codgrade: `E2E${itemCodes[0]}`,
      lines: (await productIdsOf(db, itemCodes)).map((productId) => ({ productId, quantity: 1, required: true })),
    }),
  );

/** What the list's add-to-bag does to the bag: it remembers the list. */
const rememberList = (cartId: string, studentId: string, listId: string) =>
  withStoreDatabase((db) => rememberListOnBag(db, cartId, studentId, listId));

/** The checkout's cart on screen (beside the payment step, or inside it on a phone). */
const checkoutBag = (page: Page) => page.getByTestId("cart-view-bag").filter({ visible: true });

/** The product's selling price (DESCONTO, and PRECO with it), in centavos: the amounts below follow from it. */
const priceAt = (itemTOTVSId: number, cents: number) =>
  withStoreDatabase((db) =>
    db
      .updateTable("products")
      .set({ price_cents: cents, sale_price_cents: cents })
      .where("store_id", "=", 1)
      .where("item_totvs_id", "=", itemTOTVSId)
      .execute(),
  );

test("a bag filled from a list shows its discount until a required line leaves, then says what is missing", async ({
  page,
  visit,
  logIn,
  request,
}) => {
  const notebook = await ownProduct({ type: "P", title: "Caderno da lista" });
  const ruler = await ownProduct({ type: "P", title: "Régua da lista" });
  // R$ 25,00 + R$ 13,90 = R$ 38,90; the list's 10 % is R$ 3,89; the total R$ 35,01.
  await priceAt(notebook.itemTOTVSId, 2500);
  await priceAt(ruler.itemTOTVSId, 1390);
  const customer = await logIn();
  const studentId = await ownStudentId(request, customer);
  const cartId = await saveCart(request, customer, [
    {
      studentId,
      cartItems: [
        { itemTOTVSId: notebook.itemTOTVSId, quantity: 1 },
        { itemTOTVSId: ruler.itemTOTVSId, quantity: 1 },
      ],
    },
  ]);
  await rememberList(cartId, studentId, await createList([notebook.itemTOTVSId, ruler.itemTOTVSId]));

  // The checkout's cart and totals.
  await visit("/compra");
  await expect(checkoutBag(page).getByTestId("bag-list-discount")).toHaveText(
    "Desconto da lista completa (10%)- R$ 3,89",
  );
  await expect(page.getByTestId("checkout-total-list-discount")).toHaveText("Desconto da lista completa- R$ 3,89");
  await expect(page.getByTestId("checkout-total")).toHaveText("R$ 35,01");

  // The cart panel: the same, until the ruler leaves.
  await visit("/?carrinho=aberto");
  const panel = cartPanel(page);
  await expect(panel.getByTestId("bag-list-discount")).toHaveText("Desconto da lista completa (10%)- R$ 3,89");
  await expect(panel.getByTestId("cart-total-list-discount")).toHaveText("Desconto da lista completa- R$ 3,89");
  await expect(panel.getByTestId("cart-total")).toHaveText("R$ 35,01");
  await panel.getByRole("button", { name: `Remover ${ruler.title} do carrinho` }).click();
  // The state first, then the toast that reported it (support/announcements.ts).
  await expect(cartPanel(page).getByTestId("cart-line")).toHaveCount(1);
  await expectAnnounced(page, `O desconto da lista completa deixou de valer: falta ${ruler.title}.`, {
    type: "warning",
  });
  await expect(cartPanel(page).getByTestId("bag-list-discount")).toHaveCount(0);
  await expect(cartPanel(page).getByTestId("cart-total-list-discount")).toHaveCount(0);
  await expect(cartPanel(page).getByTestId("cart-total")).toHaveText("R$ 25,00");

  // The note stays on the bag while the line is missing, on every page that shows the cart.
  const note = `O desconto da lista completa (10%) vale com todos os itens obrigatórios da lista: falta ${ruler.title}.`;
  await expect(cartPanel(page).getByTestId("bag-list-discount-note")).toHaveText(note);
  await visit("/compra");
  await expect(checkoutBag(page).getByTestId("bag-list-discount-note")).toHaveText(note);
});
