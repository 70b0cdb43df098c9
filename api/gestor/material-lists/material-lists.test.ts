import { beforeAll, describe, expect, it } from "vitest";
import { gestorTestApiForFile } from "#tests/fixtures/staff.ts";
import { ROLE_REFUSED } from "../staff/require-staff.ts";
import { isOffSale, type LineRow } from "./repository.ts";

const { t, admin, atendimento, secretaria } = gestorTestApiForFile(["admin", "atendimento", "secretaria"], {
  seed: true,
});

const get = (path: string, token = admin.token) => t.call("GET", path, undefined, { token });
const post = (path: string, body: unknown = {}, token = admin.token) => t.call("POST", path, body, { token });

const addGrade = (CODPERLET: string, codgrade: string) =>
  post("/gestor/grades", { CODPERLET, codgrade, CURSO: "Ensino Fundamental II", HABILITACAO: `Série ${codgrade}` });
const createList = async (CODPERLET: string, codgrade: string): Promise<string> => {
  const reply = await post("/gestor/material-lists", { CODPERLET, codgrade });
  expect(reply.status).toBe(200);
  return reply.body.list.id;
};
const listOf = async (listId: string) => (await get(`/gestor/material-lists/${listId}`)).body.list;
const itemsOf = async (listId: string) =>
  (await listOf(listId)).lines.map((line: { itemTOTVSId: number }) => line.itemTOTVSId);
const addLine = (listId: string, item: number | string, extra: Record<string, string> = {}) =>
  post(`/gestor/material-lists/${listId}/lines`, { item: String(item), quantity: "1", ...extra });
const lastAudit = (action: string) =>
  t.db
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", action)
    .orderBy("at", "desc")
    .orderBy("id")
    .executeTakeFirstOrThrow();

/** Products of the seed: three plain ones, a sized one and one of its sizes' codes. */
const items = { plain: [] as { code: number; title: string }[], sized: 0, sizedTitle: "", size: 0, sizeValue: "" };

