import { describe, expect, it } from "vitest";
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
import { currentPeriodCode } from "#core/dates.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { exportGrades, gradeAction, gradeImportAction, gradePage, gradesAction, gradesPage } from "./grades.server.ts";

const { store, admin, atendimento: atendente } = gestorTestStoreForFile(["admin", "atendimento"]);

const listPath = GESTOR_PATHS.grades("208100");
const act = (fields: Record<string, string>, cookie = admin.cookie) =>
  gradesAction(gestorPost(cookie, fields, listPath).request).then(actionReply);
const codesOf = async (period: string) =>
  (await gradesPage(gestorGet(admin.cookie, GESTOR_PATHS.grades(period)))).grades.map((grade) => grade.codgrade);

describe("Séries", () => {
  it("sends a visitor to the login and refuses atendimento", async () => {
    expect(locationOf(await thrownBy(gradesPage(gestorGet(null, listPath))))).toBe(loginFor(listPath));
    expect((await thrownBy(gradesPage(gestorGet(atendente.cookie, listPath))))?.status).toBe(403);
    const refused = await thrownBy(act({ intent: "create", CODPERLET: "208100", codgrade: "X" }, atendente.cookie));
    expect(refused?.status).toBe(403);
  });

  it("shows the current period without ?periodo=, and with the code's message when it is not one", async () => {
    const plain = await gradesPage(gestorGet(admin.cookie, "/gestor/series"));
    expect(plain).toMatchObject({ CODPERLET: currentPeriodCode(), periodError: null });
    expect(plain.grades.length).toBeGreaterThan(0);
    const typo = await gradesPage(gestorGet(admin.cookie, "/gestor/series?periodo=2026"));
    expect(typo).toMatchObject({
      CODPERLET: currentPeriodCode(),
      periodError: "Período letivo inválido: use o ano seguido de 00, como 202600.",
    });
  });

  it("adds a grade with a toast, and shows a refused one again with what was typed", async () => {
    const added = await act({
      intent: "create",
      CODPERLET: "208100",
      codgrade: "EF06",
      CURSO: "Ensino Fundamental II",
      HABILITACAO: "6º Ano",
    });
    expect(locationOf(added.response)).toBe(listPath);
    expect((await toastOf(added.response!))?.message).toBe("Série criada.");
    expect(await codesOf("208100")).toEqual(["EF06"]);

    const taken = await act({ intent: "create", CODPERLET: "208100", codgrade: "EF06", CURSO: "X", HABILITACAO: "Y" });
    expect(taken.status).toBe(409);
    expect(taken.data.formId).toBe("nova-serie");
    expect(taken.data.result.error).toMatchObject({ "": ["Já existe a série EF06 no período 208100."] });
    expect(taken.data.result.initialValue).toMatchObject({ CURSO: "X", HABILITACAO: "Y" });

    const empty = await act({
      intent: "create",
      CODPERLET: "208100",
      codgrade: "EF07",
      CURSO: "",
      HABILITACAO: "7º Ano",
    });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error).toMatchObject({ CURSO: ["Informe o curso (CURSO)."] });
    expect(await codesOf("208100")).toEqual(["EF06"]);
  });

  it("moves a grade, copies the period to the next, and refuses a second copy", async () => {
    await act({
      intent: "create",
      CODPERLET: "208100",
      codgrade: "EF07",
      CURSO: "Ensino Fundamental II",
      HABILITACAO: "7º Ano",
    });
    const { grades } = await gradesPage(gestorGet(admin.cookie, listPath));
    const moved = await act({ intent: "move", CODPERLET: "208100", gradeId: String(grades[1]!.id), direction: "up" });
    expect(locationOf(moved.response)).toBe(listPath);
    expect(await codesOf("208100")).toEqual(["EF07", "EF06"]);

    const copied = await act({ intent: "copy", from: "208100", to: "208200" });
    expect(locationOf(copied.response)).toBe(GESTOR_PATHS.grades("208200"));
    expect(await codesOf("208200")).toEqual(["EF07", "EF06"]);
    const again = await act({ intent: "copy", from: "208100", to: "208200" });
    expect(again.status).toBe(409);
    expect(again.data.formId).toBe("copiar");
  });

  it("edits a grade on its page, and refuses to remove one a product uses", async () => {
    const [grade] = (await gradesPage(gestorGet(admin.cookie, listPath))).grades;
    const path = GESTOR_PATHS.grade(grade!.id);
    const edit = (fields: Record<string, string>) =>
      gradeAction(gestorPost(admin.cookie, fields, path).request, String(grade!.id)).then(actionReply);
    const saved = await edit({
      intent: "update",
      codgrade: "EF07",
      CURSO: "Ensino Fundamental II",
      HABILITACAO: "7º Ano B",
    });
    expect(locationOf(saved.response)).toBe(listPath);
    expect((await gradePage(gestorGet(admin.cookie, path), String(grade!.id))).grade.HABILITACAO).toBe("7º Ano B");

    const used = await store.db.selectFrom("product_series").select("serie_id").executeTakeFirstOrThrow();
    const usedPath = GESTOR_PATHS.grade(used.serie_id);
    const refused = await gradeAction(
      gestorPost(admin.cookie, { intent: "remove" }, usedPath).request,
      String(used.serie_id),
    ).then(actionReply);
    expect(refused.status).toBe(409);
    expect(refused.data.message).toContain("não pode ser removida");

    const removed = await edit({ intent: "remove" });
    expect((await toastOf(removed.response!))?.message).toBe("Série 7º Ano B (EF07) removida.");
    expect(await codesOf("208100")).toEqual(["EF06"]);
    expect((await thrownBy(gradePage(gestorGet(admin.cookie, path), String(grade!.id))))?.status).toBe(404);
  });

  it("previews an uploaded file, imports it, and downloads the period as CSV", async () => {
    const csv = "CODPERLET;CODGRADE;CURSO;HABILITACAO;ORDEM\r\n208300;EM01;Ensino Médio;1ª Série;\r\n";
    const upload = (fields: Record<string, string | File>) => {
      const formData = new FormData();
      for (const [key, value] of Object.entries(fields)) formData.append(key, value);
      return gradeImportAction(gestorUpload(admin.cookie, formData, GESTOR_PATHS.gradesImport)).then(actionReply);
    };
    expect((await upload({ intent: "preview" })).data).toEqual({ step: "refused", message: "Escolha o arquivo CSV." });
    const preview = await upload({ intent: "preview", arquivo: new File([csv], "series.csv", { type: "text/csv" }) });
    expect(preview.data).toMatchObject({ step: "preview", fileName: "series.csv", report: { errors: [], creates: 1 } });
    expect(await codesOf("208300")).toEqual([]);
    const imported = await upload({ intent: "import", csv: preview.data.csv });
    expect(locationOf(imported.response)).toBe(GESTOR_PATHS.grades("208300"));
    expect((await toastOf(imported.response!))?.message).toBe(
      "Importação concluída: 1 série criada, 0 atualizadas, 0 sem mudança.",
    );
    expect(await codesOf("208300")).toEqual(["EM01"]);

    const download = await exportGrades(gestorGet(admin.cookie, GESTOR_PATHS.gradesExport("208300")));
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="series-208300.csv"');
    const bytes = Buffer.from(await download.arrayBuffer());
    // The BOM (EF BB BF) first, for a spreadsheet to read the accents as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toBe(
      "CODPERLET;CODGRADE;CURSO;HABILITACAO;ORDEM\r\n208300;EM01;Ensino Médio;1ª Série;1\r\n",
    );
  });
});
