/**
 * Issue 30's "Done when", end to end in the browser, with JavaScript on and off: a parent pays by
 * card for a uniform and a notebook for a child and names a person who may pick them up; the
 * unit's secretary separates the bag, marks it ready (the e-mail arrives), hands it over by the
 * pickup code to that person and swaps the uniform's size, the unit's stock moving both ways; the
 * parent's /conta follows every state; a secretary of another unit sees none of it.
 * Only the staff, the test's own products, the child and the cart are made outside the browser.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { newMaskedCpf } from "./support/data.ts";
import { logInStaff } from "./support/gestor.ts";
import { latestMessageTo, messagesTo } from "./support/mailbox.ts";
import { studentInGrade } from "./support/own-material-list.ts";
import { fillFields, waitForHydration } from "./support/pages.ts";
import { withStoreDatabase } from "./support/server-side.ts";
import { ownProduct } from "./support/stock.ts";
import { saveCart } from "./support/store-api.ts";

const CODE = /^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/;
const RECEIVER = "Marta Vizinha Retirada";

/** The parent's /conta, on this sale: the state of the line whose item has this title. */
async function accountLineState(page: Page, js: boolean, saleId: string, studentName: string, title: string) {
  await page.goto(`/conta?compra=${saleId}`);
  await waitForHydration(page, js);
  return page
    .getByRole("region", { name: `Itens de ${studentName}` })
    .getByRole("listitem")
    .filter({ hasText: title });
}

