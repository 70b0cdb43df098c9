import { beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_SYNC_STUDENT } from "#api/contract/gestor/roster-sync.ts";
import { TOO_MANY_REQUESTS } from "#api/rate-limit.ts";
import type { StoreDatabase } from "#db/client.ts";
import { gestorTestApiForFile } from "#tests/fixtures/staff.ts";
import { KEY_CALLS, KEY_REFUSED, SCOPE_REFUSED } from "../integration-keys/require-staff-or-key.ts";

// On SQLite, and on PostgreSQL when TEST_DATABASE_URL names a server (scripts/test-postgres.sh).
const NOW = new Date("2026-03-10T12:00:00.000Z");
const PERIOD = "209000";

const { t, admin, atendimento: attendant } = gestorTestApiForFile(["admin", "atendimento"], { now: NOW });

type Scope = "roster" | "grades";
const newKey = async (label: string, scopes: Scope[] = ["roster", "grades"]) => {
  const { status, body } = await t.call(
    "POST",
    "/gestor/integration-keys",
    { storeId: 1, label, scopes },
    { token: admin.token },
  );
  expect(status).toBe(200);
  return body as { key: { id: string; hint: string; label: string }; secret: string };
};
const revoke = (keyId: string) =>
  t.call("POST", `/gestor/integration-keys/${keyId}/revoke`, undefined, { token: admin.token });

/** Each call a second after the last: the log's entries keep the calls' order. */
let clock = NOW.getTime();
const put = (token: string, path: string, body: unknown) => {
  clock += 1000;
  t.setNow(new Date(clock));
  return t.call("PUT", `/gestor/roster${path}`, body, { token, address: "198.51.100.40" });
};

/** A student of PERIOD's grade EF06 at unit 1, with two responsibles; `ra` keeps tests apart. */
const student = (overrides: Record<string, unknown> = {}) => ({
  ...EXAMPLE_SYNC_STUDENT,
  enrolment: { ...EXAMPLE_SYNC_STUDENT.enrolment, CODPERLET: PERIOD },
  responsibles: [
    ...EXAMPLE_SYNC_STUDENT.responsibles,
    {
      nome: "Rodrigo Lima",
      cpf: "390.533.447-05",
      email: "rodrigo.lima@example.com",
      telefone1: "(81) 3222-1100",
      parentesco: 1,
    },
  ],
  ...overrides,
});

/** Everything a sync of a student may write, to prove that a call wrote nothing. */
async function rosterTables(db: StoreDatabase) {
  const [students, enrolments, responsibles, series] = await Promise.all([
    db.selectFrom("students").selectAll().orderBy("id").execute(),
    db.selectFrom("student_school_years").selectAll().orderBy("id").execute(),
    db.selectFrom("responsibles").selectAll().orderBy("id").execute(),
    db.selectFrom("series").selectAll().orderBy("id").execute(),
  ]);
  return { students, enrolments, responsibles, series };
}

const auditOf = (targetId: string) =>
  t.db
    .selectFrom("audit_log")
    .select(["action", "actor_kind", "actor_label", "summary", "address"])
    .where("target_id", "=", targetId)
    .orderBy("at")
    .orderBy("id")
    .execute();

const responsiblesOf = (studentId: string) =>
  t.db
    .selectFrom("responsibles")
    .select(["id", "nome", "cpf", "telefone1", "source", "roster_slot"])
    .where("student_id", "=", studentId)
    .orderBy("nome")
    .execute();

const enrolmentOf = (studentId: string, period = PERIOD) =>
  t.db
    .selectFrom("student_school_years")
    .select(["codcoligada", "codgrade", "turma", "turno", "deleted_at"])
    .where("student_id", "=", studentId)
    .where("codperlet", "=", period)
    .executeTakeFirstOrThrow();

