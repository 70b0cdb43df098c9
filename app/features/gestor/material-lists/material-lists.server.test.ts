import { beforeAll, describe, expect, it } from "vitest";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  gestorUpload,
  locationOf,
  loginFor,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import {
  copyListsAction,
  copyListsPage,
  exportLists,
  listAction,
  listImportAction,
  listPage,
  listsAction,
  listsPage,
} from "./material-lists.server.ts";

const {
  store,
  admin,
  atendimento: atendente,
  secretaria,
} = gestorTestStoreForFile(["admin", "atendimento", "secretaria"]);

const periodPath = GESTOR_PATHS.materialLists("208700");
const onPeriod = (fields: Record<string, string>, cookie = admin.cookie) =>
  listsAction(gestorPost(cookie, fields, periodPath).request).then(actionReply);
const onList = (listId: string, fields: Record<string, string>) =>
  listAction(gestorPost(admin.cookie, fields, GESTOR_PATHS.materialList(listId)).request, listId).then(actionReply);
const pageOf = (listId: string, query = "") =>
  listPage(gestorGet(admin.cookie, `${GESTOR_PATHS.materialList(listId)}${query}`), listId);
const listIdIn = (response: Response | undefined) => locationOf(response)!.split("/").pop()!;

const products: { code: number; title: string }[] = [];

beforeAll(async () => {
  const now = new Date().toISOString();
  for (const [period, codgrade] of [
    ["208600", "EF06"],
    ["208700", "EF06"],
    ["208700", "EF07"],
  ] as const)
    await store.db
      .insertInto("series")
      .values({
        store_id: 1,
        period_code: period,
        codgrade,
        course: "Ensino Fundamental II",
        grade_name: codgrade === "EF06" ? "6º Ano" : "7º Ano",
        position: 1,
        updated_at: now,
      })
      .execute();
  const rows = await store.db
    .selectFrom("products")
    .select(["item_totvs_id", "title"])
    .where("option_name", "is", null)
    .where("status", "=", "enabled")
    .orderBy("item_totvs_id")
    .limit(2)
    .execute();
  products.push(...rows.map((row) => ({ code: row.item_totvs_id, title: row.title })));
});