beforeAll(async () => {
  const plain = await t.db
    .selectFrom("products")
    .select(["item_totvs_id", "title"])
    .where("option_name", "is", null)
    .where("status", "=", "enabled")
    .orderBy("item_totvs_id")
    .limit(4)
    .execute();
  items.plain = plain.map((row) => ({ code: row.item_totvs_id, title: row.title }));
  // A polo with sizes (the seed has none): the product's code names it, a size's code does not.
  const template = await t.db
    .selectFrom("products")
    .selectAll()
    .where("item_totvs_id", "=", items.plain[0]!.code)
    .executeTakeFirstOrThrow();
  const productId = crypto.randomUUID();
  await t.db
    .insertInto("products")
    .values({
      ...template,
      id: productId,
      item_totvs_id: 778_000_001,
      title: "Polo da Lista",
      slug: "polo-da-lista",
      option_name: "Tamanho",
    })
    .execute();
  await t.db
    .insertInto("product_variants")
    .values({
      id: crypto.randomUUID(),
      store_id: template.store_id,
      product_id: productId,
      item_totvs_id: 778_000_002,
      value: "M",
      position: 0,
      price_cents: null,
      sale_price_cents: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  Object.assign(items, { sized: 778_000_001, sizedTitle: "Polo da Lista", size: 778_000_002, sizeValue: "M" });
});

const code = (index: number) => items.plain[index]!.code;

describe("a grade's list", () => {
  it("creates a draft for a grade of the period, once, and refuses a grade the period lacks", async () => {
    await addGrade("209100", "L1");
    const listId = await createList("209100", "L1");
    expect(await listOf(listId)).toMatchObject({ state: "rascunho", publishFrom: null, lineCount: 0, codgrade: "L1" });
    const again = await post("/gestor/material-lists", { CODPERLET: "209100", codgrade: "L1" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("A série L1 já tem lista de material no período 209100.");
    const missing = await post("/gestor/material-lists", { CODPERLET: "209100", codgrade: "NAO" });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("A série NAO não existe no período 209100. Cadastre-a em Séries antes.");
    expect(await lastAudit("material-list.create")).toMatchObject({
      actor_label: admin.email,
      target_id: listId,
      summary: "Criou a lista de material de Série L1 (L1) do período 209100",
    });
    const period = (await get("/gestor/material-lists?CODPERLET=209100")).body;
    expect(period.grades).toEqual([
      expect.objectContaining({ codgrade: "L1", list: expect.objectContaining({ id: listId, state: "rascunho" }) }),
    ]);
    // A period with grades and no list yet is offered too.
    await addGrade("211900", "L1");
    expect(period.periods).toContainEqual({ CODPERLET: "209100", listCount: 1 });
    expect((await get("/gestor/material-lists?CODPERLET=209100")).body.periods).toContainEqual({
      CODPERLET: "211900",
      listCount: 0,
    });
  });

  it("keeps one list when two tabs create the same grade's list at once", async () => {
    await addGrade("210500", "L1");
    const replies = await Promise.all([
      post("/gestor/material-lists", { CODPERLET: "210500", codgrade: "L1" }),
      post("/gestor/material-lists", { CODPERLET: "210500", codgrade: "L1" }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
  });

  it("adds lines by the product's item code, once each, and refuses unknown codes and a size's code", async () => {
    await addGrade("209200", "L2");
    const listId = await createList("209200", "L2");
    expect((await addLine(listId, code(0), { required: "on", note: "pode ser o do ano anterior" })).status).toBe(200);
    expect((await addLine(listId, items.sized, { quantity: "2" })).status).toBe(200);
    const twice = await addLine(listId, code(0));
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(
      `O produto "${items.plain[0]!.title}" já está nesta lista: mude a quantidade do item que já existe.`,
    );
    const unknown = await addLine(listId, 999_999_991);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe("Nenhum produto da loja tem o código de item 999999991.");
    const size = await addLine(listId, items.size);
    expect(size.body.error.message).toBe(
      `O código ${items.size} é do tamanho ${items.sizeValue} de "${items.sizedTitle}". Use o código do produto (${items.sized}): o responsável escolhe o tamanho.`,
    );
    const badQuantity = await addLine(listId, code(1), { quantity: "100" });
    expect(badQuantity.status).toBe(400);
    expect(badQuantity.body.error.message).toBe("A quantidade deve ser um número inteiro de 1 a 99.");
    const list = await listOf(listId);
    expect(list.lines).toEqual([
      expect.objectContaining({
        itemTOTVSId: code(0),
        quantity: 1,
        required: true,
        note: "pode ser o do ano anterior",
      }),
      expect.objectContaining({
        itemTOTVSId: items.sized,
        quantity: 2,
        required: false,
        optionName: expect.any(String),
      }),
    ]);
    expect(await lastAudit("material-list.add-line")).toMatchObject({ target_id: listId });
  });

  it("refuses a product of another store: its item code names nothing in this one", async () => {
    await addGrade("210600", "L3");
    const listId = await createList("210600", "L3");
    const template = await t.db.selectFrom("stores").selectAll().executeTakeFirstOrThrow();
    await t.db
      .insertInto("stores")
      .values({ ...template, id: 2 })
      .execute();
    const product = await t.db
      .selectFrom("products")
      .selectAll()
      .where("item_totvs_id", "=", code(3))
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("products")
      .values({
        ...product,
        id: crypto.randomUUID(),
        store_id: 2,
        item_totvs_id: 777_000_001,
        slug: `${product.slug}-2`,
      })
      .execute();
    const refused = await addLine(listId, 777_000_001);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("Nenhum produto da loja tem o código de item 777000001.");
    expect(await itemsOf(listId)).toEqual([]);
  });

  it("edits, reorders and removes lines, keeping positions 1…n and bumping the list's updated_at", async () => {
    await addGrade("209300", "L4");
    const listId = await createList("209300", "L4");
    for (const index of [0, 1, 2]) await addLine(listId, code(index));
    const before = await listOf(listId);
    const [first, second, third] = before.lines;
    t.setNow(new Date(Date.now() + 60_000));
    const edited = await post(`/gestor/material-lists/${listId}/lines/${second.id}`, {
      quantity: "3",
      required: "on",
      collectiveUse: "on",
      note: "",
    });
    expect(edited.status).toBe(200);
    const after = await listOf(listId);
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect(after.lines[1]).toMatchObject({ quantity: 3, required: true, collectiveUse: true, note: null });
    expect(after).toMatchObject({ collectiveUseCount: 1, requiredCollectiveUseCount: 1 });
    const audit = await lastAudit("material-list.update-line");
    expect(JSON.parse(audit.after_json!)).toEqual({ quantity: 3, required: true, collective_use: true });

    await post(`/gestor/material-lists/${listId}/lines/${third.id}/move`, { direction: "up" });
    expect(await itemsOf(listId)).toEqual([code(0), code(2), code(1)]);
    // At the top already: nothing moves.
    await post(`/gestor/material-lists/${listId}/lines/${first.id}/move`, { direction: "up" });
    expect(await itemsOf(listId)).toEqual([code(0), code(2), code(1)]);
    await post(`/gestor/material-lists/${listId}/lines/${first.id}/remove`);
    expect(await itemsOf(listId)).toEqual([code(2), code(1)]);
    const positions = await t.db
      .selectFrom("material_list_lines")
      .select("position")
      .where("list_id", "=", listId)
      .orderBy("position")
      .execute();
    expect(positions.map((row) => row.position)).toEqual([1, 2]);
    expect((await post(`/gestor/material-lists/${listId}/lines/${first.id}/remove`)).status).toBe(404);
    t.setNow(undefined);
  });

  it("keeps positions dense and unique when two tabs move and add at once", async () => {
    await addGrade("210700", "L5");
    const listId = await createList("210700", "L5");
    for (const index of [0, 1]) await addLine(listId, code(index));
    const [, second] = (await listOf(listId)).lines;
    await Promise.all([
      post(`/gestor/material-lists/${listId}/lines/${second.id}/move`, { direction: "up" }),
      addLine(listId, code(2)),
      post(`/gestor/material-lists/${listId}/lines/${second.id}/move`, { direction: "down" }),
      addLine(listId, code(3)),
    ]);
    const positions = await t.db
      .selectFrom("material_list_lines")
      .select("position")
      .where("list_id", "=", listId)
      .orderBy("position")
      .execute();
    expect(positions.map((row) => row.position)).toEqual([1, 2, 3, 4]);
  });

  it("publishes from a date, schedules, unpublishes and sets the discount, audited", async () => {
    await addGrade("209400", "L6");
    const listId = await createList("209400", "L6");
    const today = new Date().toISOString().slice(0, 10);
    const settings = (fields: Record<string, string>) => post(`/gestor/material-lists/${listId}`, fields);
    expect(
      (await settings({ notice: "Entregar com nome", publishFrom: "2000-01-10", discountPercentage: "10" })).status,
    ).toBe(200);
    expect(await listOf(listId)).toMatchObject({
      state: "publicada",
      publishFrom: "2000-01-10",
      discountPercentage: 10,
      notice: "Entregar com nome",
    });
    expect(await lastAudit("material-list.update")).toMatchObject({
      summary: "Alterou a lista de material de L6 do período 209400: publicada a partir de 10/01/2000, 10% de desconto",
    });
    await settings({ publishFrom: "2999-01-01", discountPercentage: "" });
    expect(await listOf(listId)).toMatchObject({ state: "agendada", discountPercentage: null, notice: null });
    const badDiscount = await settings({ discountPercentage: "51" });
    expect(badDiscount.status).toBe(400);
    expect(badDiscount.body.error.message).toBe("O desconto deve ser um número inteiro de 1 a 50, ou fique em branco.");
    const badDate = await settings({ publishFrom: "2026-02-30" });
    expect(badDate.body.error.message).toBe("Informe uma data válida.");
    await settings({ publishFrom: today });
    expect((await post(`/gestor/material-lists/${listId}/unpublish`)).status).toBe(200);
    expect(await listOf(listId)).toMatchObject({ state: "rascunho", publishFrom: null });
    expect(await lastAudit("material-list.unpublish")).toMatchObject({ target_id: listId });
  });
});

describe("a grade and its list", () => {
  it("carries the list along when the grade's code changes, and keeps a grade with a list from removal", async () => {
    await addGrade("210800", "G1");
    const listId = await createList("210800", "G1");
    const { grades } = (await get("/gestor/grades?CODPERLET=210800")).body;
    const gradeId = grades[0].id;
    const renamed = await post(`/gestor/grades/${gradeId}`, {
      codgrade: "G2",
      CURSO: "Ensino Fundamental II",
      HABILITACAO: "Série G2",
    });
    expect(renamed.status).toBe(200);
    expect(await listOf(listId)).toMatchObject({ codgrade: "G2", HABILITACAO: "Série G2" });
    const refused = await post(`/gestor/grades/${gradeId}/remove`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "A série Série G2 (G2) não pode ser removida: ela tem lista de material no período 210800. Remova a lista em Listas de material antes.",
    );
    expect((await post(`/gestor/material-lists/${listId}/remove`)).status).toBe(200);
    expect(await lastAudit("material-list.remove")).toMatchObject({
      summary: "Removeu a lista de material de G2 do período 210800 (0 itens)",
    });
    expect((await post(`/gestor/grades/${gradeId}/remove`)).status).toBe(200);
  });

  it("refuses with a 409 a new code a list without a grade already has, changing nothing", async () => {
    await addGrade("210900", "G3");
    const listId = await createList("210900", "G3");
    const list = await t.db.selectFrom("material_lists").selectAll().where("id", "=", listId).executeTakeFirstOrThrow();
    // A list whose grade is gone (a grade's removal refuses one with a list: written here directly).
    await t.db
      .insertInto("material_lists")
      .values({ ...list, id: crypto.randomUUID(), codgrade: "O1" })
      .execute();
    const { grades } = (await get("/gestor/grades?CODPERLET=210900")).body;
    const refused = await post(`/gestor/grades/${grades[0].id}`, {
      codgrade: "O1",
      CURSO: "Ensino Fundamental II",
      HABILITACAO: "Série G3",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "A série Série G3 (G3) não pode mudar para o código O1: o período 210900 já tem uma lista de material com esse código, que não é de nenhuma série. Escolha outro código.",
    );
    expect((await get("/gestor/grades?CODPERLET=210900")).body.grades[0].codgrade).toBe("G3");
    expect(await listOf(listId)).toMatchObject({ codgrade: "G3" });
  });
});

describe("copying last year's lists", () => {
  it("copies a grade's list from the previous period as a draft, without disabled products", async () => {
    await addGrade("209500", "C1");
    await addGrade("209600", "C1");
    const source = await createList("209500", "C1");
    await addLine(source, code(0), { required: "on", note: "pode ser o do ano anterior", quantity: "2" });
    await addLine(source, code(1));
    await post(`/gestor/material-lists/${source}`, { publishFrom: "2000-01-01", discountPercentage: "5" });
    await t.db.updateTable("products").set({ status: "disabled" }).where("item_totvs_id", "=", code(1)).execute();
    try {
      const copied = await post("/gestor/material-lists/copy-previous", { CODPERLET: "209600", codgrade: "C1" });
      expect(copied.status).toBe(200);
      expect(copied.body).toMatchObject({
        from: "209500",
        lines: 1,
        dropped: [{ itemTOTVSId: code(1), title: items.plain[1]!.title }],
      });
      const copy = await listOf(copied.body.list.id);
      expect(copy).toMatchObject({ state: "rascunho", publishFrom: null, discountPercentage: null });
      expect(copy.lines).toEqual([
        expect.objectContaining({
          itemTOTVSId: code(0),
          quantity: 2,
          required: true,
          note: "pode ser o do ano anterior",
        }),
      ]);
      expect(await lastAudit("material-list.copy")).toMatchObject({
        summary: "Copiou a lista de material de Série C1 (C1) do período 209500 para 209600: 1 item",
      });
      const again = await post("/gestor/material-lists/copy-previous", { CODPERLET: "209600", codgrade: "C1" });
      expect(again.status).toBe(409);
      await addGrade("209600", "C2");
      const none = await post("/gestor/material-lists/copy-previous", { CODPERLET: "209600", codgrade: "C2" });
      expect(none.body.error.message).toBe("A série C2 não tem lista de material no período 209500 para copiar.");
    } finally {
      await t.db.updateTable("products").set({ status: "enabled" }).where("item_totvs_id", "=", code(1)).execute();
    }
  });

  it("copies every list of a period into the grades of another that have none, and says what was skipped", async () => {
    for (const grade of ["P1", "P2", "P3"]) await addGrade("209700", grade);
    for (const grade of ["P1", "P2"]) await addGrade("209800", grade);
    for (const grade of ["P1", "P2", "P3"]) await addLine(await createList("209700", grade), code(0));
    const existing = await createList("209800", "P2");
    const preview = await get("/gestor/material-lists/copy-period?from=209700&to=209800");
    expect(preview.body).toMatchObject({
      copies: 1,
      skips: 2,
      grades: [
        { codgrade: "P1", action: "copiar", reason: null, lines: 1 },
        { codgrade: "P2", action: "ignorar", reason: "A série já tem lista no período 209800." },
        { codgrade: "P3", action: "ignorar", reason: "A série não existe no período 209800." },
      ],
    });
    expect((await get("/gestor/material-lists?CODPERLET=209800")).body.grades[0].list).toBeNull();
    const copied = await post("/gestor/material-lists/copy-period", { from: "209700", to: "209800" });
    expect(copied.status).toBe(200);
    expect(copied.body).toEqual(preview.body);
    const period = (await get("/gestor/material-lists?CODPERLET=209800")).body;
    expect(period.grades.map((grade: { list: { lineCount: number } | null }) => grade.list?.lineCount)).toEqual([1, 0]);
    expect(period.grades[1].list.id).toBe(existing);
    expect(await lastAudit("material-lists.copy-period")).toMatchObject({
      summary: "Copiou 1 lista de material do período 209700 para 209800; 2 ignoradas",
    });
    const same = await post("/gestor/material-lists/copy-period", { from: "209700", to: "209700" });
    expect(same.body.error.message).toBe("Escolha um período de destino diferente do de origem.");
  });
});

describe("CSV import and export", () => {
  const HEADER = "CODPERLET;CODGRADE;ITEM;QUANTIDADE;OBRIGATORIO;USO_COLETIVO;OBSERVACAO;ORDEM";
  const exportCsv = async (period: string) => {
    const response = await t.api.request(`/gestor/material-lists/export?CODPERLET=${period}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    return Buffer.from(await response.arrayBuffer())
      .subarray(3)
      .toString("utf8");
  };

  it("imports the demo's lists as exported, every row unchanged and nothing written", async () => {
    const { period_code: period } = await t.db
      .selectFrom("material_lists")
      .select("period_code")
      .executeTakeFirstOrThrow();
    const saved = () =>
      t.db
        .selectFrom("material_lists as m")
        .innerJoin("material_list_lines as l", "l.list_id", "m.id")
        .selectAll("l")
        .select("m.updated_at")
        .where("m.period_code", "=", period)
        .orderBy("l.id")
        .execute();
    const before = await saved();
    const exported = await exportCsv(period);
    expect(exported.trimEnd().split("\r\n")).toHaveLength(before.length + 1);
    const run = await post("/gestor/material-lists/import", { csv: exported });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ errors: [], creates: 0, updates: 0, removed: [], newLists: [] });
    expect(run.body.rows).toHaveLength(before.length);
    expect(run.body.rows.every((row: { action: string }) => row.action === "sem mudança")).toBe(true);
    expect(await saved()).toEqual(before);
  });

  it("previews without writing, imports all rows, replaces a named list's lines, and the same file again changes nothing", async () => {
    for (const grade of ["I1", "I2"]) await addGrade("210000", grade);
    const existing = await createList("210000", "I2");
    await addLine(existing, code(3));
    await post(`/gestor/material-lists/${existing}`, { publishFrom: "2000-01-01", discountPercentage: "10" });
    const csv = [
      HEADER,
      `210000;I1;${code(0)};2;S;N;pode ser o do ano anterior;`,
      `210000;I1;${code(1)};1;N;S;;`,
      `210000;I2;${code(2)};1;S;;;`,
    ].join("\r\n");
    const preview = await post("/gestor/material-lists/import/preview", { csv });
    expect(preview.body).toMatchObject({
      errors: [],
      creates: 3,
      updates: 0,
      unchanged: 0,
      newLists: [{ CODPERLET: "210000", codgrade: "I1" }],
      removed: [{ codgrade: "I2", itemTOTVSId: code(3) }],
    });
    expect((await get("/gestor/material-lists?CODPERLET=210000")).body.grades[0].list).toBeNull();

    const run = await post("/gestor/material-lists/import", { csv: `\uFEFF${csv}` });
    expect(run.status).toBe(200);
    expect(await itemsOf(existing)).toEqual([code(2)]);
    // Publish date and discount are not in the file: they stay.
    expect(await listOf(existing)).toMatchObject({ state: "publicada", discountPercentage: 10 });
    expect(await lastAudit("material-lists.import")).toMatchObject({
      summary: "Importou listas de material por CSV: 3 itens criados, 0 atualizados, 0 sem mudança, 1 removidos",
    });
    const exported = await exportCsv("210000");
    expect(exported).toBe(
      `${HEADER}\r\n210000;I1;${code(0)};2;S;N;pode ser o do ano anterior;1\r\n210000;I1;${code(1)};1;N;S;;2\r\n210000;I2;${code(2)};1;S;N;;1\r\n`,
    );
    const { updatedAt } = await listOf(existing);
    const again = await post("/gestor/material-lists/import", { csv: exported });
    expect(again.body).toMatchObject({ creates: 0, updates: 0, unchanged: 3, removed: [], newLists: [] });
    expect((await listOf(existing)).updatedAt).toBe(updatedAt);

    const reordered = await post("/gestor/material-lists/import", {
      csv: `${HEADER}\n210000;I1;${code(0)};2;S;N;pode ser o do ano anterior;2\n210000;I1;${code(1)};5;N;S;;1`,
    });
    expect(reordered.body).toMatchObject({ creates: 0, updates: 2 });
    const i1 = (await get("/gestor/material-lists?CODPERLET=210000")).body.grades[0].list.id;
    expect(
      (await listOf(i1)).lines.map((line: { itemTOTVSId: number; quantity: number }) => [
        line.itemTOTVSId,
        line.quantity,
      ]),
    ).toEqual([
      [code(1), 5],
      [code(0), 2],
    ]);
  });

  it("leaves no line out of its report when another tab adds one to a list it names at once", async () => {
    for (const grade of ["R1", "R2", "R3"]) {
      await addGrade("210200", grade);
      const listId = await createList("210200", grade);
      await addLine(listId, code(0));
      const [run, added] = await Promise.all([
        post("/gestor/material-lists/import", {
          csv: `${HEADER}\n210200;${grade};${code(1)};1;S;N;;\n210200;${grade};${code(2)};1;S;N;;`,
        }),
        addLine(listId, code(3)),
      ]);
      expect([run.status, added.status]).toEqual([200, 200]);
      const removed = run.body.removed.map((line: { itemTOTVSId: number }) => line.itemTOTVSId);
      const kept = await itemsOf(listId);
      // Either the import came first (the new line stays after the file's) or it saw the line and removed it.
      expect([...kept, ...removed].sort()).toEqual([code(0), code(1), code(2), code(3)].sort());
      expect(kept.slice(0, 2)).toEqual([code(1), code(2)]);
      const positions = await t.db
        .selectFrom("material_list_lines")
        .select("position")
        .where("list_id", "=", listId)
        .orderBy("position")
        .execute();
      expect(positions.map((row) => row.position)).toEqual(kept.map((_: number, index: number) => index + 1));
    }
  });

  it("lists each bad row's errors in Portuguese and writes nothing when one row is wrong", async () => {
    await addGrade("210100", "E1");
    const csv = [
      HEADER,
      `210100;E1;${code(0)};1;S;N;;`,
      `210100;E9;${code(1)};1;S;N;;`,
      `210100;E1;${items.size};1;S;N;;`,
      `210100;E1;999999992;0;X;N;;x`,
      `210100;E1;${code(0)};1;N;N;;`,
    ].join("\n");
    const preview = await post("/gestor/material-lists/import/preview", { csv });
    expect(preview.body.errors).toEqual([
      { line: 3, column: "CODGRADE", message: "A série E9 não existe no período 210100." },
      {
        line: 4,
        column: "ITEM",
        message: `O código ${items.size} é do tamanho ${items.sizeValue} de "${items.sizedTitle}". Use o código do produto (${items.sized}): o responsável escolhe o tamanho.`,
      },
      { line: 5, column: "QUANTIDADE", message: "A quantidade deve ser um número inteiro de 1 a 99." },
      { line: 5, column: "OBRIGATORIO", message: "Use S (sim) ou N (não)." },
      { line: 5, column: "ORDEM", message: "Informe a ordem como um número inteiro de 1 a 999, ou deixe em branco." },
      {
        line: 6,
        column: "ITEM",
        message: `O produto "${items.plain[0]!.title}" já aparece na linha 2 para a mesma lista.`,
      },
    ]);
    const refused = await post("/gestor/material-lists/import", { csv });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("Nada foi importado: 6 erros no arquivo. Confira a prévia.");
    expect((await get("/gestor/material-lists?CODPERLET=210100")).body.grades[0].list).toBeNull();
  });
});

describe("who may", () => {
  it("answers atendimento and secretaria 403 on the lists' calls", async () => {
    for (const person of [atendimento, secretaria])
      for (const reply of [
        await get("/gestor/material-lists?CODPERLET=202600", person.token),
        await post("/gestor/material-lists", { CODPERLET: "202600", codgrade: "EF06" }, person.token),
        await post("/gestor/material-lists/import/preview", { csv: "x" }, person.token),
        await get("/gestor/material-lists/export?CODPERLET=202600", person.token),
      ]) {
        expect(reply.status).toBe(403);
        expect(reply.body.error.message).toBe(ROLE_REFUSED);
      }
    expect((await t.call("GET", "/gestor/material-lists?CODPERLET=202600")).status).toBe(401);
  });
});

describe("the gestor's off-sale warning", () => {
  const line: LineRow = {
    id: "l",
    list_id: "list",
    product_id: "p",
    position: 1,
    quantity: 1,
    required: 1,
    collective_use: 0,
    note: null,
    item_totvs_id: 1,
    title: "Camiseta",
    option_name: null,
    status: "enabled",
    visible: 1,
    category_status: "enabled",
    category_visible: 1,
    active_sizes: 0,
  };
  it("flags what the parents' list calls unavailable: a hidden product, and a sized one without an active size", () => {
    expect(isOffSale(line)).toBe(false);
    expect(isOffSale({ ...line, visible: 0 })).toBe(true);
    expect(isOffSale({ ...line, category_status: "disabled" })).toBe(true);
    expect(isOffSale({ ...line, option_name: "Tamanho", active_sizes: 0 })).toBe(true);
    expect(isOffSale({ ...line, option_name: "Tamanho", active_sizes: 2 })).toBe(false);
  });
});