describe("the ERP's sync of grades: PUT /gestor/roster/grades/:codperlet/:codgrade", () => {
  it("creates a grade, answers the same call again with no change, updates a changed one, each audited", async () => {
    const { key, secret } = await newKey("ERP: séries", ["grades"]);
    const created = await put(secret, `/grades/${PERIOD}/EF06`, {
      CURSO: "Ensino Fundamental II",
      HABILITACAO: "6º Ano",
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      grade: { id: expect.any(Number), CODPERLET: PERIOD, codgrade: "EF06" },
      result: "criado",
    });
    const before = await rosterTables(t.db);
    const again = await put(secret, `/grades/${PERIOD}/EF06`, {
      CURSO: "Ensino Fundamental II",
      HABILITACAO: "6º Ano",
    });
    expect(again.body).toEqual({ ...created.body, result: "sem mudança" });
    expect(await rosterTables(t.db)).toEqual(before);

    const renamed = await put(secret, `/grades/${PERIOD}/EF06`, {
      CURSO: "Ensino Fundamental II",
      HABILITACAO: "6º Ano A",
      position: 3,
    });
    expect(renamed.body).toEqual({ ...created.body, result: "atualizado" });
    const row = await t.db
      .selectFrom("series")
      .select(["course", "grade_name", "position"])
      .where("id", "=", created.body.grade.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ course: "Ensino Fundamental II", grade_name: "6º Ano A", position: 3 });
    // Without a position, a known grade keeps its place.
    await put(secret, `/grades/${PERIOD}/EF06`, { CURSO: "Ensino Fundamental II", HABILITACAO: "6º Ano" });

    const label = `chave de integração: ERP: séries (…${key.hint})`;
    expect(await auditOf(String(created.body.grade.id))).toEqual(
      ["criado", "sem mudança", "atualizado", "atualizado"].map((result, index) => ({
        action: "grade.sync",
        actor_kind: "integration",
        actor_label: label,
        summary: `Sincronizou a série ${index === 2 ? "6º Ano A" : "6º Ano"} (EF06) do período ${PERIOD}: ${result}`,
        address: "198.51.100.40",
      })),
    );
    const [listed] = (await t.call("GET", "/gestor/grades?CODPERLET=" + PERIOD, undefined, { token: admin.token })).body
      .grades;
    expect(listed).toMatchObject({ codgrade: "EF06", HABILITACAO: "6º Ano", position: 3 });
  });

  it("refuses a wrong grade in Portuguese with 400, writing nothing", async () => {
    const { secret } = await newKey("ERP: séries erradas", ["grades"]);
    const before = await rosterTables(t.db);
    const blank = await put(secret, `/grades/${PERIOD}/EF09`, { CURSO: "", HABILITACAO: "9º Ano", position: 0 });
    expect([blank.status, blank.body.error.message]).toEqual([400, "Informe o curso (CURSO)."]);
    const period = await put(secret, `/grades/2026/EF09`, { CURSO: "EF", HABILITACAO: "9º Ano" });
    expect([period.status, period.body.error.message]).toEqual([
      400,
      "Período letivo inválido: use o ano seguido de 00, como 202600.",
    ]);
    expect(await rosterTables(t.db)).toEqual(before);
  });
});

