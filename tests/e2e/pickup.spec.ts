/**
 * The family's side of delivery at the unit (issue 30; docs/decisions/0075, 0076), with
 * JavaScript and without, desktop and phone: the pickup code and its QR on /conclusao, /conta
 * and the receipt, each line's state as the unit moves it, and "Quem pode retirar". The unit's
 * moves are written through the test database here (the gestor's screens have their own specs).
 * Each test buys its own product (tests/e2e/support/stock.ts).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { newMaskedCpf } from "./support/data.ts";
import { withStoreDatabase } from "./support/server-side.ts";
import { ownProduct } from "./support/stock.ts";

const CODE = /^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/;

async function acceptTermsAndFinish(page: Page) {
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
}

/** The unit's side, as Separação, Prontos and Entrega leave it: the sale paid, its lines moved. */
async function unitMoves(saleId: string, change: "paid and ready" | "picked up by Maria, size exchanged") {
  await withStoreDatabase(async (db) => {
    const bagIds = db.selectFrom("sale_bags").select("id").where("sale_id", "=", saleId);
    if (change === "paid and ready") {
      const at = new Date().toISOString();
      await db.updateTable("sales").set({ status: "paid", paid_at: at }).where("id", "=", saleId).execute();
      await db.updateTable("sale_bags").set({ status: "paid" }).where("sale_id", "=", saleId).execute();
      await db
        .updateTable("sale_bag_items")
        .set({ delivery_state: "ready", delivery_state_at: at })
        .where("sale_bag_id", "in", bagIds)
        .execute();
      return;
    }
    const at = "2026-11-20T14:00:00.000Z";
    const handoverId = crypto.randomUUID();
    await db
      .insertInto("pickup_handovers")
      .values({
        id: handoverId,
        sale_id: saleId,
        unit_code: "1",
        received_by_name: "Maria Aparecida Souza",
        received_by_cpf: "52998224725",
        staff_id: "secretaria-e2e",
        at,
      })
      .execute();
    const lines = await db.selectFrom("sale_bag_items").select("id").where("sale_bag_id", "in", bagIds).execute();
    await db
      .updateTable("sale_bag_items")
      .set({ delivery_state: "picked_up", delivery_state_at: at, handover_id: handoverId })
      .where("sale_bag_id", "in", bagIds)
      .execute();
    await db
      .insertInto("delivery_events")
      .values({
        id: crypto.randomUUID(),
        store_id: 1,
        sale_id: saleId,
        sale_bag_item_id: lines[0]!.id,
        kind: "exchanged",
        from_state: "picked_up",
        to_state: "picked_up",
        staff_id: "secretaria-e2e",
        handover_id: null,
        note: "Tamanho M → G",
        at: "2026-11-21T10:00:00.000Z",
      })
      .execute();
  });
}

