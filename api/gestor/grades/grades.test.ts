import { describe, expect, it } from "vitest";
import { gestorTestApiForFile } from "#tests/fixtures/staff.ts";
import { ROLE_REFUSED } from "../staff/require-staff.ts";

const { t, admin, atendimento: atendente } = gestorTestApiForFile(["admin", "atendimento"], { seed: true });

const get = (path: string, token = admin.token) => t.call("GET", path, undefined, { token });
const post = (path: string, body: unknown = {}, token = admin.token) => t.call("POST", path, body, { token });

interface Grade {
  id: number;
  codgrade: string;
  CURSO: string;
  HABILITACAO: string;
  position: number;
  productCount: number;
}
const gradesOf = async (period: string): Promise<Grade[]> =>
  (await get(`/gestor/grades?CODPERLET=${period}`)).body.grades;
const codesOf = async (period: string) => (await gradesOf(period)).map((grade) => grade.codgrade);
const add = (CODPERLET: string, codgrade: string, HABILITACAO = `Série ${codgrade}`) =>
  post("/gestor/grades", { CODPERLET, codgrade, CURSO: "Ensino Fundamental II", HABILITACAO });
const lastAudit = (action: string) =>
  t.db
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", action)
    .orderBy("at", "desc")
    .orderBy("id")
    .executeTakeFirstOrThrow();
const seriesRowCount = async () => (await t.db.selectFrom("series").select("id").execute()).length;

