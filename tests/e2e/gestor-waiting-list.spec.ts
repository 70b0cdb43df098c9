/**
 * A full class's waiting list in the gestor's Estoque (issue 28: "the gestor sees and reorders
 * the list"), with JavaScript and without: the line on the class's page, "Subir", "Descer" and
 * "Remover", the order kept after a reload, and a button from a page the line changed behind
 * refused with nothing changed. Each test makes its own full course (tests/e2e/support/stock.ts).
 */
import type { Page } from "@playwright/test";
import { addWaitingListEntries } from "#api/stock/waiting-list.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { waitForHydration } from "./support/pages.ts";
import { withStoreDatabase } from "./support/server-side.ts";
import { ownProduct } from "./support/stock.ts";

const STORE = 1;

/** A full class with three parents in line (their e-mails first first); its Estoque page. */
async function fullClassWithLine() {
  const course = await ownProduct({ type: "S", title: "Curso Espera Gestor", seats: { capacity: 4, available: 0 } });
  const run = crypto.randomUUID().slice(0, 8);
  const emails = ["ana", "bruno", "carla"].map((name) => `${name}.${run}@exemplo.com.br`);
  const unitCode = await withStoreDatabase(async (db) => {
    const { unit_code } = await db
      .selectFrom("products")
      .select("unit_code")
      .where("item_totvs_id", "=", course.itemTOTVSId)
      .executeTakeFirstOrThrow();
    await addWaitingListEntries(
      db,
      { storeId: STORE, unitCode: unit_code, itemTotvsId: course.itemTOTVSId },
      emails.map((email) => ({ email })),
      { at: new Date().toISOString(), storefrontUrl: "http://127.0.0.1" },
    );
    return unit_code;
  });
  return { emails, unitCode, path: `/gestor/estoque/${unitCode}/${course.itemTOTVSId}` };
}

const lineTable = (page: Page) => page.getByRole("table", { name: "Lista de espera" });

/** The line as the page shows it: "1º ana…", first first. */
async function expectLine(page: Page, emails: string[]) {
  const rows = lineTable(page).getByTestId("lista-de-espera-linha");
  await expect(rows).toHaveCount(emails.length);
  for (const [index, email] of emails.entries()) {
    await expect(rows.nth(index).getByRole("cell").nth(0)).toHaveText(`${index + 1}º`);
    await expect(rows.nth(index).getByRole("cell").nth(1)).toHaveText(email);
  }
  await expect(page.getByTestId("lista-de-espera-total")).toHaveText(`${emails.length} na lista de espera`);
}

test("an admin reorders a full class's waiting list and removes a parent; the order stays after a reload", async ({
  page,
  context,
  visit,
  js,
}) => {
  const { emails, path } = await fullClassWithLine();
  const [ana, bruno, carla] = emails as [string, string, string];
  await logInStaff(context, "admin", "Ana Lista");

  await visit(path);
  await expect(page.getByRole("heading", { name: "Lista de espera" })).toBeVisible();
  await expectLine(page, [ana, bruno, carla]);
  // The first has nowhere to go up, the last nowhere down.
  await expect(page.getByRole("button", { name: `Subir ${ana}` })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Descer ${carla}` })).toHaveCount(0);

  await page.getByRole("button", { name: `Subir ${carla}` }).click();
  await expectLine(page, [ana, carla, bruno]);
  await waitForHydration(page, js);
  await page.getByRole("button", { name: `Descer ${ana}` }).click();
  await expectLine(page, [carla, ana, bruno]);
  await waitForHydration(page, js);
  await page.getByRole("button", { name: `Remover ${bruno} da lista de espera` }).click();
  await expectLine(page, [carla, ana]);

  await page.reload();
  await waitForHydration(page, js);
  await expectLine(page, [carla, ana]);
});

test("a button from a page the line changed behind is refused, nothing changed", async ({
  page,
  context,
  visit,
  js,
}) => {
  const { emails, unitCode, path } = await fullClassWithLine();
  const [ana, bruno, carla] = emails as [string, string, string];
  await logInStaff(context, "secretaria", "Bia Lista", [unitCode]);
  await visit(path);
  await expectLine(page, [ana, bruno, carla]);

  // Another tab moves Carla above Bruno.
  const otherTab = await context.newPage();
  await otherTab.goto(path);
  await waitForHydration(otherTab, js);
  await otherTab.getByRole("button", { name: `Subir ${carla}` }).click();
  await expectLine(otherTab, [ana, carla, bruno]);
  await otherTab.close();

  // This page still shows Bruno second: moving him up would pass Carla unseen.
  await page.getByRole("button", { name: `Subir ${bruno}` }).click();
  await expect(page.getByRole("alert").filter({ hasText: "A lista de espera mudou enquanto você a via" })).toHaveText(
    "A lista de espera mudou enquanto você a via. Nada foi alterado; confira a ordem atual e tente de novo.",
  );
  // The page now shows the line as it is, with JavaScript too.
  await expectLine(page, [ana, carla, bruno]);
  // Opened again (not reloaded: without JavaScript that would send the form again).
  await visit(path);
  await expectLine(page, [ana, carla, bruno]);
});
