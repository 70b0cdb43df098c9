/**
 * Séries' loaders and actions (issue 27; docs/decisions/0058-grades-of-each-school-period.md):
 * admins only, and the API refuses the others all the same. Each form is checked with the
 * schema the API uses, then sent; a refusal shows the form again with what was typed.
 */
import { data } from "react-router";
import { periodCodeField } from "#api/contract/catalogue.ts";
import { buildPath } from "#api/contract/endpoint.ts";
import {
  copyPeriodFields,
  gestorGrades,
  gradeFields,
  GRADE_CSV_COLUMNS,
  GRADE_CSV_MAX_BYTES,
  GRADE_CSV_TOO_LARGE,
  newGradeFields,
  type GradeImportReport,
} from "#api/contract/gestor/grades.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { currentPeriodCode } from "#core/dates.ts";
import { counted } from "#core/text.ts";
import { gestorCsvDownload } from "../csv-download.server.ts";
import { csvImportAction, type CsvImportActionData } from "../csv-import.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { chosenPeriod } from "../chosen-period.server.ts";
import { formText, saveListForm } from "../list-form.server.ts";
import { refuseWhileSchoolApi, SCHOOL_DATA_READ_ONLY, schoolDataReadOnly } from "../school-data.server.ts";
import { requireAdmin } from "../staff-guard.server.ts";

export async function gradesPage(request: Request) {
  const { call } = await requireAdmin(request);
  const { period, periodError } = chosenPeriod(new URL(request.url));
  const list = await call(gestorGrades.list, {}, { query: { CODPERLET: period } });
  const readOnly = schoolDataReadOnly() ? SCHOOL_DATA_READ_ONLY : null;
  return { ...list, currentPeriod: currentPeriodCode(), periodError, readOnly };
}

/**
 * The list's forms by intent: "create" (a new grade in the period), "move" (one place up or
 * down), "copy" (the period into the next).
 */
export async function gradesAction(request: Request) {
  const { call } = await requireAdmin(request);
  refuseWhileSchoolApi();
  const formData = await request.formData();
  const intent = formData.get("intent");
  const period = periodCodeField.safeParse(formData.get("CODPERLET") ?? formData.get("from") ?? "");
  const back = GESTOR_PATHS.grades(period.success ? period.data : undefined);
  if (intent === "create")
    return saveListForm(
      formData,
      { formId: "nova-serie", schema: newGradeFields, path: back, saved: "Série criada." },
      () =>
        call(gestorGrades.create, {}, { body: formText(formData, ["CODPERLET", "codgrade", "CURSO", "HABILITACAO"]) }),
    );
  if (intent === "copy") {
    const to = String(formData.get("to") ?? "");
    return saveListForm(
      formData,
      { formId: "copiar", schema: copyPeriodFields, path: GESTOR_PATHS.grades(to), saved: "Séries copiadas." },
      () => call(gestorGrades.copyPeriod, {}, { body: formText(formData, ["from", "to"]) }),
    );
  }
  if (intent === "move") {
    const gradeId = String(formData.get("gradeId") ?? "");
    const direction = formData.get("direction") === "up" ? "up" : "down";
    try {
      await call(gestorGrades.move, { gradeId }, { body: { direction } });
    } catch (error) {
      if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
      return toasts().redirectWithError(back, error.message);
    }
    return toasts().redirectWithSuccess(
      back,
      direction === "up" ? "Série movida para cima." : "Série movida para baixo.",
    );
  }
  throw data("Ação desconhecida.", { status: 400 });
}

/** A refusal of the API: 404 as the page's, anything else for the caller to show. */
function notFoundPage(error: unknown): never {
  if (error instanceof StoreApiError && error.status === 404)
    throw new Response("Série não encontrada.", { status: 404 });
  throw error;
}

export async function gradePage(request: Request, gradeId: string) {
  const { call } = await requireAdmin(request);
  refuseWhileSchoolApi();
  const { grade } = await call(gestorGrades.get, { gradeId }).catch(notFoundPage);
  return { grade };
}

/** The edit page's forms: "update" the grade, or "remove" it. */
export async function gradeAction(request: Request, gradeId: string) {
  const { call } = await requireAdmin(request);
  refuseWhileSchoolApi();
  const { grade } = await call(gestorGrades.get, { gradeId }).catch(notFoundPage);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = GESTOR_PATHS.grades(grade.CODPERLET);
  if (intent === "update")
    return saveListForm(formData, { formId: "serie", schema: gradeFields, path: back, saved: "Série salva." }, () =>
      call(gestorGrades.update, { gradeId }, { body: formText(formData, ["codgrade", "CURSO", "HABILITACAO"]) }),
    );
  if (intent === "remove") {
    try {
      await call(gestorGrades.remove, { gradeId });
    } catch (error) {
      if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
      return formReply({ formId: "remover", message: error.message }, error.status);
    }
    return toasts().redirectWithSuccess(back, `Série ${grade.HABILITACAO} (${grade.codgrade}) removida.`);
  }
  throw data("Ação desconhecida.", { status: 400 });
}

export async function gradeImportPage(request: Request) {
  await requireAdmin(request);
  refuseWhileSchoolApi();
  return { columns: GRADE_CSV_COLUMNS };
}

export type GradeImportActionData = CsvImportActionData<GradeImportReport>;

/** Preview and import of a grades CSV (csv-import.server.ts; a grades file is small: decision 0058). */
export async function gradeImportAction(request: Request) {
  const { call } = await requireAdmin(request);
  refuseWhileSchoolApi();
  return csvImportAction(await request.formData(), {
    maxBytes: GRADE_CSV_MAX_BYTES,
    tooLarge: GRADE_CSV_TOO_LARGE,
    preview: (csv) => call(gestorGrades.previewImport, {}, { body: { csv } }),
    run: (csv) => call(gestorGrades.runImport, {}, { body: { csv } }),
    done: (report) => {
      const periods = [...new Set(report.rows.map((row) => row.CODPERLET))];
      return {
        path: GESTOR_PATHS.grades(periods.length === 1 ? periods[0] : undefined),
        message:
          `Importação concluída: ${counted(report.creates, "série criada", "séries criadas")}, ` +
          `${counted(report.updates, "atualizada", "atualizadas")}, ${report.unchanged} sem mudança.`,
      };
    },
  });
}

/** `?periodo=`: that period's grades; without it, every period's. */
export async function exportGrades(request: Request) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const typed = periodCodeField.safeParse(url.searchParams.get("periodo") ?? "");
  const period = typed.success ? typed.data : undefined;
  return gestorCsvDownload(request, {
    apiPath: buildPath(gestorGrades.exportCsv.path, {}, { CODPERLET: period }),
    fileName: period ? `series-${period}.csv` : "series.csv",
    back: GESTOR_PATHS.grades(period),
  });
}
