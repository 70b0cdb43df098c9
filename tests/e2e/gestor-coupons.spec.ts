import { addDays, todayInBrazil } from "#core/dates.ts";
import { expectAnnounced } from "./support/announcements.ts";
import { findProduct } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { waitForHydration } from "./support/pages.ts";

test("an admin's new coupon is offered and applied in the shop; paused, the purchase refuses it", async ({
  page,
  context,
  request,
  visit,
  checkout,
  js,
}) => {
  // Limited to the product's category, so other specs' carts rarely see it; a code of its own.
  const product = await findProduct(request, (p) => p.TIPO === "P" && p.DESCONTO >= 20);
  const code = `E2E${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  await logInStaff(context, "admin", "Ana Administradora");

  await visit("/gestor/cupons/novo");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Criar cupom" }) });
  await form.getByLabel("Código").fill(code.toLowerCase());
  await form.getByLabel("Desconto (%)").fill("150");
  await form.getByRole("group", { name: "Categorias" }).getByLabel(product.category.title, { exact: true }).check();
  await form.getByRole("button", { name: "Criar cupom" }).click();
  // Refused with its message, and what was typed stays.
  await expect(form.getByText("A porcentagem deve ser um número inteiro de 1 a 100.")).toBeVisible();
  await expect(form.getByLabel("Código")).toHaveValue(code.toLowerCase());
  await expect(
    form.getByRole("group", { name: "Categorias" }).getByLabel(product.category.title, { exact: true }),
  ).toBeChecked();
  await form.getByLabel("Desconto (%)").fill("37");
  await form.getByLabel("Válido até (inclusive)").fill(addDays(todayInBrazil(), 10));
  await form.getByLabel("Limite de usos por cliente (opcional)").fill("1");
  await form.getByRole("button", { name: "Criar cupom" }).click();

  await expect(page.getByRole("heading", { name: `Cupom ${code}` })).toBeVisible();
  const summary = page.getByTestId("coupon-summary");
  await expect(summary).toContainText("Ativo");
  await expect(summary).toContainText(`Categorias: ${product.category.title}`);
  await expect(summary).toContainText("1 por cliente");
  const couponPage = page.url();

  // The shopper's checkout offers it and takes it.
  await checkout(product.itemTOTVS);
  await page.getByRole("button", { name: `Aplicar cupom de 37%: ${code}` }).click();
  await expect(page.getByText(`Cupom já aplicado! CÓDIGO: ${code}`)).toBeVisible();
  await expectAnnounced(page, "Cupom aplicado com sucesso!", { type: "success" });

  // The admin pauses it.
  await page.goto(couponPage);
  await waitForHydration(page, js);
  await page.getByRole("button", { name: "Pausar cupom" }).click();
  await expect(page.getByTestId("coupon-summary")).toContainText("Pausado");
  await expect(page.getByRole("button", { name: "Reativar cupom" })).toBeVisible();

  // The purchase refuses it (spec §8) and the shop offers it no more.
  await visit("/compra");
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expectAnnounced(page, "O cupom presente no carrinho é inválido. Ele será removido do mesmo em sequência", {
    type: "warning",
  });
  await waitForHydration(page, js);
  await expect(page.getByText("Cupom já aplicado!")).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Aplicar cupom de 37%: ${code}` })).toHaveCount(0);

  // Listed in the area with its state.
  await visit(`/gestor/cupons?q=${code}`);
  await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText("Pausado");
});

test("an atendente reads coupons without any form to change them", async ({ page, context, visit }) => {
  await logInStaff(context, "atendimento");
  await visit("/gestor/cupons?q=BEMVINDO10");
  await expect(page.getByRole("link", { name: "Novo cupom" })).toHaveCount(0);
  await page.getByRole("link", { name: "BEMVINDO10" }).click();
  await expect(page.getByRole("heading", { name: "Cupom BEMVINDO10" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Pausar cupom|Salvar cupom/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Usos" })).toBeVisible();
});
