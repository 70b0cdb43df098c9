import { currentPeriodCode } from "#core/dates.ts";
import { rosterCsv, rosterRecords } from "#tests/fixtures/roster-csv.ts";
import { chosenStudent, fillRaLink, linkModal } from "./support/cart.ts";
import { findProduct, productPath } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";
import { dialogReady, waitForHydration } from "./support/pages.ts";
import { withStoreDatabase } from "./support/server-side.ts";

// Issue 27's "done when": a school opens the bundled store with its own students. An admin
// imports the roster; a parent then links a student of that file by RA and birth date and sees
// the student's grade. Each run has a unit of its own (a file marks as not enrolled the missing
// students of its (period, unit) pairs: docs/decisions/0059), in this school year's grades.

const GRADE = "6º Ano · Ensino Fundamental II · Turma B · Manhã";

test("an admin imports the school's roster; a parent links a student of it by RA and birth date and sees the grade", async ({
  page,
  visit,
  context,
  request,
  js,
  logIn,
}) => {
  test.slow(); // an upload, an import and a link, each a server round trip without JavaScript
  const unitCode = String(1000 + Math.floor(Math.random() * 9000));
  await withStoreDatabase((db) =>
    db
      .insertInto("school_units")
      .values({
        store_id: 1,
        code: unitCode,
        name: `Colégio Saber Teste ${unitCode}`,
        address: "Rua do Teste, 1, Boa Viagem",
        city: "Recife - PE",
        phone: "(81) 3034-9999",
        email: `teste${unitCode}@lojaescolar.com.br`,
        pickup_hours: null,
        active: 0,
        position: 1000,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .onConflict((conflict) => conflict.columns(["store_id", "code"]).doNothing())
      .execute(),
  );
  const period = currentPeriodCode();
  const records = rosterRecords({
    rows: 2,
    seed: Math.floor(Math.random() * 1_000_000),
    periodCode: period,
    firstRa: 50_000_000 + Math.floor(Math.random() * 40_000_000),
    unitCodes: [unitCode],
    gradeCodes: ["EF06"],
  }).map((record) => ({ ...record, DTNASCIMENTO: "14/03/2015", TURMA: "B", TURNO: "Manhã" }));
  const student = records[1]!;

  // The school's secretary of the network imports the file.
  await logInStaff(context, "admin");
  await visit("/gestor/alunos/importar");
  await page.getByLabel("Arquivo CSV (até 12 MB)").setInputFiles({
    name: "alunos-matriculados.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(rosterCsv(records), "utf8"),
  });
  await page.getByRole("button", { name: "Conferir arquivo" }).click();
  await expect(page.getByTestId("previa-resumo")).toHaveText(
    "2 linhas: 2 alunos novos, 0 atualizados, 0 matriculados de novo, 0 sem mudança, 0 marcados como não matriculados.",
  );
  await waitForHydration(page, js);
  await page.getByRole("button", { name: "Importar" }).click();
  const list = page.getByRole("table", { name: `Alunos do período ${period}` });
  await page.getByLabel("Nome ou RA").fill(student.RA);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(list.getByRole("row", { name: new RegExp(student.NOME) })).toContainText("Matriculado(a)");

  // A parent of that student, with an account of their own, links the student from the shop.
  await logIn();
  const product = await findProduct(request, (p) => p.TIPO === "P");
  await visit(`${productPath(product)}?vinculo=adicionar`);
  const modal = await dialogReady(linkModal(page), js);
  await fillRaLink(modal, student.RA, { birthDate: "2015-03-14" });
  await modal.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(chosenStudent(modal)).toContainText(`RA: ${student.RA}`);
  await expect(chosenStudent(modal)).toContainText(GRADE);

  await visit("/conta");
  const card = page.getByTestId("account-student-card").filter({ hasText: `RA: ${student.RA}` });
  await expect(card).toContainText(student.NOME);
  await expect(card).toContainText(GRADE);
});
