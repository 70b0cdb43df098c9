import { describe, expect, it } from "vitest";
import { ROSTER_CSV_TOO_LARGE, ROSTER_STUDENT_NOT_FOUND } from "../../contract/gestor/roster.ts";
import { linkByRA } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { rosterCsv, rosterRecords } from "#tests/fixtures/roster-csv.ts";
import { gestorTestApiForFile } from "#tests/fixtures/staff.ts";
import { readRosterCsv, ROSTER_CSV_COLUMNS } from "./roster-csv.ts";
import { UPLOAD_MESSAGES } from "./roster-uploads.ts";

const { t, admin, atendimento } = gestorTestApiForFile(["admin", "atendimento"], {
  now: new Date("2026-03-10T12:00:00.000Z"),
});

const csv = rosterCsv(rosterRecords({ rows: 3, seed: 11, unitCodes: ["13"], gradeCodes: ["EF03"] }));
const preview = (token: string | undefined, body: Record<string, unknown>) =>
  t.call("POST", "/gestor/roster/import/preview", { storeId: 1, ...body }, { token });

describe("gestor roster calls", () => {
  it("previews and imports a file for an admin, and refuses the same upload twice", async () => {
    const previewed = await preview(admin.token, { csv, fileName: "unidade-13.csv" });
    expect(previewed.status).toBe(200);
    expect(previewed.body).toMatchObject({ fileName: "unidade-13.csv", rowCount: 3, errorCount: 0 });
    const { id, sha256 } = previewed.body.upload;

    const body = { storeId: 1, uploadId: id, sha256 };
    const imported = await t.call("POST", "/gestor/roster/import", body, { token: admin.token });
    expect([imported.status, imported.body.counts.created]).toEqual([200, 3]);
    const again = await t.call("POST", "/gestor/roster/import", body, { token: admin.token });
    expect([again.status, again.body.error?.message]).toEqual([409, UPLOAD_MESSAGES.applied]);
  });

  it("answers every error of a wrong file in the preview, and keeps nothing to import", async () => {
    const wrong = csv.replace(/;EF03;/, ";EF99;");
    const previewed = await preview(admin.token, { csv: wrong });
    expect(previewed.body.upload).toBeNull();
    expect(previewed.body.errors.map((error: { text: string }) => error.text)).toEqual([
      "Linha 2, série: Série não cadastrada em Séries para o período 202600.",
    ]);
  });

  it("is for admins only", async () => {
    expect((await preview(undefined, { csv })).status).toBe(401);
    expect((await preview(atendimento.token, { csv })).status).toBe(403);
    const template = await t.call("GET", "/gestor/roster/template?storeId=1", undefined, { token: atendimento.token });
    expect(template.status).toBe(403);
  });

  it("refuses a file over 12 MB with the reason", async () => {
    const large = await preview(admin.token, { csv: "x".repeat(12 * 1024 * 1024 + 1) });
    expect([large.status, large.body.error?.message]).toEqual([400, ROSTER_CSV_TOO_LARGE]);
  });

  it("downloads a model of the file for this school period", async () => {
    const template = await t.call("GET", "/gestor/roster/template?storeId=1", undefined, { token: admin.token });
    expect(template.status).toBe(200);
    const text = String(template.body);
    expect(text).toContain(ROSTER_CSV_COLUMNS.join(";"));
    expect(readRosterCsv(text).rows[0]?.row.enrolment.CODPERLET).toBe("202600");
  });
});

