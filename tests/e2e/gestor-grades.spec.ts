import type { Page } from "@playwright/test";
import { currentPeriodCode } from "#core/dates.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { waitForHydration } from "./support/pages.ts";

// The gestor's Séries (issue 27; docs/decisions/0058-grades-of-each-school-period.md). The four
// projects share one server and other specs rely on the demo period's grades: each run works in
// a far-future period of its own (an even year, so the next one, the copy's target, is no other
// run's), and the one grade it adds to the current period has its own code and is removed.

const codesIn = (page: Page, period: string) =>
  page
    .getByRole("table", { name: `Séries do período ${period}, na ordem da loja` })
    .locator("tbody tr td:nth-child(2)");

async function addGrade(page: Page, js: boolean, codgrade: string, name: string) {
  await page.getByLabel("Código (CODGRADE)").fill(codgrade);
  await page.getByLabel("Curso (CURSO)").fill("Ensino Fundamental II");
  await page.getByLabel("Série (HABILITACAO)").fill(name);
  await page.getByRole("button", { name: "Adicionar série" }).click();
  await waitForHydration(page, js);
}

test("an admin adds grades to a new period, reorders them, copies the period, imports a CSV, and a grade of the current period shows on /compra-rapida at once", async ({
  page,
  context,
  visit,
  js,
}) => {
  test.slow(); // a dozen page loads without JavaScript
  const year = 3000 + 2 * Math.floor(Math.random() * 3000);
  const period = `${year}00`;
  const next = `${year + 1}00`;
  const current = currentPeriodCode();
  const code = `Z${Math.floor(Math.random() * 1_000_000)}`;
  const shopName = `6º Ano Teste ${code}`;

  await logInStaff(context, "admin");
  await visit(`/gestor/series?periodo=${period}`);
  await expect(page.getByRole("heading", { name: `Séries do período ${period}` })).toBeVisible();
  await expect(page.getByText(`O período ${period} não tem séries.`)).toBeVisible();

  await addGrade(page, js, "T1", "Série Um");
  await expect(codesIn(page, period)).toHaveText(["T1"]);
  await addGrade(page, js, "T2", "Série Dois");
  await expect(codesIn(page, period)).toHaveText(["T1", "T2"]);
  // A code the period has: refused, with what was typed kept.
  await addGrade(page, js, "T1", "Série Repetida");
  await expect(page.getByRole("alert").filter({ hasText: `Já existe a série T1 no período ${period}.` })).toBeVisible();
  await expect(page.getByLabel("Série (HABILITACAO)")).toHaveValue("Série Repetida");
  await expect(codesIn(page, period)).toHaveText(["T1", "T2"]);

  await page.getByRole("button", { name: "Subir Série Dois (T2)" }).click();
  await expect(codesIn(page, period)).toHaveText(["T2", "T1"]);
  await waitForHydration(page, js);

  await page.getByRole("button", { name: `Copiar para ${next}` }).click();
  await expect(page).toHaveURL(new RegExp(`/gestor/series\\?periodo=${next}$`));
  await expect(codesIn(page, next)).toHaveText(["T2", "T1"]);
  await waitForHydration(page, js);

  // The import: a bad row first (nothing written), then the corrected file.
  const header = "CODPERLET;CODGRADE;CURSO;HABILITACAO;ORDEM";
  const upload = async (rows: string[]) => {
    await visit("/gestor/series/importar");
    await page.getByLabel("Arquivo CSV (até 64 KB)").setInputFiles({
      name: "series.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`\uFEFF${[header, ...rows].join("\r\n")}\r\n`, "utf8"),
    });
    await page.getByRole("button", { name: "Conferir arquivo" }).click();
    await waitForHydration(page, js);
  };
  const newRow = `${next};T3;Ensino Fundamental II;Série Três;`;
  const currentRow = `${current};${code};Ensino Fundamental II;${shopName};`;
  await upload([newRow, `${next};;Ensino Fundamental II;Sem código;`]);
  await expect(page.getByRole("list", { name: "Erros por linha" }).getByRole("listitem")).toHaveText([
    "Linha 3, CODGRADE: Informe o código da série (CODGRADE).",
  ]);
  await expect(page.getByRole("button", { name: "Importar" })).toHaveCount(0);

  await upload([newRow, currentRow, `${next};T1;Ensino Fundamental II;Série Um;`]);
  await expect(page.getByTestId("previa-resumo")).toHaveText("2 a criar, 0 a atualizar, 1 sem mudança.");
  await page.getByRole("button", { name: "Importar" }).click();
  await expect(page).toHaveURL(/\/gestor\/series$/);
  await expect(codesIn(page, current)).toContainText([code]);
  await visit(`/gestor/series?periodo=${next}`);
  await expect(codesIn(page, next)).toHaveText(["T2", "T1", "T3"]);

  // The storefront reads the grades fresh: the new grade of the current period is there now.
  const grade = page.getByRole("group", { name: "Ensino Fundamental" }).getByRole("checkbox", { name: shopName });
  await visit("/compra-rapida");
  await expect(grade).toBeVisible();

  // Removed again (no product uses it), so the other specs' grade list is the demo's.
  await visit(`/gestor/series?periodo=${current}`);
  await page.getByRole("link", { name: `Editar ${shopName} (${code})` }).click();
  await waitForHydration(page, js);
  await page.getByRole("button", { name: "Remover série" }).click();
  await expect(page).toHaveURL(new RegExp(`/gestor/series\\?periodo=${current}$`));
  await expect(codesIn(page, current)).not.toContainText([code]);
  await visit("/compra-rapida");
  await expect(page.getByRole("group", { name: "Ensino Fundamental" })).toBeVisible();
  await expect(grade).toHaveCount(0);
});
