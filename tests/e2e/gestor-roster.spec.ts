import { ROSTER_CSV_COLUMNS } from "#api/gestor/roster/roster-csv.ts";
import { currentPeriodCode } from "#core/dates.ts";
import { rosterCsv, rosterRecords } from "#tests/fixtures/roster-csv.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { waitForHydration } from "./support/pages.ts";
import { withStoreDatabase } from "./support/server-side.ts";

// Alunos matriculados (issue 27; docs/decisions/0059-roster-import.md). A file marks as not
// enrolled the students of its (period, unit) pairs that it lacks: each run imports into a
// far-future period of its own (years 9000–9899, the grades spec uses up to 8999), with one
// grade made for it, and random RAs, so no demo student and no other run is touched.

test("an admin downloads the model, previews a roster with an error, imports the corrected file once, and opens a student", async ({
  page,
  visit,
  context,
  js,
}) => {
  test.slow(); // several page loads and two uploads without JavaScript
  const period = `${9000 + Math.floor(Math.random() * 900)}00`;
  await withStoreDatabase((db) =>
    db
      .insertInto("series")
      .values({
        store_id: 1,
        course: "Ensino Fundamental II",
        grade_name: "6º Ano",
        codgrade: "EF06",
        period_code: period,
        position: 1,
      })
      .onConflict((conflict) => conflict.columns(["store_id", "period_code", "codgrade"]).doNothing())
      .execute(),
  );
  const records = rosterRecords({
    rows: 3,
    seed: Math.floor(Math.random() * 1_000_000),
    periodCode: period,
    firstRa: 40_000_000 + Math.floor(Math.random() * 50_000_000),
    unitCodes: ["3"],
    gradeCodes: ["EF06"],
    // The generator dates births by the period's year: these are children of today.
  }).map((record) => ({ ...record, DTNASCIMENTO: "14/03/2015", TURMA: "B", TURNO: "Manhã" }));

  await logInStaff(context, "admin");
  await visit("/gestor/alunos/importar");
  await expect(page.getByRole("heading", { name: "Importar alunos matriculados (CSV)" })).toBeVisible();
  await expect(page.getByTestId("regra-importacao")).toContainText(
    "apenas nos pares de período e unidade que aparecem no arquivo",
  );
  await expect(page.getByRole("row", { name: /^CODGRADE Sim / })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Baixar o modelo do arquivo (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("alunos-matriculados-modelo.csv");
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const template = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  const [header, example] = template.split(/\r?\n/);
  expect(header).toBe(ROSTER_CSV_COLUMNS.join(";"));
  expect(example).toContain(`;${currentPeriodCode()};EF06;`);

  const upload = async (file: string) => {
    await page.getByLabel("Arquivo CSV (até 12 MB)").setInputFiles({
      name: "alunos.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(file, "utf8"),
    });
    await page.getByRole("button", { name: "Conferir arquivo" }).click();
    await waitForHydration(page, js);
  };

  // The second student's mother with a CPF that is none: that line is wrong, nothing is kept to import.
  await upload(
    rosterCsv(records.map((record, index) => (index === 1 ? { ...record, RESP1_CPF: "111.111.111-11" } : record))),
  );
  await expect(page.getByRole("list", { name: "Erros por linha" }).getByRole("listitem")).toHaveText([
    /^Linha 3, CPF do responsável 1: /,
  ]);
  await expect(page.getByRole("button", { name: "Importar" })).toHaveCount(0);

  await upload(rosterCsv(records));
  await expect(page.getByTestId("previa-resumo")).toHaveText(
    "3 linhas: 3 alunos novos, 0 atualizados, 0 matriculados de novo, 0 sem mudança, 0 marcados como não matriculados.",
  );
  await page.getByRole("button", { name: "Importar" }).click();

  const list = page.getByRole("table", { name: `Alunos do período ${period}` });
  await expect(page).toHaveURL(new RegExp(`/gestor/alunos\\?periodo=${period}$`));
  await expect(list.getByRole("row")).toHaveCount(4);
  await expect(page.getByTestId("announcement")).toHaveText(
    "Importação concluída: 3 alunos novos, 0 atualizados, 0 matriculados de novo, 0 sem mudança, 0 marcados como não matriculados.",
  );
  await waitForHydration(page, js);

  // Found by RA in the list, with the period's status, and opened.
  const student = records[2]!;
  await page.getByLabel("Nome ou RA").fill(student.RA);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(list.getByRole("row")).toHaveCount(2);
  const row = list.getByRole("row", { name: new RegExp(student.NOME) });
  await expect(row).toContainText("EF06 · 6º Ano");
  await expect(row).toContainText("Matriculado(a)");
  await waitForHydration(page, js);
  await row.getByRole("link", { name: student.NOME }).click();

  await expect(page.getByRole("heading", { name: student.NOME, level: 1 })).toBeVisible();
  await expect(page.getByTestId("aluno-dados")).toContainText(student.RA);
  const enrolments = page.getByRole("table", { name: "Matrículas por período" });
  await expect(enrolments.getByRole("row", { name: new RegExp(`^${period} `) })).toContainText("Matriculado(a)");
  await expect(enrolments).toContainText("Manhã");
  const responsibles = page.getByRole("table", { name: "Responsáveis" });
  // Both of the file's responsibles, from the school.
  await expect(responsibles.getByRole("row").filter({ hasText: "Escola (importação)" })).toHaveCount(2);
  await expect(responsibles).toContainText(student.RESP1_NOME);
  // The CPF shows masked only.
  await expect(responsibles).not.toContainText(student.RESP1_CPF);
  await expect(page.getByText("Nenhum cliente vinculado.")).toBeVisible();
});
