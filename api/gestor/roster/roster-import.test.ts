import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import type { StoreDatabase } from "#db/client.ts";
import { bag, demoItems, linkByRA, saveCart } from "#tests/fixtures/carts.ts";
import { signUpAndLogIn } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestStaff } from "#tests/fixtures/staff.ts";
import { rosterCsv, rosterRecords, type RosterCsvRecord } from "#tests/fixtures/roster-csv.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import type { AuditActor } from "../audit/audit-log.ts";
import { deleteExpiredUploads, UPLOAD_MESSAGES } from "./roster-uploads.ts";
import { importRoster, previewRoster, RosterRejected } from "./service.ts";

// On SQLite, and on PostgreSQL when TEST_DATABASE_URL names a server (scripts/test-postgres.sh).
const NOW = new Date("2026-03-10T12:00:00.000Z");
const opened: TestApi[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
});

async function store() {
  const t = await createTestApi({ now: NOW });
  opened.push(t);
  const staff = await createTestStaff(t.db, "admin");
  const actor: AuditActor = { kind: "staff", staffId: staff.staffId, email: staff.email, address: "10.0.0.9" };
  const deps = { db: t.db, now: () => NOW };
  const preview = (records: RosterCsvRecord[], fileName = "alunos.csv") =>
    previewRoster(deps, 1, { csv: rosterCsv(records), fileName }, actor);
  /** Preview, then import what was previewed. */
  const importFile = async (records: RosterCsvRecord[], fileName = "alunos.csv") => {
    const report = await preview(records, fileName);
    expect(report.errors).toEqual([]);
    return importRoster(deps, 1, { uploadId: report.upload!.id, sha256: report.upload!.sha256 }, actor);
  };
  return { t, deps, actor, preview, importFile };
}

/** Everything an import may write, to prove that one wrote nothing. */
async function rosterTables(db: StoreDatabase) {
  const [students, enrolments, responsibles] = await Promise.all([
    db.selectFrom("students").selectAll().orderBy("id").execute(),
    db.selectFrom("student_school_years").selectAll().orderBy("id").execute(),
    db.selectFrom("responsibles").selectAll().orderBy("id").execute(),
  ]);
  return { students, enrolments, responsibles };
}

const studentByRa = (db: StoreDatabase, ra: string) =>
  db.selectFrom("students").selectAll().where("ra", "=", ra).executeTakeFirstOrThrow();

const enrolmentOf = async (db: StoreDatabase, ra: string) =>
  db
    .selectFrom("student_school_years")
    .innerJoin("students", "students.id", "student_school_years.student_id")
    .select(["codperlet", "codcoligada", "codgrade", "turma", "student_school_years.turno", "deleted_at"])
    .where("students.ra", "=", ra)
    .executeTakeFirstOrThrow();

const responsiblesOf = async (db: StoreDatabase, ra: string) =>
  db
    .selectFrom("responsibles")
    .innerJoin("students", "students.id", "responsibles.student_id")
    .select(["responsibles.id", "responsibles.nome", "responsibles.cpf", "source", "roster_slot"])
    .where("students.ra", "=", ra)
    .orderBy("roster_slot")
    .execute();

