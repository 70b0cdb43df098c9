/**
 * Listas de material's loaders and actions (issue 29; docs/decisions/0074-gestor-material-lists.md):
 * admins only, and the API refuses the others all the same. Each form is checked with the
 * schema the API uses, then sent; a refusal shows the form again with what was typed.
 */
import { data } from "react-router";
import { periodCodeField } from "#api/contract/catalogue.ts";
import { buildPath } from "#api/contract/endpoint.ts";
import { gestorCatalogue } from "#api/contract/gestor/catalogue.ts";
import {
  copyListsFields,
  GESTOR_LIST_MESSAGES,
  gestorMaterialLists,
  LIST_CSV_COLUMNS,
  LIST_CSV_MAX_BYTES,
  LIST_CSV_TOO_LARGE,
  listGradeFields,
  listLineFields,
  listSettingsFields,
  newListLineFields,
  type ListImportReport,
} from "#api/contract/gestor/material-lists.ts";
import { previousPeriodCode } from "#api/contract/gestor/grades.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { currentPeriodCode } from "#core/dates.ts";
import { counted } from "#core/text.ts";
import { gestorCsvDownload } from "../csv-download.server.ts";
import { csvImportAction, type CsvImportActionData } from "../csv-import.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { chosenPeriod } from "../chosen-period.server.ts";
import { formText, saveListForm } from "../list-form.server.ts";
import { requireAdmin } from "../staff-guard.server.ts";
import { copiedListMessage, copyPeriodMessage } from "./list-text.ts";

/** A refusal of the API (not a failure): the page again with its message as an error toast. */
async function orToast<T>(back: string, send: () => Promise<T>): Promise<T | Response> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return toasts().redirectWithError(back, error.message);
  }
}

export async function listsPage(request: Request) {
  const { call } = await requireAdmin(request);
  const { period, periodError } = chosenPeriod(new URL(request.url));
  const view = await call(gestorMaterialLists.list, {}, { query: { CODPERLET: period } });
  return { ...view, currentPeriod: currentPeriodCode(), periodError };
}

/** The period page's forms: "create" a grade's empty list, or "copy" last year's. */
export async function listsAction(request: Request) {
  const { call } = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const fields = listGradeFields.safeParse(formText(formData, ["CODPERLET", "codgrade"]));
  if (!fields.success) throw data("Série inválida.", { status: 400 });
  const back = GESTOR_PATHS.materialLists(fields.data.CODPERLET);
  if (intent === "create") {
    const created = await orToast(back, () => call(gestorMaterialLists.create, {}, { body: fields.data }));
    if (created instanceof Response) return created;
    return toasts().redirectWithSuccess(GESTOR_PATHS.materialList(created.list.id), "Lista criada como rascunho.");
  }
  if (intent === "copy") {
    const copied = await orToast(back, () => call(gestorMaterialLists.copyPrevious, {}, { body: fields.data }));
    if (copied instanceof Response) return copied;
    return toasts().redirectWithSuccess(GESTOR_PATHS.materialList(copied.list.id), copiedListMessage(copied));
  }
  throw data("Ação desconhecida.", { status: 400 });
}

/** `?de=` and `?para=`: the plan of copying every list of one period into the other. */
export async function copyListsPage(request: Request) {
  const { call } = await requireAdmin(request);
  const url = new URL(request.url);
  const to = periodCodeField.safeParse(url.searchParams.get("para") ?? "");
  const target = to.success ? to.data : currentPeriodCode();
  const typedFrom = url.searchParams.get("de");
  const copy = copyListsFields.safeParse({ from: typedFrom ?? previousPeriodCode(target), to: target });
  if (!copy.success) return { from: typedFrom ?? "", to: target, plan: null, error: copy.error.issues[0]!.message };
  const plan = await call(gestorMaterialLists.previewCopyPeriod, {}, { query: copy.data });
  return { ...copy.data, plan, error: null };
}

export async function copyListsAction(request: Request) {
  const { call } = await requireAdmin(request);
  const formData = await request.formData();
  if (formData.get("intent") !== "copy") throw data("Ação desconhecida.", { status: 400 });
  const body = formText(formData, ["from", "to"]);
  const back = `${GESTOR_PATHS.materialListsCopy}?de=${encodeURIComponent(body.from!)}&para=${encodeURIComponent(body.to!)}`;
  const plan = await orToast(back, () => call(gestorMaterialLists.copyPeriod, {}, { body }));
  if (plan instanceof Response) return plan;
  return toasts().redirectWithSuccess(GESTOR_PATHS.materialLists(plan.to), copyPeriodMessage(plan));
}

/** A refusal of the API: 404 as the page's, anything else for the caller to show. */
function notFoundPage(error: unknown): never {
  if (error instanceof StoreApiError && error.status === 404)
    throw new Response(GESTOR_LIST_MESSAGES.notFound, { status: 404 });
  throw error;
}

