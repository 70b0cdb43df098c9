import { beforeAll, describe, expect, it } from "vitest";
import { ROSTER_STUDENT_NOT_FOUND } from "#api/contract/gestor/roster.ts";
import { ROSTER_CSV_COLUMNS } from "#api/gestor/roster/roster-csv.ts";
import { UPLOAD_MESSAGES } from "#api/gestor/roster/roster-uploads.ts";
import {
  actionReply,
  gestorGet,
  gestorTestStoreForFile,
  gestorUpload,
  locationOf,
  loginFor,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { rosterCsv, rosterRecords } from "#tests/fixtures/roster-csv.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { rosterImportAction, rosterListPage, rosterStudentPage, rosterTemplate } from "./roster.server.ts";

// A far-future period of its own, with one grade, so no demo student is marked not enrolled.
const PERIOD = "209100";

const { store, admin, atendimento: atendente } = gestorTestStoreForFile(["admin", "atendimento"]);
beforeAll(async () => {
  await store.db
    .insertInto("series")
    .values({
      store_id: 1,
      course: "Ensino Fundamental II",
      grade_name: "6º Ano",
      codgrade: "EF06",
      period_code: PERIOD,
      position: 1,
    })
    .execute();
});

// The generator dates births by the period's year: a far-future period needs a birth date of today's past.
const records = rosterRecords({ rows: 2, seed: 3, periodCode: PERIOD, unitCodes: ["1"], gradeCodes: ["EF06"] }).map(
  (record) => ({ ...record, DTNASCIMENTO: "14/03/2015" }),
);
const upload = (fields: Record<string, string | File>, cookie = admin.cookie) => {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.append(key, value);
  return rosterImportAction(gestorUpload(cookie, formData, GESTOR_PATHS.rosterImport)).then(actionReply);
};
const csvFile = (csv: string) => new File([csv], "alunos.csv", { type: "text/csv" });
const listPath = `${GESTOR_PATHS.roster}?periodo=${PERIOD}`;

describe("Alunos matriculados", () => {
  it("sends a visitor to the login and refuses atendimento", async () => {
    expect(locationOf(await thrownBy(rosterListPage(gestorGet(null, listPath))))).toBe(loginFor(listPath));
    expect((await thrownBy(rosterListPage(gestorGet(atendente.cookie, listPath))))?.status).toBe(403);
    const refused = await thrownBy(upload({ intent: "preview", arquivo: csvFile("x") }, atendente.cookie));
    expect(refused?.status).toBe(403);
  });

  it("previews a file with its errors in Portuguese, imports the corrected one once, and lists it", async () => {
    expect((await upload({ intent: "preview" })).data).toEqual({ step: "refused", message: "Escolha o arquivo CSV." });

    const wrong = [{ ...records[0]!, DTNASCIMENTO: "31/02/2015" }, records[1]!];
    const flawed = await upload({ intent: "preview", arquivo: csvFile(rosterCsv(wrong)) });
    expect(flawed.data.report).toMatchObject({ errorCount: 1, upload: null });
    expect(flawed.data.report.errors[0].text).toMatch(/^Linha 2, data de nascimento: /);

    const good = await upload({ intent: "preview", arquivo: csvFile(rosterCsv(records)) });
    expect(good.data.report).toMatchObject({ errorCount: 0, counts: { created: 2 } });
    expect((await rosterListPage(gestorGet(admin.cookie, listPath))).list?.total).toBe(0);

    const fields = { intent: "import", uploadId: good.data.report.upload.id, sha256: good.data.report.upload.sha256 };
    const imported = await upload(fields);
    expect(locationOf(imported.response)).toBe(listPath);
    expect((await toastOf(imported.response!))?.message).toBe(
      "Importação concluída: 2 alunos novos, 0 atualizados, 0 matriculados de novo, 0 sem mudança, 0 marcados como não matriculados.",
    );
    // A second click, or the form sent again from another tab: refused, nothing written twice.
    expect((await upload(fields)).data).toEqual({ step: "refused", message: UPLOAD_MESSAGES.applied });

    const page = await rosterListPage(gestorGet(admin.cookie, listPath));
    expect(page.list?.rows.map((row) => row.RA).sort()).toEqual(records.map((record) => record.RA).sort());
    expect(page.gradeChoices).toEqual([{ value: "EF06", label: "EF06 · 6º Ano" }]);
    expect(page.periodChoices).toContain(PERIOD);
  });

  it("shows a wrong filter's message instead of the list", async () => {
    const page = await rosterListPage(gestorGet(admin.cookie, `${GESTOR_PATHS.roster}?periodo=2091`));
    expect(page.list).toBeNull();
    expect(page.filterError).toBe("Período letivo inválido: use o ano seguido de 00, como 202600.");
  });

  it("opens a student's page, and answers 404 for an unknown one", async () => {
    const { rows } = (await rosterListPage(gestorGet(admin.cookie, `${listPath}&q=${records[0]!.RA}`))).list!;
    const path = GESTOR_PATHS.rosterStudent(rows[0]!.id);
    const page = await rosterStudentPage(gestorGet(admin.cookie, path), rows[0]!.id);
    expect(page.student.nome).toBe(records[0]!.NOME);
    expect(page.enrolments).toMatchObject([{ CODPERLET: PERIOD, codgrade: "EF06", gradeName: "6º Ano" }]);
    expect(page.responsibles.map((person) => [person.nome, person.source])).toEqual([
      [records[0]!.RESP1_NOME, "escola"],
      [records[0]!.RESP2_NOME, "escola"],
    ]);
    const id = crypto.randomUUID();
    const missing = await thrownBy(rosterStudentPage(gestorGet(admin.cookie, GESTOR_PATHS.rosterStudent(id)), id));
    expect([missing?.init?.status, missing?.data]).toEqual([404, ROSTER_STUDENT_NOT_FOUND]);
  });

  it("downloads the file's model", async () => {
    const download = await rosterTemplate(gestorGet(admin.cookie, GESTOR_PATHS.rosterTemplate));
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="alunos-matriculados-modelo.csv"');
    expect(await download.text()).toContain(ROSTER_CSV_COLUMNS.join(";"));
  });
});
