import { DELETE_NOT_CONFIRMED } from "#app/features/gestor/carts/cart-forms.ts";
import { UNLINK_REASON_MESSAGES } from "#api/contract/gestor/unlink-reason.ts";
import { expectAnnounced } from "./support/announcements.ts";
import { productsOf } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { expectNoticeThenHome, holdClock, noticeDocument, pauseClock } from "./support/leaving.ts";
import { waitForHydration } from "./support/pages.ts";
import { linkByRa, ownStudentId, saveCart } from "./support/store-api.ts";

// Spec §8's two messages after the gestor's cart actions, now taken in the area (Carrinhos);
// gestor-removals.spec.ts covers the same notice after the command-line tool, mid-payment.
test("Carrinhos: an atendente finds a cart by e-mail, removes an item, then deletes the cart; the customer is told each time", async ({
  page,
  context,
  request,
  logIn,
  visit,
  js,
}) => {
  const [removed, kept] = (await productsOf(request, "papelaria")).filter((p) => p.TIPO === "P" && p.DESCONTO > 0);
  const customer = await logIn();
  await saveCart(request, customer, [
    {
      studentId: await ownStudentId(request, customer),
      cartItems: [
        { itemTOTVSId: removed!.itemTOTVS, quantity: 1 },
        { itemTOTVSId: kept!.itemTOTVS, quantity: 2 },
      ],
    },
  ]);
  await logInStaff(context, "atendimento");

  const staff = await context.newPage();
  await staff.goto("/gestor/carrinhos");
  await waitForHydration(staff, js);
  await staff.getByLabel("Buscar por").selectOption({ label: "E-mail do cliente" });
  await staff.getByLabel("E-mail, CPF ou RA").fill(customer.email);
  await staff.getByRole("button", { name: "Buscar" }).click();
  const cart = staff.getByRole("region", { name: `Carrinho de ${customer.name}` });
  const rows = cart.getByRole("table", { name: `Itens do carrinho de ${customer.name}` }).getByRole("row");
  await expect(rows).toHaveCount(3);
  await cart.getByRole("button", { name: `Remover ${removed!.title}` }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(kept!.title);

  // The customer's next page tells them (spec §8).
  await visit("/faq");
  await expectAnnounced(page, "Alguns itens foram removidos do carrinho pelo gestor.", {
    type: "warning",
    description: `Item removido: ${removed!.title}.`,
  });

  // The customer is on the payment step when the cart is deleted. Deleting asks for the box first.
  await holdClock(page, js);
  await visit("/compra");
  await cart.getByRole("button", { name: "Excluir carrinho" }).click();
  await expect(cart.getByText(DELETE_NOT_CONFIRMED)).toBeVisible();
  await expect(rows).toHaveCount(2);
  await cart.getByRole("checkbox", { name: "Confirmo a exclusão deste carrinho" }).check();
  await cart.getByRole("button", { name: "Excluir carrinho" }).click();
  await expect(staff.getByText("Nenhum carrinho aberto encontrado para esta busca.")).toBeVisible();

  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  const document = js ? null : noticeDocument(page, "/aviso");
  await pauseClock(page, js);
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  await expectNoticeThenHome(page, js, {
    message: "Seu carrinho foi deletado pelo administrador",
    seconds: 2,
    document,
  });
});

test("Clientes: a customer found by CPF, a student unlinked with a reason is gone from the customer's /conta", async ({
  page,
  context,
  request,
  logIn,
  visit,
}) => {
  const customer = await logIn();
  await linkByRa(request, customer, "20250003");
  await logInStaff(context, "admin");

  await visit("/gestor/clientes");
  await page.getByLabel("Nome, e-mail, CPF ou RA").fill(customer.cpf);
  await page.getByRole("button", { name: "Buscar" }).click();
  const found = page.getByRole("table", { name: "Clientes encontrados" });
  await expect(found.getByRole("row")).toHaveCount(2);
  await expect(found).toContainText(customer.email);
  await found.getByRole("link", { name: customer.name }).click();

  await expect(page.getByRole("heading", { name: customer.name, level: 1 })).toBeVisible();
  const students = page.getByRole("table", { name: "Estudantes vinculados" });
  const row = students.getByRole("row").filter({ hasText: "20250003" });
  const studentName = (await row.getByRole("cell").first().textContent())!.trim();
  // The reason is the confirmation: without it nothing happens.
  await row.getByRole("button", { name: "Desvincular estudante" }).click();
  await expect(page.getByText(UNLINK_REASON_MESSAGES.required)).toBeVisible();
  await expect(row).toBeVisible();
  await row.getByLabel(`Motivo para desvincular ${studentName}`).fill("Guarda transferida, pedido da secretaria.");
  await row.getByRole("button", { name: "Desvincular estudante" }).click();
  await expect(page.getByText("Nenhum estudante vinculado.")).toBeVisible();

  await visit("/conta");
  await expect(page.getByText("Nenhum aluno vinculado no momento.", { exact: false })).toBeVisible();
  await expect(page.getByText(studentName)).toHaveCount(0);
});