describe("the roster's list and student page", () => {
  const importFile = async (records: ReturnType<typeof rosterRecords>) => {
    const previewed = await preview(admin.token, { csv: rosterCsv(records) });
    expect(previewed.body.errorCount).toBe(0);
    const { id, sha256 } = previewed.body.upload;
    const imported = await t.call(
      "POST",
      "/gestor/roster/import",
      { storeId: 1, uploadId: id, sha256 },
      { token: admin.token },
    );
    expect(imported.status).toBe(200);
    return imported.body.counts;
  };
  const list = (query: string, token = admin.token) =>
    t.call("GET", `/gestor/roster/students?storeId=1&${query}`, undefined, { token });

  it("lists a period's students with their status there, filtered, and marks the ones a new file lacks", async () => {
    const records = rosterRecords({ rows: 3, seed: 5, unitCodes: ["6"], gradeCodes: ["EF05"], firstRa: 31_000_000 });
    await importFile(records);
    const unitSix = await list("unidade=6&serie=EF05");
    expect(unitSix.status).toBe(200);
    expect(unitSix.body).toMatchObject({ CODPERLET: "202600", total: 3, page: 1, pageCount: 1 });
    expect(unitSix.body.rows.map((row: { RA: string }) => row.RA).sort()).toEqual(records.map((r) => r.RA).sort());
    expect(unitSix.body.rows[0]).toMatchObject({ CODCOLIGADA: "6", codgrade: "EF05", enrolled: true });
    expect(unitSix.body.rows[0].gradeName).toBe("5º Ano");

    const byRa = await list(`q=${records[1]!.RA}`);
    expect(byRa.body.rows.map((row: { nome: string }) => row.nome)).toEqual([records[1]!.NOME]);

    // The school's next file for unit 6 (no demo student) lacks the first student: marked, not deleted.
    expect((await importFile(records.slice(1))).notEnrolled).toBe(1);
    const missing = await list("unidade=6&naoMatriculados=1");
    expect(missing.body.rows.map((row: { RA: string; enrolled: boolean }) => [row.RA, row.enrolled])).toEqual([
      [records[0]!.RA, false],
    ]);
    expect((await list("unidade=6&serie=EF05")).body.total).toBe(3);
    // Another period lists none of them.
    expect((await list("periodo=202700&unidade=6")).body.total).toBe(0);
  });

  it("refuses filters that are no filter with the reason", async () => {
    const wrong = await list("periodo=2026");
    expect([wrong.status, wrong.body.error?.message]).toEqual([
      400,
      "Período letivo inválido: use o ano seguido de 00, como 202600.",
    ]);
  });

  it("shows one student with a masked CPF, enrolments, responsibles by origin and linked customers", async () => {
    const parent = await signUpAndLogIn(t, { name: "Roster Responsável" });
    const { studentId } = await linkByRA(t, parent, "20250001");
    const page = await t.call("GET", `/gestor/roster/students/${studentId}?storeId=1`, undefined, {
      token: admin.token,
    });
    expect(page.status).toBe(200);
    expect(page.body.student).toMatchObject({ RA: "20250001", nome: "Lucas Albuquerque Souza" });
    expect(page.body.enrolments[0]).toMatchObject({ CODPERLET: "202600", CODCOLIGADA: "1", deletedAt: null });
    expect(page.body.responsibles.length).toBeGreaterThan(0);
    for (const responsible of page.body.responsibles) {
      expect(responsible.source).toBe("escola");
      expect(responsible.cpf).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    }
    // The demo's parent and the one who linked the student now.
    expect(page.body.customers).toHaveLength(2);
    expect(page.body.customers).toContainEqual({
      id: parent.id,
      name: "Roster Responsável",
      email: parent.email,
      linkedAt: expect.any(String),
    });

    const unknown = await t.call("GET", `/gestor/roster/students/${crypto.randomUUID()}?storeId=1`, undefined, {
      token: admin.token,
    });
    expect([unknown.status, unknown.body.error?.message]).toEqual([404, ROSTER_STUDENT_NOT_FOUND]);
    const refused = await t.call("GET", `/gestor/roster/students/${studentId}?storeId=1`, undefined, {
      token: atendimento.token,
    });
    expect(refused.status).toBe(403);
    expect((await list("", atendimento.token)).status).toBe(403);
  });
});
