/**
 * Estoque's loaders and actions (issue 28; api/contract/gestor/stock.ts): every role reads, a
 * secretary her units; admins and secretaries set counts (the API refuses the others all the
 * same). Each form is checked with the schema the API uses, then sent; a refusal (below zero, a
 * level changed in another tab) shows the form again with what was typed and why, and the page
 * around it with the current count.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { buildPath } from "#api/contract/endpoint.ts";
import {
  gestorStock,
  STOCK_CHANGE_ROLES,
  STOCK_CSV_COLUMNS,
  STOCK_CSV_MAX_BYTES,
  STOCK_CSV_TOO_LARGE,
  STOCK_MESSAGES,
  stockAdjustFields,
  stockFilters,
  type StockImportReport,
} from "#api/contract/gestor/stock.ts";
import { UNIT_ROLES, type StaffMember } from "#api/contract/gestor/staff.ts";
import {
  GESTOR_WAITING_LIST_MESSAGES,
  gestorWaitingList,
  waitingMoveFields,
  waitingRemoveFields,
} from "#api/contract/gestor/waiting-list.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { counted } from "#core/text.ts";
import { datedFileName, gestorCsvDownload } from "../csv-download.server.ts";
import { csvImportAction, type CsvImportActionData } from "../csv-import.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { gestorUnitList } from "../gestor-units.server.ts";
import { requireStaff } from "../staff-guard.server.ts";
import { ADJUST_FORM_ID, STOCK_ADJUST_KEYS, TRACK_FORM_ID } from "./stock-forms.ts";

const canChange = (staff: StaffMember) => (STOCK_CHANGE_ROLES as readonly string[]).includes(staff.role);

const requireStockReader = (request: Request) => requireStaff(request, { part: "stock" });
const requireStockChanger = (request: Request) => requireStaff(request, { roles: STOCK_CHANGE_ROLES });

/** The list's filters from the address, as links (the Painel's) and the filter form write them. */
function filtersOf(url: URL) {
  const read = (key: string) => url.searchParams.get(key) ?? undefined;
  const filters = stockFilters.parse({
    unitCode: read("unitCode"),
    categoryId: read("categoryId"),
    option: read("option"),
    low: read("low"),
    full: read("full"),
  });
  return { filters, page: Number(read("page") ?? 1) || 1 };
}

/** The units the person may choose: a secretary's own, the network's for the others. */
async function unitsFor(request: Request, staff: StaffMember) {
  const units = await gestorUnitList(request);
  const ofUnits = (UNIT_ROLES as readonly string[]).includes(staff.role);
  return ofUnits ? units.filter((unit) => staff.unitCodes.includes(unit.code)) : units;
}

export async function stockPage(request: Request) {
  const { staff, call } = await requireStockReader(request);
  const { filters, page } = filtersOf(new URL(request.url));
  const list = await call(gestorStock.list, {}, { query: { ...filters, page } });
  return { list, filters, units: await unitsFor(request, staff), canChange: canChange(staff) };
}

const textOf = (formData: FormData) =>
  Object.fromEntries(STOCK_ADJUST_KEYS.map((key) => [key, String(formData.get(key) ?? "")]));

/**
 * An adjust or the start of tracking (intent "adjust" or "track", the form's id): checked,
 * sent, and the item's page with a toast saying the count now; refused, the form again.
 */
async function sendAdjust(request: Request, formId: string) {
  const { call } = await requireStockChanger(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: stockAdjustFields });
  if (submission.status !== "success") return formReply({ formId, result: submission.reply() }, 400);
  const { unitCode, itemTOTVSId } = submission.value;
  let item: { before: number | null; available: number; changed: boolean };
  try {
    ({ item } = await call(gestorStock.adjust, {}, { body: textOf(formData) }));
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return formReply({ formId, result: submission.reply({ formErrors: [error.message] }) }, error.status);
  }
  const message = !item.changed
    ? `${STOCK_MESSAGES.unchanged} (${item.available}).`
    : item.before === null
      ? `Estoque acompanhado a partir de agora: ${item.available} disponíve${item.available === 1 ? "l" : "is"}.`
      : `Estoque ajustado: de ${item.before} para ${item.available}.`;
  return toasts().redirectWithSuccess(GESTOR_PATHS.stockItem(unitCode, itemTOTVSId), message);
}

/** The list's form: start tracking an item (intent "track"). */
export async function stockAction(request: Request) {
  const intent = (await request.clone().formData()).get("intent");
  if (intent === "track") return sendAdjust(request, TRACK_FORM_ID);
  throw data("Ação desconhecida.", { status: 400 });
}

