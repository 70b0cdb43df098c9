import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROSTER_CSV_TOO_LARGE } from "../../contract/gestor/roster.ts";
import { rosterCsv, rosterRecords } from "#tests/fixtures/roster-csv.ts";
import { createTestStaff, type TestStaff } from "#tests/fixtures/staff.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { readRosterCsv, ROSTER_CSV_COLUMNS } from "./roster-csv.ts";
import { UPLOAD_MESSAGES } from "./roster-uploads.ts";

let t: TestApi;
let admin: TestStaff;
let atendimento: TestStaff;
beforeAll(async () => {
  t = await createTestApi({ now: new Date("2026-03-10T12:00:00.000Z") });
  admin = await createTestStaff(t.db, "admin");
  atendimento = await createTestStaff(t.db, "atendimento");
});
afterAll(() => t.close());

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