describe("the ERP's sync of students: PUT /gestor/roster/students/by-ra/:ra", () => {
  beforeAll(async () => {
    const { secret } = await newKey("ERP: preparo", ["grades"]);
    await put(secret, `/grades/${PERIOD}/EF06`, { CURSO: "Ensino Fundamental II", HABILITACAO: "6º Ano" });
    await put(secret, `/grades/${PERIOD}/EF07`, { CURSO: "Ensino Fundamental II", HABILITACAO: "7º Ano" });
  });

  it("creates a student with enrolment and responsibles; the same call again changes nothing; a change updates", async () => {
    const { key, secret } = await newKey("TOTVS RM, carga noturna", ["roster"]);
    const created = await put(secret, "/students/by-ra/90000001", student());
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ student: { id: expect.any(String), RA: "90000001" }, result: "criado" });
    const id = created.body.student.id as string;
    expect(
      await t.db
        .selectFrom("students")
        .select(["nome", "dtnascimento", "cpf", "telefone1", "cidade"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      nome: "Beatriz Carvalho Lima",
      dtnascimento: "2014-05-20",
      cpf: "52998224725",
      telefone1: "81998765432",
      cidade: "Recife",
    });
    expect(await enrolmentOf(id)).toEqual({
      codcoligada: "1",
      codgrade: "EF06",
      turma: "B",
      turno: "Manhã",
      deleted_at: null,
    });
    expect((await responsiblesOf(id)).map((r) => [r.nome, r.source, r.roster_slot])).toEqual([
      ["Mariana Carvalho Lima", "escola", 1],
      ["Rodrigo Lima", "escola", 2],
    ]);

    const before = await rosterTables(t.db);
    const again = await put(secret, "/students/by-ra/90000001", student());
    expect(again.body).toEqual({ ...created.body, result: "sem mudança" });
    expect(await rosterTables(t.db)).toEqual(before);

    const moved = await put(
      secret,
      "/students/by-ra/90000001",
      student({ enrolment: { ...student().enrolment, codgrade: "EF07", turma: "C" } }),
    );
    expect(moved.body).toEqual({ ...created.body, result: "atualizado" });
    expect(await enrolmentOf(id)).toMatchObject({ codgrade: "EF07", turma: "C", deleted_at: null });

    const label = `chave de integração: TOTVS RM, carga noturna (…${key.hint})`;
    expect(await auditOf(id)).toEqual(
      [
        ["EF06", "criado"],
        ["EF06", "sem mudança"],
        ["EF07", "atualizado"],
      ].map(([grade, result]) => ({
        action: "roster.sync-student",
        actor_kind: "integration",
        actor_label: label,
        summary: `Sincronizou o aluno de RA 90000001 (período ${PERIOD}, série ${grade}): ${result}`,
        address: "198.51.100.40",
      })),
    );
    // The key's last use, as Integrações shows it.
    const keys = (await t.call("GET", "/gestor/integration-keys?storeId=1", undefined, { token: admin.token })).body
      .keys as { id: string; lastUsedAt: string | null; lastUsedAddress: string | null }[];
    expect(keys.find((listed) => listed.id === key.id)).toMatchObject({
      lastUsedAt: new Date(clock).toISOString(),
      lastUsedAddress: "198.51.100.40",
    });
  });

  it("takes a student with only what is required: the rest is left blank", async () => {
    const { secret } = await newKey("ERP: mínimo", ["roster"]);
    const created = await put(secret, "/students/by-ra/90000010", {
      nome: "Caio Souza",
      dtnascimento: "03/09/2015",
      enrolment: { CODCOLIGADA: "01", CODPERLET: PERIOD, codgrade: "EF06" },
      responsibles: [],
    });
    expect([created.status, created.body.result]).toEqual([200, "criado"]);
    const id = created.body.student.id as string;
    expect(
      await t.db
        .selectFrom("students")
        .select(["dtnascimento", "cpf", "email", "cidade"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ dtnascimento: "2015-09-03", cpf: null, email: null, cidade: null });
    expect(await enrolmentOf(id)).toEqual({
      codcoligada: "1",
      codgrade: "EF06",
      turma: null,
      turno: null,
      deleted_at: null,
    });
  });

  it("replaces the school's responsibles slot by slot and never a parent's own", async () => {
    const { secret } = await newKey("ERP: responsáveis", ["roster"]);
    const created = await put(secret, "/students/by-ra/90000002", student());
    const id = created.body.student.id as string;
    const [mother] = await responsiblesOf(id);
    await t.db
      .insertInto("responsibles")
      .values({
        id: crypto.randomUUID(),
        student_id: id,
        nome: "Tia Cláudia Lima",
        cpf: "15350946056",
        email: "claudia@example.com",
        telefone1: "81999990000",
        parentesco: 9,
        cep: null,
        cidade: null,
        estado: null,
        bairro: null,
        rua: null,
        numero: null,
        source: "cliente",
        roster_slot: null,
      })
      .execute();

    const [first] = EXAMPLE_SYNC_STUDENT.responsibles;
    const updated = await put(
      secret,
      "/students/by-ra/90000002",
      student({ responsibles: [{ ...first, telefone1: "(81) 98888-7777" }] }),
    );
    expect(updated.body.result).toBe("atualizado");
    expect((await responsiblesOf(id)).map((r) => [r.id, r.nome, r.telefone1, r.source, r.roster_slot])).toEqual([
      [mother!.id, "Mariana Carvalho Lima", "81988887777", "escola", 1],
      [expect.any(String), "Tia Cláudia Lima", "81999990000", "cliente", null],
    ]);

    await put(secret, "/students/by-ra/90000002", student({ responsibles: [] }));
    expect((await responsiblesOf(id)).map((r) => r.nome)).toEqual(["Tia Cláudia Lima"]);
  });

  it("un-enrols and enrols again by period, idempotently; 404 for an unknown RA or period", async () => {
    const { secret } = await newKey("ERP: matrículas", ["roster"]);
    const id = (await put(secret, "/students/by-ra/90000003", student())).body.student.id as string;
    const path = `/students/by-ra/90000003/enrolments/${PERIOD}`;

    const ended = await put(secret, path, { enrolled: false });
    expect(ended.body).toEqual({
      student: { id, RA: "90000003" },
      enrolment: { CODPERLET: PERIOD, enrolled: false },
      result: "atualizado",
    });
    expect((await enrolmentOf(id)).deleted_at).toBe(new Date(clock).toISOString());
    const before = await rosterTables(t.db);
    expect((await put(secret, path, { enrolled: false })).body.result).toBe("sem mudança");
    expect(await rosterTables(t.db)).toEqual(before);
    // Never a deletion: the student, the enrolment and its grade stay.
    expect(await enrolmentOf(id)).toMatchObject({ codgrade: "EF06" });

    expect((await put(secret, path, { enrolled: true })).body.result).toBe("atualizado");
    expect((await enrolmentOf(id)).deleted_at).toBeNull();

    // Ended again, the student's own PUT enrols them again.
    await put(secret, path, { enrolled: false });
    expect((await put(secret, "/students/by-ra/90000003", student())).body.result).toBe("atualizado");
    expect((await enrolmentOf(id)).deleted_at).toBeNull();

    expect(
      (await auditOf(id)).filter((entry) => entry.action === "roster.sync-enrolment").map((entry) => entry.summary),
    ).toEqual([
      `Marcou o aluno de RA 90000003 como não matriculado no período ${PERIOD}: atualizado`,
      `Marcou o aluno de RA 90000003 como não matriculado no período ${PERIOD}: sem mudança`,
      `Marcou o aluno de RA 90000003 como matriculado no período ${PERIOD}: atualizado`,
      `Marcou o aluno de RA 90000003 como não matriculado no período ${PERIOD}: atualizado`,
    ]);

    const unknown = await put(secret, `/students/by-ra/99999999/enrolments/${PERIOD}`, { enrolled: false });
    expect([unknown.status, unknown.body.error.message]).toEqual([404, "Nenhum aluno com o RA 99999999 nesta loja."]);
    const otherPeriod = await put(secret, "/students/by-ra/90000003/enrolments/209100", { enrolled: false });
    expect([otherPeriod.status, otherPeriod.body.error.message]).toEqual([
      404,
      "O aluno de RA 90000003 não tem matrícula no período 209100.",
    ]);
    const noFlag = await put(secret, path, {});
    expect([noFlag.status, noFlag.body.error.message]).toEqual([
      400,
      "Informe enrolled: true (matriculado) ou false (não matriculado).",
    ]);
  });

  it("refuses wrong data with every wrong field named, in Portuguese, writing nothing and no audit entry", async () => {
    const { secret } = await newKey("ERP: dados errados", ["roster"]);
    const before = await rosterTables(t.db);
    const auditBefore = await t.db.selectFrom("audit_log").select("id").execute();

    const wrong = await put(
      secret,
      "/students/by-ra/90000004",
      student({
        dtnascimento: "31/02/2014",
        enrolment: { ...student().enrolment, codgrade: "", turno: "Madrugada" },
        responsibles: [{ ...EXAMPLE_SYNC_STUDENT.responsibles[0], cpf: "111.111.111-11" }],
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/^Nada foi gravado\. /);
    for (const named of [
      "dtnascimento: ",
      "enrolment.codgrade: Informe o código da série (CODGRADE).",
      "enrolment.turno: Use Manhã, Tarde, Integral ou Noite.",
      "responsibles.0.cpf: CPF inválido.",
    ])
      expect(wrong.body.error.message).toContain(named);

    const unknownGrade = await put(
      secret,
      "/students/by-ra/90000004",
      student({ enrolment: { ...student().enrolment, codgrade: "EM03", CODCOLIGADA: "999" } }),
    );
    expect([unknownGrade.status, unknownGrade.body.error.message]).toEqual([
      400,
      `Nada foi gravado. enrolment.CODCOLIGADA: Unidade não cadastrada em Unidades. enrolment.codgrade: Série não cadastrada em Séries para o período ${PERIOD}.`,
    ]);
    const three = await put(
      secret,
      "/students/by-ra/90000004",
      student({ responsibles: [...student().responsibles, EXAMPLE_SYNC_STUDENT.responsibles[0]] }),
    );
    expect([three.status, three.body.error.message]).toEqual([
      400,
      "Nada foi gravado. responsibles: Informe no máximo 2 responsáveis.",
    ]);
    const badRa = await put(secret, "/students/by-ra/RA%20com%20espaço", student());
    expect(badRa.status).toBe(400);
    const notAnObject = await put(secret, "/students/by-ra/90000004", [1, 2]);
    expect(notAnObject.status).toBe(400);

    expect(await rosterTables(t.db)).toEqual(before);
    expect(await t.db.selectFrom("audit_log").select("id").execute()).toHaveLength(auditBefore.length);
  });
});

describe("who may call the sync", () => {
  it("refuses a key outside its scope (403), a revoked key (401), atendimento (403)", async () => {
    const roster = await newKey("Só alunos", ["roster"]);
    const onGrade = await put(roster.secret, `/grades/${PERIOD}/EF08`, { CURSO: "EF", HABILITACAO: "8º Ano" });
    expect([onGrade.status, onGrade.body.error.message]).toEqual([403, SCOPE_REFUSED]);
    const grades = await newKey("Só séries", ["grades"]);
    expect((await put(grades.secret, "/students/by-ra/90000005", student())).status).toBe(403);
    expect((await put(grades.secret, `/students/by-ra/90000001/enrolments/${PERIOD}`, { enrolled: true })).status).toBe(
      403,
    );

    await revoke(roster.key.id);
    const revoked = await put(roster.secret, "/students/by-ra/90000005", student());
    expect([revoked.status, revoked.body.error.message]).toEqual([401, KEY_REFUSED]);

    expect((await put(attendant.token, "/students/by-ra/90000005", student())).status).toBe(403);
    expect((await put(attendant.token, `/grades/${PERIOD}/EF08`, { CURSO: "EF", HABILITACAO: "8º Ano" })).status).toBe(
      403,
    );
    expect(
      await t.db.selectFrom("students").select("id").where("ra", "=", "90000005").executeTakeFirst(),
    ).toBeUndefined();
  });

  it("takes an admin's session, named in the log by the admin's e-mail", async () => {
    // The example of the OpenAPI document, as it is: the current period's EF06 at unit 1.
    const created = await put(admin.token, "/students/by-ra/90000006?storeId=1", EXAMPLE_SYNC_STUDENT);
    expect([created.status, created.body.result]).toEqual([200, "criado"]);
    const grade = await put(admin.token, `/grades/${PERIOD}/EF08`, {
      CURSO: "Ensino Fundamental II",
      HABILITACAO: "8º Ano",
    });
    expect([grade.status, grade.body.result]).toEqual([200, "criado"]);
    expect(await auditOf(created.body.student.id)).toEqual([
      expect.objectContaining({ action: "roster.sync-student", actor_kind: "staff", actor_label: admin.email }),
    ]);
  });

  it("keeps a key to its own store (403 for another's)", async () => {
    const { secret } = await newKey("ERP: outra loja", ["roster"]);
    const other = await put(secret, "/students/by-ra/90000007?storeId=2", student());
    expect(other.status).toBe(403);
  });

  it("answers 429 with Retry-After once a key has made its calls of the minute", async () => {
    const { key, secret } = await newKey("ERP apressado", ["roster"]);
    await t.db
      .insertInto("rate_limits")
      .values({ key: `${KEY_CALLS.name}:${key.id}`, window_started_at: Date.now(), hits: KEY_CALLS.limit })
      .execute();
    const response = await t.api.request("/gestor/roster/students/by-ra/90000008", {
      method: "PUT",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify(student()),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(TOO_MANY_REQUESTS);
    expect(
      await t.db.selectFrom("students").select("id").where("ra", "=", "90000008").executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe("Séries: a grade enrolments use", () => {
  it("is not removed while an enrolment, live or ended, names it", async () => {
    const { secret } = await newKey("ERP: remoção", ["roster", "grades"]);
    const grade = await put(secret, `/grades/${PERIOD}/EM01`, { CURSO: "Ensino Médio", HABILITACAO: "1ª Série" });
    const gradeId = grade.body.grade.id as number;
    await put(secret, "/students/by-ra/90000009", student({ enrolment: { ...student().enrolment, codgrade: "EM01" } }));
    await put(secret, `/students/by-ra/90000009/enrolments/${PERIOD}`, { enrolled: false });
    const refused = await t.call("POST", `/gestor/grades/${gradeId}/remove`, {}, { token: admin.token });
    expect([refused.status, refused.body.error.message]).toEqual([
      409,
      `A série 1ª Série (EM01) não pode ser removida: 1 matrícula de aluno a usa no período ${PERIOD}. Mude a série desses alunos em Alunos matriculados antes.`,
    ]);

    // Moved to another grade, the student no longer holds it.
    await put(secret, "/students/by-ra/90000009", student());
    expect((await t.call("POST", `/gestor/grades/${gradeId}/remove`, {}, { token: admin.token })).status).toBe(200);
  });
});