test("a parent's uniform and notebook: separated, ready, handed over to the named person, size swapped", async ({
  page,
  browser,
  request,
  js,
  logIn,
  visit,
}) => {
  // Three people's browsers and some twenty page loads: 45-60 s on the 2-core CI machine.
  test.slow();
  const uniform = await ownProduct({
    type: "P",
    title: "Camisa Jornada",
    sizes: [
      ["M", 3],
      ["G", 2],
    ],
  });
  const notebook = await ownProduct({ type: "P", title: "Caderno Jornada" });
  const unitCode = await withStoreDatabase(async (db) => {
    const product = await db
      .selectFrom("products")
      .select("unit_code")
      .where("item_totvs_id", "=", uniform.itemTOTVSId)
      .executeTakeFirstOrThrow();
    return product.unit_code;
  });

  // The parent, a child of their own in a grade of this test only, and the cart for the child.
  const parent = await logIn();
  const codgrade = `E2E${crypto.randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`;
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  const child = `Estudante Jornada ${letters[0]!.toUpperCase()}${letters.slice(1)}`;
  const studentId = await studentInGrade(request, parent, child, codgrade);
  await saveCart(request, parent, [
    {
      studentId,
      cartItems: [
        { itemTOTVSId: uniform.sizes.M!, quantity: 1 },
        { itemTOTVSId: notebook.itemTOTVSId, quantity: 1 },
      ],
    },
  ]);

  // Paid by card in the checkout.
  await visit("/compra");
  const form = page.getByTestId("payment-form");
  await page.getByLabel("Cartão de Crédito").check();
  await fillFields(form, {
    "Nome impresso no cartão": "Fernanda C Lima",
    "Número do cartão": "4111 1111 1111 1111",
    "Validade (MM / AA)": "05 / 35",
    CVC: "123",
  });
  await page.getByRole("checkbox", { name: "Aceitar Termos de Uso da plataforma." }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  await expect(page.getByTestId("sale-status")).toHaveText("Pago");
  const saleId = new URL(page.url()).searchParams.get("venda")!;
  const codeOnPage = page.getByTestId("pickup-code").getByTestId("pickup-code-value");
  await expect(codeOnPage).toHaveText(CODE);
  const code = (await codeOnPage.textContent())!;

  // /conta: waiting for separation; the parent names who may pick it up.
  let uniformLine = await accountLineState(page, js, saleId, child, uniform.title);
  await expect(uniformLine.getByTestId("line-delivery")).toContainText("Aguardando separação");
  const notebookLine = page
    .getByRole("region", { name: `Itens de ${child}` })
    .getByRole("listitem")
    .filter({ hasText: notebook.title });
  await expect(notebookLine.getByTestId("line-delivery")).toContainText("Aguardando separação");
  const people = page.getByRole("region", { name: "Quem pode retirar" });
  await people.getByLabel("Nome completo").fill(RECEIVER);
  await people.getByLabel("CPF").fill(newMaskedCpf());
  await people.getByRole("button", { name: "Incluir pessoa" }).click();
  await expect(people.getByTestId("pickup-person").filter({ hasText: RECEIVER })).toHaveCount(1);

  // The unit's secretary, in a browser of her own.
  const unit = await browser.newContext({ javaScriptEnabled: js });
  const otherUnit = await browser.newContext({ javaScriptEnabled: js });
  try {
    await logInStaff(unit, "secretaria", "Sandra Secretária Jornada", [unitCode]);
    const staff = await unit.newPage();
    const staffVisit = async (path: string) => {
      await staff.goto(path);
      await waitForHydration(staff, js);
    };
    const filtered = `?codgrade=${codgrade}&turma=A`;

    // Separação: the child's bag, ticked and marked separated.
    await staffVisit(`/gestor/separacao${filtered}`);
    const awaitingBag = staff.getByRole("article", { name: child });
    await expect(awaitingBag).toContainText(code);
    await expect(awaitingBag).toContainText(`1 × ${uniform.title} (Tamanho: M) — Aguardando separação`);
    // A secretary of another unit does not see it in her Separação.
    await logInStaff(otherUnit, "secretaria", "Olívia Outra Unidade", [unitCode === "4" ? "1" : "4"]);
    const other = await otherUnit.newPage();
    await other.goto(`/gestor/separacao${filtered}`);
    await expect(other.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(other.getByText(child)).toHaveCount(0);

    await awaitingBag.getByRole("checkbox", { name: child }).check();
    await staff.getByRole("button", { name: "Marcar como separado", exact: true }).click();
    await expect(staff.getByText("Nenhuma sacola aguardando separação com estes filtros.")).toBeVisible();

    // Prontos: marked ready; the parent is e-mailed the code.
    const mailsBefore = (await messagesTo(parent.email)).length;
    await staffVisit(`/gestor/prontos${filtered}`);
    const separated = staff.getByRole("form", { name: "Sacolas separadas" });
    await expect(separated.getByRole("article", { name: child })).toContainText(
      `1 × ${uniform.title} (Tamanho: M) — Separado`,
    );
    await separated.getByRole("checkbox", { name: child }).check();
    await separated.getByRole("button", { name: "Marcar como pronto para retirada" }).click();
    await expect(
      staff.getByRole("region", { name: /Prontos, esperando retirada/ }).getByRole("article", { name: child }),
    ).toContainText(`1 × ${notebook.title} — Pronto para retirada`);
    const mail = await latestMessageTo(parent.email, { after: mailsBefore });
    expect(mail.subject).toContain("Seu pedido está pronto para retirada");
    expect(mail.text).toContain(`Código de retirada: ${code}`);
    expect(mail.text).toContain(`1 x ${uniform.title} (Tamanho: M)`);
    expect(mail.text).toContain(`1 x ${notebook.title}`);

    uniformLine = await accountLineState(page, js, saleId, child, uniform.title);
    await expect(uniformLine.getByTestId("line-delivery")).toContainText("Pronto para retirada");
    await expect(notebookLine.getByTestId("line-delivery")).toContainText("Pronto para retirada");

    // Ready for pickup: the other unit's secretary neither lists it, nor finds it by its code,
    // nor opens its counter page.
    await other.goto(`/gestor/prontos${filtered}`);
    await expect(other.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(other.getByText(child)).toHaveCount(0);
    await other.goto("/gestor/entrega");
    await waitForHydration(other, js);
    await other.getByLabel("Código de retirada, CPF, RA ou nome").fill(code);
    await other.getByRole("button", { name: "Buscar" }).click();
    await expect(other.getByText("Nenhum pedido pago encontrado para esta busca.")).toBeVisible();
    const counter = await other.goto(`/gestor/entrega/${saleId}`);
    expect(counter?.status()).toBe(404);
    await expect(other.getByText(child)).toHaveCount(0);

    // Entrega: found by the code, handed over to the person the parent named.
    await staffVisit("/gestor/entrega");
    await staff.getByLabel("Código de retirada, CPF, RA ou nome").fill(code);
    await staff.getByRole("button", { name: "Buscar" }).click();
    await expect(staff).toHaveURL(new RegExp(`/gestor/entrega/${saleId}$`));
    await staff
      .getByRole("group", { name: "Quem está retirando" })
      .getByRole("radio", { name: new RegExp(RECEIVER) })
      .check();
    await staff.getByRole("checkbox", { name: `Entregar ${uniform.title} (M)` }).check();
    await staff.getByRole("checkbox", { name: `Entregar ${notebook.title}` }).check();
    await staff.getByRole("button", { name: "Entregar itens marcados" }).click();
    await expect(staff.getByText("Nenhum item desta unidade está pronto para entregar agora.")).toBeVisible();
    const items = staff.getByRole("table", { name: `Itens de ${child}` });
    const uniformRow = items.getByRole("row").filter({ hasText: uniform.title });
    await expect(uniformRow).toContainText(`por ${RECEIVER}`);
    await expect(items.getByRole("row").filter({ hasText: notebook.title })).toContainText(`por ${RECEIVER}`);

    // Troca: M does not fit; G from the unit's shelf, M back to it.
    await uniformRow.getByRole("link", { name: "Trocar tamanho" }).click();
    await staff.getByRole("radio", { name: /^G · 2 na unidade/ }).check();
    await staff.getByRole("button", { name: "Confirmar troca" }).click();
    await expect(staff).toHaveURL(new RegExp(`/gestor/entrega/${saleId}$`));
    await expect(uniformRow).toContainText("Tamanho: G");
    await expect(uniformRow).toContainText(`por ${RECEIVER}`);

    // Estoque: M sold (3 → 2) and given back (3); G handed over instead (2 → 1).
    for (const [size, left, delta] of [
      ["M", "3", "+1"],
      ["G", "1", "-1"],
    ] as const) {
      await staffVisit(`/gestor/estoque/${unitCode}/${uniform.sizes[size]}`);
      await expect(staff.getByTestId("estoque-disponivel")).toHaveText(left);
      const movement = staff
        .getByRole("table", { name: "Histórico de movimentações" })
        .getByRole("row")
        .filter({ hasText: "Tamanho M → G" });
      await expect(movement).toContainText(delta);
      await expect(movement).toContainText("Troca de tamanho na unidade");
    }

    // The parent's /conta: picked up by the named person, and the exchange.
    uniformLine = await accountLineState(page, js, saleId, child, uniform.title);
    await expect(uniformLine.getByTestId("line-delivery")).toContainText(`Retirado por ${RECEIVER}`);
    await expect(uniformLine.getByTestId("line-exchange")).toHaveText("Troca na unidade: Tamanho M → G");
    await expect(notebookLine.getByTestId("line-delivery")).toContainText(`Retirado por ${RECEIVER}`);
  } finally {
    await unit.close();
    await otherUnit.close();
  }
});