describe("a period's grades", () => {
  it("adds a grade last in its period, shows it to the storefront's §7 call at once, and audits it", async () => {
    expect((await add("209100", "EF06", "6º Ano")).status).toBe(200);
    const created = await add("209100", "EF07", "7º Ano");
    expect(created.status).toBe(200);
    expect(await codesOf("209100")).toEqual(["EF06", "EF07"]);
    const shop = await t.call("GET", "/serie-totvs/list-serie-totvs-by-store-id/1?CODPERLET=209100");
    expect(shop.body.series).toEqual([
      expect.objectContaining({ CURSO: "Ensino Fundamental II", HABILITACAO: "6º Ano", codgrade: "EF06" }),
      {
        id: created.body.grade.id,
        CURSO: "Ensino Fundamental II",
        HABILITACAO: "7º Ano",
        codgrade: "EF07",
        CODPERLET: "209100",
      },
    ]);
    expect(await lastAudit("grade.create")).toMatchObject({
      actor_label: admin.email,
      target_id: String(created.body.grade.id),
      summary: "Criou a série 7º Ano (EF07) no período 209100",
    });
    const { periods } = (await get("/gestor/grades?CODPERLET=209100")).body;
    expect(periods).toContainEqual({ CODPERLET: "209100", gradeCount: 2 });
  });

  it("refuses a code already in the period, a missing course and a bad period, writing nothing", async () => {
    await add("209200", "EM01");
    const count = await seriesRowCount();
    const taken = await add("209200", "EM01");
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe("Já existe a série EM01 no período 209200.");
    const noCourse = await post("/gestor/grades", {
      CODPERLET: "209200",
      codgrade: "EM02",
      CURSO: " ",
      HABILITACAO: "2ª Série",
    });
    expect(noCourse.status).toBe(400);
    expect(noCourse.body.error.message).toBe("Informe o curso (CURSO).");
    const badPeriod = await add("2092", "EM03");
    expect(badPeriod.status).toBe(400);
    expect(badPeriod.body.error.message).toBe("Período letivo inválido: use o ano seguido de 00, como 202600.");
    expect(await seriesRowCount()).toBe(count);
    // The same code in another period is another grade.
    expect((await add("209300", "EM01")).status).toBe(200);
  });

  it("keeps one grade when two admins add the same code at once", async () => {
    const replies = await Promise.all([add("209400", "EF01"), add("209400", "EF01")]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(await codesOf("209400")).toEqual(["EF01"]);
  });

  it("edits a grade, audits what changed, and refuses a code another grade of the period has", async () => {
    await add("209500", "EF02", "2º Ano");
    await add("209500", "EF03", "3º Ano");
    const [second, third] = await gradesOf("209500");
    const edited = await post(`/gestor/grades/${third!.id}`, {
      codgrade: "EF03",
      CURSO: "Ensino Fundamental I",
      HABILITACAO: "3º Ano A",
    });
    expect(edited.status).toBe(200);
    expect((await get(`/gestor/grades/${third!.id}`)).body.grade).toMatchObject({
      CURSO: "Ensino Fundamental I",
      HABILITACAO: "3º Ano A",
    });
    const entry = await lastAudit("grade.update");
    expect(JSON.parse(entry.before_json!)).toEqual({ CURSO: "Ensino Fundamental II", HABILITACAO: "3º Ano" });
    expect(JSON.parse(entry.after_json!)).toEqual({ CURSO: "Ensino Fundamental I", HABILITACAO: "3º Ano A" });
    const clash = await post(`/gestor/grades/${third!.id}`, { codgrade: "EF02", CURSO: "X", HABILITACAO: "Y" });
    expect(clash.status).toBe(409);
    expect((await get(`/gestor/grades/${second!.id}`)).body.grade.codgrade).toBe("EF02");
    expect((await get("/gestor/grades/999999")).status).toBe(404);
  });

  it("moves a grade up and down its period", async () => {
    for (const code of ["A1", "A2", "A3"]) await add("209600", code);
    const [, middle] = await gradesOf("209600");
    expect((await post(`/gestor/grades/${middle!.id}/move`, { direction: "up" })).status).toBe(200);
    expect(await codesOf("209600")).toEqual(["A2", "A1", "A3"]);
    expect(await lastAudit("grade.move")).toMatchObject({
      summary: expect.stringContaining("posição 1 do período 209600"),
    });
    // At the top already: nothing moves.
    await post(`/gestor/grades/${middle!.id}/move`, { direction: "up" });
    expect(await codesOf("209600")).toEqual(["A2", "A1", "A3"]);
    await post(`/gestor/grades/${middle!.id}/move`, { direction: "down" });
    await post(`/gestor/grades/${middle!.id}/move`, { direction: "down" });
    expect(await codesOf("209600")).toEqual(["A1", "A3", "A2"]);
    expect((await gradesOf("209600")).map((grade) => grade.position)).toEqual([1, 2, 3]);
  });

  it("removes a grade no product names, and refuses one a product names", async () => {
    await add("209700", "R1");
    const [unused] = await gradesOf("209700");
    expect((await post(`/gestor/grades/${unused!.id}/remove`)).status).toBe(200);
    expect(await codesOf("209700")).toEqual([]);
    expect(await lastAudit("grade.remove")).toMatchObject({
      summary: "Removeu a série Série R1 (R1) do período 209700",
    });

    const linked = await t.db
      .selectFrom("product_series")
      .innerJoin("series", "series.id", "product_series.serie_id")
      .select(["series.id", "series.grade_name", "series.codgrade"])
      .executeTakeFirstOrThrow();
    const products = await t.db
      .selectFrom("product_series")
      .select("product_id")
      .where("serie_id", "=", linked.id)
      .execute();
    const refused = await post(`/gestor/grades/${linked.id}/remove`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      `A série ${linked.grade_name} (${linked.codgrade}) não pode ser removida: ${products.length} ${products.length === 1 ? "produto a usa" : "produtos a usam"}. Tire a série desses produtos antes.`,
    );
    expect((await get(`/gestor/grades/${linked.id}`)).body.grade.productCount).toBe(products.length);
  });
});

describe("copying a period", () => {
  it("copies the grades in order to a period without any, never their products, and audits the count", async () => {
    // The seed's current period: its grades name products.
    const current = await t.db
      .selectFrom("series")
      .innerJoin("product_series", "product_series.serie_id", "series.id")
      .select("series.period_code")
      .executeTakeFirstOrThrow();
    const source = await gradesOf(current.period_code);
    const copied = await post("/gestor/grades/copy", { from: current.period_code, to: "209800" });
    expect(copied.status).toBe(200);
    expect(copied.body).toEqual({ copied: source.length });
    const target = await gradesOf("209800");
    expect(target.map(({ codgrade, CURSO, HABILITACAO }) => ({ codgrade, CURSO, HABILITACAO }))).toEqual(
      source.map(({ codgrade, CURSO, HABILITACAO }) => ({ codgrade, CURSO, HABILITACAO })),
    );
    expect(source.some((grade) => grade.productCount > 0)).toBe(true);
    expect(target.every((grade) => grade.productCount === 0)).toBe(true);
    expect(await lastAudit("grades.copy-period")).toMatchObject({
      summary: `Copiou ${source.length} séries do período ${current.period_code} para 209800`,
    });

    const again = await post("/gestor/grades/copy", { from: current.period_code, to: "209800" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain("O período 209800 já tem séries");
    expect(await gradesOf("209800")).toHaveLength(source.length);
    const same = await post("/gestor/grades/copy", { from: "209800", to: "209800" });
    expect(same.status).toBe(400);
    expect(same.body.error.message).toBe("Escolha um período de destino diferente do de origem.");
    const empty = await post("/gestor/grades/copy", { from: "199900", to: "209900" });
    expect(empty.body.error.message).toBe("O período 199900 não tem séries para copiar.");
  });
});

describe("CSV import and export", () => {
  const HEADER = "CODPERLET;CODGRADE;CURSO;HABILITACAO;ORDEM";
  const exportCsv = async (period?: string) => {
    const response = await t.api.request(`/gestor/grades/export${period ? `?CODPERLET=${period}` : ""}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return bytes.subarray(3).toString("utf8");
  };

  it("previews without writing, imports all rows, and the same file again changes nothing", async () => {
    const csv = [
      HEADER,
      "210000;EI03;Educação Infantil;Infantil 3;",
      "210000;EI04;Educação Infantil;Infantil 4;",
      "210100;EF01;Ensino Fundamental I;1º Ano;1",
    ].join("\r\n");
    const count = await seriesRowCount();
    const preview = await post("/gestor/grades/import/preview", { csv });
    expect(preview.body).toMatchObject({ errors: [], creates: 3, updates: 0, unchanged: 0 });
    expect(await seriesRowCount()).toBe(count);

    const run = await post("/gestor/grades/import", { csv: `\uFEFF${csv}` });
    expect(run.status).toBe(200);
    expect(await codesOf("210000")).toEqual(["EI03", "EI04"]);
    expect(await lastAudit("grades.import")).toMatchObject({
      summary: "Importou séries por CSV: 3 criadas, 0 atualizadas, 0 sem mudança",
    });
    const exported = await exportCsv("210000");
    expect(exported).toBe(
      `${HEADER}\r\n210000;EI03;Educação Infantil;Infantil 3;1\r\n210000;EI04;Educação Infantil;Infantil 4;2\r\n`,
    );

    const again = await post("/gestor/grades/import", { csv });
    expect(again.body).toMatchObject({ creates: 0, updates: 0, unchanged: 3 });
    expect(await exportCsv("210000")).toBe(exported);
    expect(await seriesRowCount()).toBe(count + 3);

    const renamed = await post("/gestor/grades/import", {
      csv: `${HEADER}\n210000;EI04;Educação Infantil;Infantil 4 anos;1`,
    });
    expect(renamed.body).toMatchObject({ creates: 0, updates: 1 });
    expect((await gradesOf("210000")).map((grade) => grade.HABILITACAO)).toEqual(["Infantil 3", "Infantil 4 anos"]);
  });

  it("exports every period in a shape that imports back without a change", async () => {
    const csv = await exportCsv();
    expect(csv.split("\r\n")[0]).toBe(HEADER);
    const preview = await post("/gestor/grades/import/preview", { csv });
    expect(preview.body).toMatchObject({ errors: [], creates: 0, updates: 0, unchanged: await seriesRowCount() });
  });

  it("lists each bad row's errors in Portuguese and writes nothing when one row is wrong", async () => {
    const csv = [
      HEADER,
      "210200;EF06;Ensino Fundamental II;6º Ano;",
      "2102;EF07;Ensino Fundamental II;7º Ano;",
      "210200;;Ensino Fundamental II;8º Ano;",
      "210200;EF09;;9º Ano;x",
      "210200;EF06;Ensino Fundamental II;6º Ano B;",
    ].join("\n");
    const preview = await post("/gestor/grades/import/preview", { csv });
    expect(preview.body.errors).toEqual([
      { line: 3, column: "CODPERLET", message: "Período letivo inválido: use o ano seguido de 00, como 202600." },
      { line: 4, column: "CODGRADE", message: "Informe o código da série (CODGRADE)." },
      { line: 5, column: "CURSO", message: "Informe o curso (CURSO)." },
      { line: 5, column: "ORDEM", message: "Informe a ordem como um número inteiro de 1 a 999, ou deixe em branco." },
      { line: 6, column: "CODGRADE", message: "A série EF06 do período 210200 já aparece na linha 2 do arquivo." },
    ]);
    const refused = await post("/gestor/grades/import", { csv });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("Nada foi importado: 5 erros no arquivo. Confira a prévia.");
    expect(await codesOf("210200")).toEqual([]);
    const header = await post("/gestor/grades/import/preview", { csv: "CODPERLET;CODIGO\n210200;EF06" });
    expect(header.body.errors.map((error: { message: string }) => error.message)).toContain(
      "Falta a coluna CODGRADE no cabeçalho.",
    );
  });
});

describe("who may", () => {
  it("answers atendimento 403 on every Séries call", async () => {
    for (const reply of [
      await get("/gestor/grades?CODPERLET=202600", atendente.token),
      await post(
        "/gestor/grades",
        { CODPERLET: "209900", codgrade: "X", CURSO: "X", HABILITACAO: "X" },
        atendente.token,
      ),
      await post("/gestor/grades/import/preview", { csv: "x" }, atendente.token),
      await get("/gestor/grades/export", atendente.token),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body.error.message).toBe(ROLE_REFUSED);
    }
    expect(await codesOf("209900")).toEqual([]);
    expect((await t.call("GET", "/gestor/grades?CODPERLET=202600")).status).toBe(401);
  });
});
