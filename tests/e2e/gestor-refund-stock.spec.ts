/**
 * A refund of a uniform (issue 28, decision 0067): the gestor says whether the pieces came back,
 * and only then does the unit's stock grow; the sale's page shows the size. JavaScript on and off.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { newVisitor } from "./support/pages.ts";
import { ownProduct, type OwnProduct } from "./support/stock.ts";
import { buyThroughApi } from "./support/store-api.ts";

/** What a visitor's product page says of size M: "Últimas N peças". */
async function piecesOfM(visitor: Awaited<ReturnType<typeof newVisitor>>, product: OwnProduct) {
  await visitor.visit(product.path);
  return visitor.page
    .getByRole("group", { name: "Tamanho", exact: true })
    .locator("label", { has: visitor.page.locator('input[value="M"]') });
}

async function refund(page: Page, referenceCode: string, { piecesCameBack }: { piecesCameBack: boolean }) {
  await expect(page.getByRole("heading", { name: `Pedido ${referenceCode}` })).toBeVisible();
  await page.getByLabel("Motivo do estorno").fill("Tamanho errado");
  const box = page.getByLabel(/A peça desta compra voltou ao estoque da unidade/);
  await expect(box).not.toBeChecked();
  if (piecesCameBack) await box.check();
  await page.getByRole("button", { name: "Estornar compra" }).click();
  await expect(page.locator("dl")).toContainText("Estornado");
  await expect(page.getByRole("button", { name: "Estornar compra" })).toHaveCount(0);
}

test("a refund gives the size's piece back only when the gestor says it came back", async ({
  page,
  context,
  request,
  browser,
  js,
  logIn,
  visit,
}) => {
  const product = await ownProduct({ type: "P", title: "Camisa Estorno", sizes: [["M", 4]] });
  const customer = await logIn();
  const kept = await buyThroughApi(request, customer, product.sizes.M!, "card");
  const returned = await buyThroughApi(request, customer, product.sizes.M!, "card");
  const visitor = await newVisitor(browser, js);
  await expect(await piecesOfM(visitor, product)).toContainText("Últimas 2 peças");

  await logInStaff(context, "atendimento", "Rita Atendente");
  await visit(`/gestor/pedidos/${kept.saleId}`);
  // The sale's page names the size bought.
  await expect(page.getByText(`${product.title}`).first()).toBeVisible();
  await expect(page.getByText("Tamanho: M").first()).toBeVisible();
  await refund(page, kept.referenceCode, { piecesCameBack: false });
  await expect(await piecesOfM(visitor, product)).toContainText("Últimas 2 peças");

  await visit(`/gestor/pedidos/${returned.saleId}`);
  await refund(page, returned.referenceCode, { piecesCameBack: true });
  await expect(await piecesOfM(visitor, product)).toContainText("Últimas 3 peças");
});