test("the pickup code and its QR on /conclusao, the receipt and /conta; each line's state as the unit moves it", async ({
  page,
  checkout,
  logIn,
  visit,
}) => {
  const product = await ownProduct({ type: "P", title: "Camiseta Retirada" });
  await checkout(product.itemTOTVSId);
  await acceptTermsAndFinish(page);
  await expect(page).toHaveURL(/\/conclusao\?venda=/);
  const saleId = new URL(page.url()).searchParams.get("venda")!;

  // A boleto still to pay: the code already, ready after the payment.
  const pickup = page.getByTestId("pickup-code");
  await expect(pickup.getByTestId("pickup-code-value")).toHaveText(CODE);
  const code = (await pickup.getByTestId("pickup-code-value").textContent())!;
  await expect(pickup.getByRole("img", { name: `QR Code do código de retirada ${code}` })).toBeVisible();
  await expect(pickup).toContainText("Apresente este código na unidade quando o pedido estiver pronto para retirada");
  await expect(pickup).toContainText("Pode retirar você, titular da conta, ou uma pessoa indicada em Minha Conta");
  await expect(pickup.getByTestId("pickup-code-after-payment")).toBeVisible();
  const receipt = (await page.getByRole("link", { name: "Comprovante deste estudante" }).getAttribute("href"))!;

  await unitMoves(saleId, "paid and ready");
  await visit(receipt);
  await expect(page.getByTestId("pickup-code-value")).toHaveText(code);
  await expect(page.getByTestId("pickup-code-after-payment")).toHaveCount(0);
  await expect(
    page.getByTestId("public-receipt").locator("tr").filter({ hasText: product.title }).getByTestId("line-delivery"),
  ).toHaveText("Pronto para retirada");

  await visit("/conta");
  await expect(page.getByTestId("order-pickup-code")).toHaveText(code);
  await page.getByRole("link", { name: /^Ver detalhes/ }).click();
  await expect(page.getByTestId("pickup-code").getByRole("img", { name: /^QR Code/ })).toBeVisible();
  const line = page
    .getByRole("region", { name: /^Itens de / })
    .locator("li")
    .filter({ hasText: product.title });
  await expect(line.getByTestId("line-delivery")).toContainText("Pronto para retirada");

  await unitMoves(saleId, "picked up by Maria, size exchanged");
  await page.reload();
  await expect(line.getByTestId("line-delivery")).toContainText("Retirado por Maria Aparecida Souza em 20/11/2026");
  await expect(line.getByTestId("line-exchange")).toHaveText("Troca na unidade: Tamanho M → G");
  // Everything picked up: no code left to show.
  await expect(page.getByTestId("pickup-code")).toHaveCount(0);
  await expect(page.getByTestId("order-pickup-code")).toHaveCount(0);
  expect(await page.content()).not.toContain("52998224725");
  await expect(page.getByTestId("order-refund-after-pickup")).toHaveCount(0);

  // Refunded after pickup: the goods stay "Retirado", and the order says they stay with the family.
  await withStoreDatabase(async (db) => {
    await db.updateTable("sales").set({ status: "refunded" }).where("id", "=", saleId).execute();
    await db.updateTable("sale_bags").set({ status: "refunded" }).where("sale_id", "=", saleId).execute();
  });
  await page.reload();
  await expect(line.getByTestId("line-delivery")).toContainText("Retirado por Maria Aparecida Souza em 20/11/2026");
  await expect(page.getByTestId("order-refund-after-pickup")).toHaveText(
    "Itens já retirados continuam com você; o estorno não muda a retirada.",
  );

  // Another account sees neither the sale nor its code.
  await logIn();
  await visit(`/conclusao?venda=${saleId}`);
  await expect(page.getByRole("heading", { name: "Nenhuma compra recente" })).toBeVisible();
  await visit(`/conta?compra=${saleId}`);
  await expect(page.getByRole("heading", { name: "Minha Conta" })).toBeVisible();
  await expect(page.getByTestId("pickup-code")).toHaveCount(0);
  expect(await page.content()).not.toContain(code);
});

test("Quem pode retirar: a bad CPF keeps the form, a person named and removed; another account sees none", async ({
  page,
  logIn,
  visit,
}) => {
  await logIn();
  await visit("/conta");
  const section = page.getByRole("region", { name: "Quem pode retirar" });
  await expect(section).toContainText("Ninguém indicado ainda");
  await section.getByLabel("Nome completo").fill("Maria Aparecida Souza");
  await section.getByLabel("CPF").fill("111.111.111-11");
  await section.getByRole("button", { name: "Incluir pessoa" }).click();
  await expect(section.getByText("CPF inválido")).toBeVisible();
  await expect(section.getByLabel("Nome completo")).toHaveValue("Maria Aparecida Souza");

  const cpf = newMaskedCpf();
  await section.getByLabel("CPF").fill(cpf);
  await section.getByRole("button", { name: "Incluir pessoa" }).click();
  const person = section.getByTestId("pickup-person");
  await expect(person).toHaveCount(1);
  await expect(person).toContainText("Maria Aparecida Souza");
  await expect(person).toContainText(`CPF ***.${cpf.slice(4, 11)}-**`);
  // The form is empty again for the next person.
  await expect(section.getByLabel("Nome completo")).toHaveValue("");

  // Another account, in the same browser: none of the first's people.
  await logIn();
  await visit("/conta");
  const other = page.getByRole("region", { name: "Quem pode retirar" });
  await expect(other).toContainText("Ninguém indicado ainda");
  expect(await page.content()).not.toContain("Maria Aparecida Souza");
  await other.getByLabel("Nome completo").fill("José Carlos Pereira");
  await other.getByLabel("CPF").fill(newMaskedCpf());
  await other.getByRole("button", { name: "Incluir pessoa" }).click();
  await expect(other.getByTestId("pickup-person")).toHaveCount(1);
  await other.getByRole("button", { name: "Excluir José Carlos Pereira" }).click();
  await expect(other.getByTestId("pickup-person")).toHaveCount(0);
  await expect(other).toContainText("Ninguém indicado ainda");
});