/** An address's item that is no tracked item of the person's units: the page's 404. */
function notFoundPage(error: unknown): never {
  if (error instanceof StoreApiError && error.status === 404)
    throw new Response(STOCK_MESSAGES.notFound, { status: 404 });
  throw error;
}

export async function stockItemPage(request: Request, unitCode: string, itemTOTVSId: string) {
  const { staff, call } = await requireStockReader(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1) || 1;
  const reply = await call(gestorStock.item, { unitCode, itemTOTVSId }, { query: { page } }).catch(notFoundPage);
  // A class (a course's or event's seats) has a waiting list; pieces have none.
  const waitingList =
    reply.item.capacity === null
      ? null
      : (await call(gestorWaitingList.list, { unitCode, itemTOTVSId }).catch(notFoundPage)).entries;
  return { ...reply, waitingList, canChange: canChange(staff) };
}

/** What a refused waiting list button shows above the list (it stays until the next send). */
export interface WaitingListActionData {
  waitingListError: string;
}

/**
 * "Subir", "Descer" or "Remover" on a class's waiting list: sent, and the item's page again with
 * a toast; refused (the line changed in another tab, the parent already left), the page with
 * the current line and why, nothing changed.
 */
async function sendWaitingListChange(request: Request, intent: "waiting-move" | "waiting-remove") {
  const { call } = await requireStockChanger(request);
  const schema = intent === "waiting-move" ? waitingMoveFields : waitingRemoveFields;
  const formData = await request.formData();
  // The API gets the schema's fields only (never the form's CSRF token).
  const fields = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, String(formData.get(key) ?? "")]));
  const parsed = schema.safeParse(fields);
  if (!parsed.success)
    return data<WaitingListActionData>({ waitingListError: parsed.error.issues[0]!.message }, { status: 400 });
  const { unitCode, itemTOTVSId } = parsed.data;
  let message: string;
  try {
    if (intent === "waiting-move") {
      await call(gestorWaitingList.move, {}, { body: fields });
      message = GESTOR_WAITING_LIST_MESSAGES.moved;
    } else {
      const { removed } = await call(gestorWaitingList.remove, {}, { body: fields });
      message = removed.heldOffer
        ? GESTOR_WAITING_LIST_MESSAGES.removedWithOffer
        : GESTOR_WAITING_LIST_MESSAGES.removed;
    }
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return data<WaitingListActionData>({ waitingListError: error.message }, { status: error.status });
  }
  return toasts().redirectWithSuccess(`${GESTOR_PATHS.stockItem(unitCode, itemTOTVSId)}#lista-de-espera`, message);
}

/**
 * The item's forms: a new count or pieces added or taken out (intent "adjust"), or a change to
 * a class's waiting list.
 */
export async function stockItemAction(request: Request) {
  const intent = (await request.clone().formData()).get("intent");
  if (intent === "adjust") return sendAdjust(request, ADJUST_FORM_ID);
  if (intent === "waiting-move" || intent === "waiting-remove") return sendWaitingListChange(request, intent);
  throw data("Ação desconhecida.", { status: 400 });
}

export async function stockImportPage(request: Request) {
  await requireStockChanger(request);
  return { columns: STOCK_CSV_COLUMNS };
}

export type StockImportActionData = CsvImportActionData<StockImportReport>;

/** Preview and import of a stock CSV (csv-import.server.ts). */
export async function stockImportAction(request: Request) {
  const { call } = await requireStockChanger(request);
  return csvImportAction(await request.formData(), {
    maxBytes: STOCK_CSV_MAX_BYTES,
    tooLarge: STOCK_CSV_TOO_LARGE,
    preview: (csv) => call(gestorStock.previewImport, {}, { body: { csv } }),
    run: (csv) => call(gestorStock.runImport, {}, { body: { csv } }),
    done: (report) => ({
      path: GESTOR_PATHS.stock,
      message:
        `Importação concluída: ${counted(report.creates, "item novo", "itens novos")}, ` +
        `${counted(report.updates, "atualizado", "atualizados")}, ${report.unchanged} sem mudança.`,
    }),
  });
}

/** The list's filters as CSV. */
export async function exportStock(request: Request) {
  await requireStockReader(request);
  const url = new URL(request.url);
  const { filters } = filtersOf(url);
  return gestorCsvDownload(request, {
    apiPath: buildPath(gestorStock.exportCsv.path, {}, filters),
    fileName: datedFileName("estoque"),
    back: `${GESTOR_PATHS.stock}${url.search}`,
  });
}