describe("Listas de material", () => {
  it("sends a visitor to the login and refuses atendimento and secretaria", async () => {
    expect(locationOf(await thrownBy(listsPage(gestorGet(null, periodPath))))).toBe(loginFor(periodPath));
    for (const person of [atendente, secretaria]) {
      expect((await thrownBy(listsPage(gestorGet(person.cookie, periodPath))))?.status).toBe(403);
      const refused = await thrownBy(
        onPeriod({ intent: "create", CODPERLET: "208700", codgrade: "EF07" }, person.cookie),
      );
      expect(refused?.status).toBe(403);
    }
  });

  it("creates a list, refuses a bad setting with what was typed, and publishes it", async () => {
    const created = await onPeriod({ intent: "create", CODPERLET: "208700", codgrade: "EF07" });
    expect((await toastOf(created.response!))?.message).toBe("Lista criada como rascunho.");
    const listId = listIdIn(created.response);
    const refused = await onList(listId, {
      intent: "settings",
      notice: "Com nome",
      publishFrom: "",
      discountPercentage: "0",
    });
    expect(refused.status).toBe(400);
    expect(refused.data.formId).toBe("lista");
    expect(refused.data.result.error).toMatchObject({
      discountPercentage: ["O desconto deve ser um número inteiro de 1 a 50, ou fique em branco."],
    });
    expect(refused.data.result.initialValue).toMatchObject({ notice: "Com nome", discountPercentage: "0" });
    const saved = await onList(listId, {
      intent: "settings",
      notice: "Com nome",
      publishFrom: "2000-02-01",
      discountPercentage: "15",
    });
    expect(locationOf(saved.response)).toBe(GESTOR_PATHS.materialList(listId));
    expect((await pageOf(listId)).list).toMatchObject({
      state: "publicada",
      discountPercentage: 15,
      notice: "Com nome",
    });
    const unpublished = await onList(listId, { intent: "unpublish" });
    expect((await toastOf(unpublished.response!))?.message).toBe(
      "Lista despublicada: os responsáveis não a veem mais.",
    );
    expect((await pageOf(listId)).list.state).toBe("rascunho");
  });

  it("adds a line found by name, refuses a repeated one as the form's error, and edits it", async () => {
    const { grades } = await listsPage(gestorGet(admin.cookie, periodPath));
    const listId = grades.find((grade) => grade.codgrade === "EF07")!.list!.id;
    const [product] = products;
    const search = await pageOf(listId, `?busca=${encodeURIComponent(product!.title)}`);
    expect(search.found?.map((row) => row.itemTOTVSId)).toContain(product!.code);
    expect((await pageOf(listId, `?item=${product!.code}`)).item).toBe(String(product!.code));

    const added = await onList(listId, {
      intent: "add-line",
      item: String(product!.code),
      quantity: "2",
      required: "on",
    });
    expect((await toastOf(added.response!))?.message).toBe("Item incluído na lista.");
    const again = await onList(listId, { intent: "add-line", item: String(product!.code), quantity: "1" });
    expect(again.status).toBe(409);
    expect(again.data.formId).toBe("novo-item");
    expect(again.data.result.error).toMatchObject({
      "": [`O produto "${product!.title}" já está nesta lista: mude a quantidade do item que já existe.`],
    });
    const [line] = (await pageOf(listId)).list.lines;
    const edited = await onList(listId, { intent: "update-line", lineId: line!.id, quantity: "4", note: "azul" });
    expect((await toastOf(edited.response!))?.message).toBe("Item salvo.");
    expect((await pageOf(listId)).list.lines[0]).toMatchObject({ quantity: 4, required: false, note: "azul" });
    const badLine = await onList(listId, { intent: "update-line", lineId: line!.id, quantity: "0" });
    expect(badLine.data.formId).toBe(`item-${line!.id}`);
  });

  it("copies last year's list of a grade, and a period's lists after showing the plan", async () => {
    const source = await onPeriod({ intent: "create", CODPERLET: "208700", codgrade: "EF06" }).then((reply) =>
      listIdIn(reply.response),
    );
    // 208700's EF06 list, copied into 208800 whose grades are those of 208700.
    await onList(source, { intent: "add-line", item: String(products[1]!.code), quantity: "1" });
    await store.db
      .insertInto("series")
      .values({
        store_id: 1,
        period_code: "208800",
        codgrade: "EF06",
        course: "Ensino Fundamental II",
        grade_name: "6º Ano",
        position: 1,
        updated_at: new Date().toISOString(),
      })
      .execute();
    const copied = await listsAction(
      gestorPost(
        admin.cookie,
        { intent: "copy", CODPERLET: "208800", codgrade: "EF06" },
        GESTOR_PATHS.materialLists("208800"),
      ).request,
    ).then(actionReply);
    expect((await toastOf(copied.response!))?.message).toBe("Lista copiada de 208700 como rascunho: 1 item.");
    // 208600's EF06 has no list a year before.
    const none = await onPeriod({ intent: "copy", CODPERLET: "208600", codgrade: "EF06" });
    expect(locationOf(none.response)).toBe(GESTOR_PATHS.materialLists("208600"));
    expect((await toastOf(none.response!))?.message).toBe(
      "A série EF06 não tem lista de material no período 208500 para copiar.",
    );

    const plan = await copyListsPage(
      gestorGet(admin.cookie, `${GESTOR_PATHS.materialListsCopy}?de=208700&para=208800`),
    );
    expect(plan.plan).toMatchObject({ copies: 0, skips: 2 });
    const copyPath = GESTOR_PATHS.materialListsCopy;
    const run = await copyListsAction(
      gestorPost(admin.cookie, { intent: "copy", from: "208700", to: "208800" }, copyPath).request,
    ).then(actionReply);
    expect((await toastOf(run.response!))?.message).toBe(
      "0 listas copiadas de 208700 para 208800 como rascunho. Não copiadas: EF06 (a série já tem lista no período 208800); EF07 (a série não existe no período 208800).",
    );
  });

  it("previews an uploaded file, imports it, and downloads the period as CSV", async () => {
    const csv = `CODPERLET;CODGRADE;ITEM;QUANTIDADE;OBRIGATORIO;USO_COLETIVO;OBSERVACAO;ORDEM\r\n208600;EF06;${products[0]!.code};3;S;N;;\r\n`;
    const upload = (fields: Record<string, string | File>) => {
      const formData = new FormData();
      for (const [key, value] of Object.entries(fields)) formData.append(key, value);
      return listImportAction(gestorUpload(admin.cookie, formData, GESTOR_PATHS.materialListsImport)).then(actionReply);
    };
    const preview = await upload({ intent: "preview", arquivo: new File([csv], "listas.csv", { type: "text/csv" }) });
    expect(preview.data).toMatchObject({
      step: "preview",
      report: { errors: [], creates: 1, newLists: [{ CODPERLET: "208600", codgrade: "EF06" }] },
    });
    const imported = await upload({ intent: "import", csv: preview.data.csv });
    expect(locationOf(imported.response)).toBe(GESTOR_PATHS.materialLists("208600"));
    expect((await toastOf(imported.response!))?.message).toBe(
      "Importação concluída: 1 item incluído, 0 atualizados, 0 sem mudança, 0 tirados das listas.",
    );
    const download = await exportLists(gestorGet(admin.cookie, GESTOR_PATHS.materialListsExport("208600")));
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="listas-de-material-208600.csv"');
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(3)
        .toString("utf8"),
    ).toBe(csv.replace(";\r\n", ";1\r\n"));
  });
});
