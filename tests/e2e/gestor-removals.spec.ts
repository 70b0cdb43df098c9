import { CART_CHANGED } from "#api/contract/carts.ts";
import { formatBRL } from "#core/money.ts";
import { expectAnnounced } from "./support/announcements.ts";
import { cartCount } from "./support/cart.ts";
import { productsOf } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { gestor } from "./support/server-side.ts";
import { ownStudentId, saveCart } from "./support/store-api.ts";

// Spec §8 and docs/decisions/0007, 0010: what the gestor removes while /compra is open.
const ITEMS_REMOVED_WARNING = "Alguns itens foram removidos do carrinho pelo gestor.";
test("a gestor removal while /compra is open: the stale page charges nothing, the new total and both messages show", async ({
  page,
  request,
  logIn,
  visit,
}) => {
  const [removed, kept] = (await productsOf(request, "papelaria")).filter((p) => p.TIPO === "P" && p.DESCONTO > 0);
  const customer = await logIn();
  const cartId = await saveCart(request, customer, [
    {
      studentId: await ownStudentId(request, customer),
      cartItems: [
        { itemTOTVSId: removed!.itemTOTVS, quantity: 1 },
        { itemTOTVSId: kept!.itemTOTVS, quantity: 1 },
      ],
    },
  ]);
  await visit("/compra");
  const total = page.getByTestId("checkout-total");
  await expect(total).toHaveText(formatBRL(removed!.DESCONTO + kept!.DESCONTO));

  gestor("remove-item", "--cart", cartId, "--item", String(removed!.itemTOTVS));
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();

  // Back on the payment step with the cart as it is now; the reason and the gestor's notice
  // both show (one does not hide the other), and the notice stays on screen.
  await expect(total).toHaveText(formatBRL(kept!.DESCONTO));
  await expect(page).toHaveURL(/\/compra$/);
  await expectAnnounced(page, CART_CHANGED, { type: "warning" });
  await expectAnnounced(page, ITEMS_REMOVED_WARNING, {
    type: "warning",
    description: `Item removido: ${removed!.title}.`,
  });
  await expect(page.getByTestId("removal-notice")).toBeVisible();
  const sales = await request.get(`/api/sales/list-sale-by-customer-id/${customer.id}/store/1`, {
    headers: customer.headers,
  });
  expect((await sales.json()).sales).toEqual([]);

  // Seen once, it is not shown again (the current page pays: api/carts/finish-cart-version.test.ts).
  await visit("/faq");
  await expect(cartCount(page)).toHaveText("1");
  await expect(page.getByTestId("removal-notice")).toHaveCount(0);
});
