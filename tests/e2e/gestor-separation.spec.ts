import { newPickupCode } from "#api/delivery/pickup-code.ts";
import { currentPeriodCode } from "#core/dates.ts";
import { formatPickupCode } from "#core/delivery.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { apiCustomer } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { latestMessageTo, messagesTo } from "./support/mailbox.ts";
import { studentInGrade } from "./support/own-material-list.ts";
import { withStoreDatabase } from "./support/server-side.ts";

// Separação and Prontos (issue 30; docs/decisions/0075): unit 1's secretary finds a paid bag by
// its grade and class, prints its picking list, separates it and marks it ready; the family is
// e-mailed the unit's address, hours, code and items; unit 4's secretary sees none of it.

test("a unit's secretary separates, prints and marks a bag ready; the family is e-mailed", async ({
  page,
  browser,
  context,
  request,
  visit,
  js,
}) => {
  const customer = await apiCustomer(request);
  // A grade code of its own, so the filtered list holds only this test's bag.
  const codgrade = `E2E${crypto.randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`;
  // A name of letters only (the registration's rule), unique to this test.
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  const studentName = `Estudante Separação ${letters[0]!.toUpperCase()}${letters.slice(1)}`;
  const studentId = await studentInGrade(request, customer, studentName, codgrade);
  const uniform = `Camiseta ${codgrade}`;
  const notebook = `Caderno ${codgrade}`;
  const { bagId, pickupCode, unitOne } = await withStoreDatabase(async (db) => {
    // The grade in the period's Séries, as a real student's is: the grade filter offers it.
    await db
      .insertInto("series")
      .values({
        store_id: 1,
        course: "Ensino Fundamental II",
        grade_name: `Série ${codgrade}`,
        codgrade,
        period_code: currentPeriodCode(),
        position: 999,
      })
      .execute();
    const saleId = await insertSale(db, {
      customer_id: customer.id,
      status: "paid",
      paid_at: new Date().toISOString(),
      created_at: new Date().toISOString(),
      bags: [
        {
          student_name: studentName,
          items: [
            { title: uniform, quantity: 1, unit_price_cents: 6000, option_name: "Tamanho", option_value: "M" },
            { title: notebook, quantity: 2, unit_price_cents: 2500, item_totvs_id: 9001 },
          ],
        },
      ],
    });
    const bag = await db.selectFrom("sale_bags").select("id").where("sale_id", "=", saleId).executeTakeFirstOrThrow();
    await db.updateTable("sale_bags").set({ student_id: studentId }).where("id", "=", bag.id).execute();
    // The code the sale's creation gives (the fixture writes the sale as the database keeps it).
    await db
      .updateTable("sales")
      .set({ pickup_code: await newPickupCode(db, 1) })
      .where("id", "=", saleId)
      .execute();
    const sale = await db.selectFrom("sales").select("pickup_code").where("id", "=", saleId).executeTakeFirstOrThrow();
    const unit = await db
      .selectFrom("school_units")
      .select(["name", "address", "pickup_hours"])
      .where("code", "=", "1")
      .executeTakeFirstOrThrow();
    return { bagId: bag.id, pickupCode: sale.pickup_code!, unitOne: unit };
  });
  const code = formatPickupCode(pickupCode);
  const filtered = `?codgrade=${codgrade}&turma=A`;

  await logInStaff(context, "secretaria", "Sara Secretária", ["1"]);
  await visit("/gestor");
  const menu = page.getByRole("navigation", { name: "Área do gestor" });
  await expect(menu.getByRole("link", { name: "Separação" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Prontos" })).toBeVisible();
  // The Painel's count links to the unit's list.
  await expect(
    page.getByRole("region", { name: unitOne.name }).getByRole("link", { name: /^Aguardando separação \d+ sacolas?$/ }),
  ).toHaveAttribute("href", "/gestor/separacao?unitCode=1");

  // The grade filter is a choice of the period's grades; the GET form writes the address.
  await visit("/gestor/separacao");
  await page.getByRole("combobox", { name: "Série", exact: true }).selectOption(codgrade);
  await page.getByRole("textbox", { name: "Turma", exact: true }).fill("A");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(new RegExp(`codgrade=${codgrade}&turma=A`));
  const bag = page.getByTestId("delivery-bag").filter({ hasText: studentName });
  await expect(bag).toContainText(code);
  await expect(bag).toContainText(`1 × ${uniform} (Tamanho: M) — Aguardando separação`);
  await expect(bag).toContainText(`2 × ${notebook} — Aguardando separação`);

  // The picking list of the ticked bag: one sheet, a box per item.
  await bag.getByRole("checkbox", { name: studentName }).check();
  await page.getByRole("button", { name: "Imprimir lista de separação" }).click();
  const sheet = page.getByTestId("picking-sheet");
  await expect(sheet).toHaveCount(1);
  await expect(sheet.getByRole("heading", { name: studentName })).toBeVisible();
  await expect(sheet).toContainText(code);
  await expect(sheet.getByTestId("picking-line")).toHaveCount(2);
  await expect(sheet.getByTestId("picking-line").filter({ hasText: uniform })).toContainText("☐1");
  await expect(page.getByRole("button", { name: "Imprimir" })).toHaveCount(js ? 1 : 0);
  await visit(`/gestor/separacao/etiquetas?sacolas=${bagId}`);
  await expect(page.getByTestId("bag-label")).toContainText(`${studentName}`);
  await expect(page.getByTestId("bag-label")).toContainText("3 itens");

  // The whole class marked separated with its own button (no checkbox needed).
  await visit(`/gestor/separacao${filtered}`);
  await page.getByRole("button", { name: /^Marcar todas da turma como separadas/ }).click();
  await expect(page.getByText("Nenhuma sacola aguardando separação com estes filtros.")).toBeVisible();
  await visit(`/gestor/separacao${filtered}&state=separated`);
  await expect(page.getByTestId("delivery-bag").filter({ hasText: studentName })).toContainText(
    `1 × ${uniform} (Tamanho: M) — Separado`,
  );

  // Prontos: marked ready, the family is told.
  const before = (await messagesTo(customer.email)).length;
  await visit(`/gestor/prontos${filtered}`);
  const separated = page.getByRole("form", { name: "Sacolas separadas" });
  await separated.getByRole("checkbox", { name: studentName }).check();
  await separated.getByRole("button", { name: "Marcar como pronto para retirada" }).click();
  const waiting = page.getByRole("region", { name: /Prontos, esperando retirada/ });
  await expect(waiting.getByTestId("delivery-bag").filter({ hasText: studentName })).toContainText("Pronto desde hoje");
  await expect(page.getByText("Nenhuma sacola separada esperando ser marcada como pronta.")).toBeVisible();

  const mail = await latestMessageTo(customer.email, { after: before });
  expect(mail.subject).toContain("Seu pedido está pronto para retirada");
  expect(mail.text).toContain(unitOne.name);
  expect(mail.text).toContain(unitOne.address);
  expect(mail.text).toContain(unitOne.pickup_hours ?? "consulte a secretaria da unidade");
  expect(mail.text).toContain(`Código de retirada: ${code}`);
  expect(mail.text).toContain(`1 x ${uniform} (Tamanho: M)`);
  expect(mail.text).toContain(`2 x ${notebook}`);
  expect(mail.text).toContain(studentName);

  // Unit 4's secretary: nothing of it, on the lists or the print page.
  const other = await browser.newContext({ javaScriptEnabled: js });
  try {
    await logInStaff(other, "secretaria", "Olga Outra Unidade", ["4"]);
    const otherPage = await other.newPage();
    for (const path of [
      `/gestor/separacao${filtered}`,
      `/gestor/separacao${filtered}&state=separated`,
      `/gestor/prontos${filtered}`,
    ]) {
      await otherPage.goto(path);
      await expect(otherPage.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(otherPage.getByText(studentName)).toHaveCount(0);
    }
    await otherPage.goto(`/gestor/separacao/imprimir?sacolas=${bagId}`);
    await expect(otherPage.getByRole("alert")).toContainText("Nenhuma sacola escolhida");
    await expect(otherPage.getByText(studentName)).toHaveCount(0);
  } finally {
    await other.close();
  }
});