/** `?busca=`: the store's products by name, to find an item code; `?item=` fills the new line's code. */
export async function listPage(request: Request, listId: string) {
  const { call } = await requireAdmin(request);
  const { list } = await call(gestorMaterialLists.get, { listId }).catch(notFoundPage);
  const url = new URL(request.url);
  const search = (url.searchParams.get("busca") ?? "").trim().slice(0, 100);
  const found = search ? (await call(gestorCatalogue.listProducts, {}, { query: { q: search, page: 1 } })).rows : null;
  return { list, search, found, item: (url.searchParams.get("item") ?? "").replace(/\D/g, "").slice(0, 10) };
}

const LINE_KEYS = ["quantity", "required", "collectiveUse", "note"] as const;

/**
 * The list page's forms by intent: "settings" (notice, publish date, discount), "unpublish",
 * "add-line", "update-line", "move-line", "remove-line", and "remove" (the whole list).
 */
export async function listAction(request: Request, listId: string) {
  const { call } = await requireAdmin(request);
  const { list } = await call(gestorMaterialLists.get, { listId }).catch(notFoundPage);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const here = GESTOR_PATHS.materialList(listId);
  const lineId = String(formData.get("lineId") ?? "");
  switch (intent) {
    case "settings":
      return saveListForm(
        formData,
        { formId: "lista", schema: listSettingsFields, path: here, saved: "Lista salva." },
        () =>
          call(
            gestorMaterialLists.update,
            { listId },
            { body: formText(formData, ["notice", "publishFrom", "discountPercentage"]) },
          ),
      );
    case "add-line":
      return saveListForm(
        formData,
        { formId: "novo-item", schema: newListLineFields, path: here, saved: "Item incluído na lista." },
        () => call(gestorMaterialLists.addLine, { listId }, { body: formText(formData, ["item", ...LINE_KEYS]) }),
      );
    case "update-line":
      return saveListForm(
        formData,
        { formId: `item-${lineId}`, schema: listLineFields, path: here, saved: "Item salvo." },
        () => call(gestorMaterialLists.updateLine, { listId, lineId }, { body: formText(formData, LINE_KEYS) }),
      );
    case "move-line": {
      const direction = formData.get("direction") === "up" ? "up" : "down";
      const moved = await orToast(here, () =>
        call(gestorMaterialLists.moveLine, { listId, lineId }, { body: { direction } }),
      );
      if (moved instanceof Response) return moved;
      return toasts().redirectWithSuccess(
        here,
        direction === "up" ? "Item movido para cima." : "Item movido para baixo.",
      );
    }
    case "remove-line": {
      const removed = await orToast(here, () => call(gestorMaterialLists.removeLine, { listId, lineId }));
      if (removed instanceof Response) return removed;
      return toasts().redirectWithSuccess(here, "Item tirado da lista.");
    }
    case "unpublish": {
      const done = await orToast(here, () => call(gestorMaterialLists.unpublish, { listId }));
      if (done instanceof Response) return done;
      return toasts().redirectWithSuccess(here, "Lista despublicada: os responsáveis não a veem mais.");
    }
    case "remove": {
      const done = await orToast(here, () => call(gestorMaterialLists.remove, { listId }));
      if (done instanceof Response) return done;
      return toasts().redirectWithSuccess(
        GESTOR_PATHS.materialLists(list.CODPERLET),
        `Lista de ${list.HABILITACAO} (${list.codgrade}) removida.`,
      );
    }
    default:
      throw data("Ação desconhecida.", { status: 400 });
  }
}

export async function listImportPage(request: Request) {
  await requireAdmin(request);
  return { columns: LIST_CSV_COLUMNS };
}

export type ListImportActionData = CsvImportActionData<ListImportReport>;

/** Preview and import of a lists CSV (csv-import.server.ts). */
export async function listImportAction(request: Request) {
  const { call } = await requireAdmin(request);
  return csvImportAction(await request.formData(), {
    maxBytes: LIST_CSV_MAX_BYTES,
    tooLarge: LIST_CSV_TOO_LARGE,
    preview: (csv) => call(gestorMaterialLists.previewImport, {}, { body: { csv } }),
    run: (csv) => call(gestorMaterialLists.runImport, {}, { body: { csv } }),
    done: (report) => {
      const periods = [...new Set(report.rows.map((row) => row.CODPERLET))];
      return {
        path: GESTOR_PATHS.materialLists(periods.length === 1 ? periods[0] : undefined),
        message:
          `Importação concluída: ${counted(report.creates, "item incluído", "itens incluídos")}, ` +
          `${counted(report.updates, "atualizado", "atualizados")}, ${report.unchanged} sem mudança, ` +
          `${counted(report.removed.length, "tirado", "tirados")} das listas.`,
      };
    },
  });
}

/** `?periodo=`: that period's lists (the current period's without it). */
export async function exportLists(request: Request) {
  await requireAdmin(request);
  const { period } = chosenPeriod(new URL(request.url));
  return gestorCsvDownload(request, {
    apiPath: buildPath(gestorMaterialLists.exportCsv.path, {}, { CODPERLET: period }),
    fileName: `listas-de-material-${period}.csv`,
    back: GESTOR_PATHS.materialLists(period),
  });
}