describe("roster import", () => {
  it("previews without writing, imports, and the same file twice changes nothing", async () => {
    const { t, preview, importFile } = await store();
    const records = rosterRecords({ rows: 30, seed: 1, unitCodes: ["5", "7"], gradeCodes: ["EF06", "EM01"] });
    const before = await rosterTables(t.db);
    const report = await preview(records);
    expect(report.counts).toEqual({ created: 30, updated: 0, reenrolled: 0, unchanged: 0, notEnrolled: 2 });
    expect(report.changes.notEnrolled.map((missing) => missing.RA).sort()).toEqual(["20250004", "20250005"]);
    expect(await rosterTables(t.db)).toEqual(before);

    const first = await importFile(records);
    expect(first.counts).toEqual(report.counts);
    const [record] = records as [RosterCsvRecord];
    const student = await studentByRa(t.db, record.RA);
    expect(student.nome).toBe(record.NOME);
    expect(await enrolmentOf(t.db, record.RA)).toEqual({
      codperlet: "202600",
      codcoligada: record.CODCOLIGADA,
      codgrade: record.CODGRADE,
      turma: record.TURMA,
      turno: record.TURNO,
      deleted_at: null,
    });
    expect((await responsiblesOf(t.db, record.RA)).map((r) => [r.cpf, r.source, r.roster_slot])).toEqual([
      [record.RESP1_CPF, "escola", 1],
      [record.RESP2_CPF, "escola", 2],
    ]);

    const afterFirst = await rosterTables(t.db);
    const second = await importFile(records);
    expect(second.counts).toEqual({ created: 0, updated: 0, reenrolled: 0, unchanged: 30, notEnrolled: 0 });
    expect(await rosterTables(t.db)).toEqual(afterFirst);

    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "summary", "after_json"])
      .where("action", "=", "roster.import")
      .orderBy("at")
      .execute();
    expect(audit.map((entry) => entry.summary)).toEqual([
      "Importou alunos matriculados de alunos.csv: 30 alunos novos, 0 atualizados, 0 matriculados de novo, 0 sem mudança, 2 marcados como não matriculados.",
      "Importou alunos matriculados de alunos.csv: 0 alunos novos, 0 atualizados, 0 matriculados de novo, 30 sem mudança, 0 marcados como não matriculados.",
    ]);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
      fileName: "alunos.csv",
      sha256: expect.any(String),
      created: 30,
    });
  });

  it("updates a changed row, marks a missing student not enrolled and enrols them again, other units untouched", async () => {
    const { t, importFile } = await store();
    const records = rosterRecords({ rows: 5, seed: 2, unitCodes: ["1"], gradeCodes: ["EF06"] });
    await importFile(records);
    const [first, , , , last] = records as RosterCsvRecord[];
    const responsibleIds = (await responsiblesOf(t.db, first!.RA)).map((r) => r.id);

    const changed = [
      { ...first!, NOME: "Nome Trocado Pela Secretaria", TURMA: "Z", RESP2_NOME: "" },
      ...records.slice(1, 4),
    ];
    const second = await importFile(
      changed.map((r, i) =>
        i === 0 ? { ...r, RESP2_CPF: "", RESP2_EMAIL: "", RESP2_TELEFONE: "", RESP2_PARENTESCO: "" } : r,
      ),
    );
    expect(second.counts).toEqual({ created: 0, updated: 1, reenrolled: 0, unchanged: 3, notEnrolled: 1 });
    expect((await studentByRa(t.db, first!.RA)).nome).toBe("Nome Trocado Pela Secretaria");
    expect((await enrolmentOf(t.db, first!.RA)).turma).toBe("Z");
    // Responsible 1 is the same row, changed in place; responsible 2 left the file and the store.
    expect((await responsiblesOf(t.db, first!.RA)).map((r) => r.id)).toEqual(responsibleIds.slice(0, 1));

    const missing = await enrolmentOf(t.db, last!.RA);
    expect(missing.deleted_at).toBe(NOW.toISOString());
    expect((await studentByRa(t.db, last!.RA)).ra).toBe(last!.RA);
    // The demo's unit-3 student is in no pair of the file.
    expect((await enrolmentOf(t.db, "20250002")).deleted_at).toBeNull();

    const third = await importFile(records);
    expect(third.counts).toEqual({ created: 0, updated: 1, reenrolled: 1, unchanged: 3, notEnrolled: 0 });
    expect((await enrolmentOf(t.db, last!.RA)).deleted_at).toBeNull();
  });

  it("keeps the links, carts and orders of a student the school updates or marks not enrolled", async () => {
    const { t, importFile } = await store();
    const customer = await signUpAndLogIn(t);
    const { studentId } = await linkByRA(t, customer, "20250003");
    expect((await saveCart(t, customer, [bag(studentId, [(await demoItems(t.db)).P[0]!.itemTOTVSId, 1])])).status).toBe(
      200,
    );
    const saleId = await insertSale(t.db, {
      customer_id: customer.id,
      bags: [
        {
          student_name: "Gabriel Cavalcanti Ferreira",
          student_ra: "20250003",
          items: [{ title: "Apostila", quantity: 1, unit_price_cents: 100 }],
        },
      ],
    });
    // A responsible a parent typed in the store (api/students/service.ts createResponsible).
    const parentsOwn = (await responsiblesOf(t.db, "20250003"))[0]!;
    await t.db
      .updateTable("responsibles")
      .set({ nome: "Tia Cláudia Ferreira", source: "cliente", roster_slot: null })
      .where("id", "=", parentsOwn.id)
      .execute();

    const [gabriel] = rosterRecords({ rows: 1, seed: 3, unitCodes: ["4"], gradeCodes: ["EM01"] }) as [RosterCsvRecord];
    await importFile([{ ...gabriel, RA: "20250003", DTNASCIMENTO: "20/11/2010" }]);
    await importFile(rosterRecords({ rows: 2, seed: 4, unitCodes: ["4"], gradeCodes: ["EM01"] }));
    expect((await enrolmentOf(t.db, "20250003")).deleted_at).toBe(NOW.toISOString());

    const link = await t.db
      .selectFrom("customer_students")
      .selectAll()
      .where("student_id", "=", studentId)
      .executeTakeFirstOrThrow();
    expect(link.deleted_at).toBeNull();
    const bags = await t.db.selectFrom("cart_bags").select("student_id").where("student_id", "=", studentId).execute();
    expect(bags).toHaveLength(1);
    expect(await t.db.selectFrom("sales").select("id").where("id", "=", saleId).executeTakeFirst()).toBeDefined();
    const responsibles = await responsiblesOf(t.db, "20250003");
    expect(responsibles.filter((r) => r.source === "cliente").map((r) => r.nome)).toEqual(["Tia Cláudia Ferreira"]);
    expect(responsibles.filter((r) => r.source === "escola").map((r) => r.cpf)).toEqual([
      gabriel.RESP1_CPF,
      gabriel.RESP2_CPF,
    ]);
  });

  it("writes nothing when one row is wrong, at the preview or at the import", async () => {
    const { t, deps, actor, preview } = await store();
    const records = rosterRecords({ rows: 10, seed: 5, unitCodes: ["6"], gradeCodes: ["EF01"] });
    const bad = await preview([...records.slice(0, 9), { ...records[9]!, CODGRADE: "EF99" }]);
    expect(bad.upload).toBeNull();
    expect(bad.errors.map((error) => error.text)).toEqual([
      "Linha 11, série: Série não cadastrada em Séries para o período 202600.",
    ]);

    // A wrong line's student is still in the file: not announced as missing from unit 10.
    const unit10 = rosterRecords({ rows: 2, seed: 15, unitCodes: ["10"], gradeCodes: ["EF07"] });
    expect((await preview(unit10)).counts.notEnrolled).toBe(1);
    const sofia = { ...unit10[0]!, RA: "20250006", CPF: "111.111.111-11" };
    const withSofia = await preview([sofia, ...unit10.slice(1)]);
    expect([withSofia.errorCount, withSofia.counts.notEnrolled]).toEqual([1, 0]);

    const good = await preview(records);
    // Between the preview and the import the unit is removed: the import refuses the whole file.
    await t.db.deleteFrom("school_units").where("code", "=", "6").execute();
    const before = await rosterTables(t.db);
    await expect(
      importRoster(deps, 1, { uploadId: good.upload!.id, sha256: good.upload!.sha256 }, actor),
    ).rejects.toThrow(RosterRejected);
    expect(await rosterTables(t.db)).toEqual(before);
    const upload = await t.db
      .selectFrom("roster_uploads")
      .select("applied_at")
      .where("id", "=", good.upload!.id)
      .executeTakeFirstOrThrow();
    expect(upload.applied_at).toBeNull();
    expect(await t.db.selectFrom("audit_log").select("id").where("action", "=", "roster.import").execute()).toEqual([]);
  });

  it("applies a previewed file once, as it was previewed, within a day", async () => {
    const { deps, actor, preview } = await store();
    const records = rosterRecords({ rows: 2, seed: 6, unitCodes: ["13"], gradeCodes: ["EF02"] });
    const { upload } = await preview(records);
    await expect(importRoster(deps, 1, { uploadId: upload!.id, sha256: "0".repeat(64) }, actor)).rejects.toThrow(
      UPLOAD_MESSAGES.changed,
    );
    const later = { ...deps, now: () => new Date(NOW.getTime() + 25 * 60 * 60 * 1000) };
    await expect(importRoster(later, 1, { uploadId: upload!.id, sha256: upload!.sha256 }, actor)).rejects.toThrow(
      UPLOAD_MESSAGES.gone,
    );
    await importRoster(deps, 1, { uploadId: upload!.id, sha256: upload!.sha256 }, actor);
    await expect(importRoster(deps, 1, { uploadId: upload!.id, sha256: upload!.sha256 }, actor)).rejects.toThrow(
      UPLOAD_MESSAGES.applied,
    );
    // The hourly sweep deletes it after its 24 hours, not before.
    expect(await deleteExpiredUploads(deps.db, NOW)).toBe(0);
    expect(await deleteExpiredUploads(deps.db, later.now())).toBe(1);
  });

  it("runs two imports of the same new students one after the other, never both as creations", async () => {
    const { t, deps, actor, preview } = await store();
    const records = rosterRecords({ rows: 20, seed: 8, unitCodes: ["3"], gradeCodes: ["EF04"] });
    const first = await preview(records);
    const second = await preview(records.map((record) => ({ ...record, TURMA: "Q" })));
    const [a, b] = await Promise.all(
      [first, second].map(({ upload }) =>
        importRoster(deps, 1, { uploadId: upload!.id, sha256: upload!.sha256 }, actor),
      ),
    );
    expect([a!.counts.created + b!.counts.created, a!.counts.updated + b!.counts.updated]).toEqual([20, 20]);
    const students = await t.db
      .selectFrom("students")
      .select("id")
      .where(
        "ra",
        "in",
        records.map((r) => r.RA),
      )
      .execute();
    expect(students).toHaveLength(20);
  });

  it("lets a parent link a student of the file by RA and birth date", async () => {
    const { t, importFile } = await store();
    const [record] = rosterRecords({ rows: 1, seed: 7, unitCodes: ["10"], gradeCodes: ["EF07"] }) as [RosterCsvRecord];
    await importFile([{ ...record, DTNASCIMENTO: "09/05/2014" }]);
    const customer = await signUpAndLogIn(t);
    const reply = await t.call(
      "POST",
      "/students/add-student-to-customer",
      {
        storeId: 1,
        customerId: customer.id,
        RA: record.RA,
        dtnascimento: "2014-05-09",
        consentVersion: STUDENT_CONSENT_VERSION,
      },
      { token: customer.token },
    );
    expect(reply.status).toBe(201);
    expect(reply.body.student.student).toMatchObject({
      nome: record.NOME,
      RA: record.RA,
      schoolYears: [{ CODPERLET: "202600", CODCOLIGADA: "10", deletedAt: null }],
    });
  });

  it("previews the README's example file (docs/examples) without an error: 50 new students of unit 13", async () => {
    const { deps, actor } = await store();
    const csv = readFileSync(
      new URL("../../../docs/examples/alunos-matriculados-exemplo.csv", import.meta.url),
      "utf8",
    );
    const report = await previewRoster(deps, 1, { csv, fileName: "alunos-matriculados-exemplo.csv" }, actor);
    expect(report.errors).toEqual([]);
    expect(report.counts).toMatchObject({ created: 50 });
  });
});
