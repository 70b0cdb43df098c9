/**
 * Separação's and Prontos' loaders and actions, their print pages and the pending pickups' CSV
 * (issue 30; api/contract/gestor/delivery.ts): admins and a unit's secretary, who sees and moves
 * her units' lines only (the API's scope). The filters are a GET query, so the Painel's counts
 * link to the filtered list; every move is a POST that comes back to the same list with a toast
 * saying what moved and what another tab had already moved.
 */
import { data, redirect } from "react-router";
import { buildPath } from "#api/contract/endpoint.ts";
import type { z } from "zod";
import {
  bagClassFields,
  type bagMoveBody,
  bagMoveFields,
  PICKING_LIST_MAX,
  DELIVERY_MESSAGES,
  deliveryBagFilters,
  gestorDelivery,
  type DeliveryBag,
  type DeliveryMoveReply,
} from "#api/contract/gestor/delivery.ts";
import { pagePath } from "#app/.server/request-context.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { DELIVERY_STATE_LABELS, READY_OVERDUE_DAYS } from "#core/delivery.ts";
import { datedFileName, gestorCsvDownload } from "../csv-download.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { requireStaff } from "../staff-guard.server.ts";
import { moveToast, type BagMoveIntent } from "./delivery-texts.ts";

const requireUnitStaff = (request: Request) => requireStaff(request, { part: "delivery" });

/** The list's filters from the address, as the filter form and the Painel's links write them. */
function filtersOf(url: URL, allowed: readonly ("awaiting" | "separated" | "ready")[]) {
  const read = (key: string) => url.searchParams.get(key) ?? undefined;
  const filters = deliveryBagFilters.parse({
    unitCode: read("unitCode"),
    state: read("state"),
    codgrade: read("codgrade"),
    turma: read("turma"),
    overdue: read("overdue"),
  });
  return { ...filters, state: allowed.includes(filters.state) ? filters.state : allowed[0]! };
}

export async function separationPage(request: Request) {
  const { call } = await requireUnitStaff(request);
  const url = new URL(request.url);
  const filters = filtersOf(url, ["awaiting", "separated"]);
  const page = Number(url.searchParams.get("page") ?? 1) || 1;
  const [list, summary] = await Promise.all([
    call(gestorDelivery.bags, {}, { query: { ...filters, page } }),
    call(gestorDelivery.summary, {}),
  ]);
  return { list, filters, units: summary.units, grades: summary.grades, stateLabels: DELIVERY_STATE_LABELS };
}

export async function readyPage(request: Request) {
  const { call } = await requireUnitStaff(request);
  const url = new URL(request.url);
  const { unitCode, overdue, codgrade, turma } = filtersOf(url, ["ready"]);
  const pageOf = (key: string) => Number(url.searchParams.get(key) ?? 1) || 1;
  const common = { unitCode, codgrade, turma };
  const [separated, ready, summary] = await Promise.all([
    call(gestorDelivery.bags, {}, { query: { ...common, state: "separated", page: pageOf("separados") } }),
    call(gestorDelivery.bags, {}, { query: { ...common, state: "ready", overdue, page: pageOf("page") } }),
    call(gestorDelivery.summary, {}),
  ]);
  return {
    separated,
    ready,
    filters: { ...common, overdue },
    units: summary.units,
    grades: summary.grades,
    overdueDays: READY_OVERDUE_DAYS,
  };
}

/**
 * What a button names: its own "intent:id,id" (a bag), "intent@grade|class" (a whole class,
 * every page of it, in the list's state and unit), else the ticked boxes.
 */
function chosenBags(formData: FormData): {
  intent: string;
  bagIds?: unknown;
  ofClass?: { codgrade: string; turma: string };
} {
  const value = String(formData.get("intent") ?? "");
  const [classIntent, ofClass] = value.split("@");
  if (ofClass !== undefined) {
    const [codgrade = "", turma = ""] = ofClass.split("|").map(decodeURIComponent);
    return { intent: classIntent!, ofClass: { codgrade, turma } };
  }
  const [intent = "", own] = value.split(":");
  return { intent, bagIds: own ? own.split(",").filter(Boolean) : formData.getAll("bagIds").map(String) };
}

/** Each move's call; the three take the same body and reply. */
function moveCall(intent: BagMoveIntent) {
  return intent === "separate"
    ? gestorDelivery.separate
    : intent === "unseparate"
      ? gestorDelivery.unseparate
      : gestorDelivery.ready;
}

/**
 * Separação's and Prontos' form: a move of the bags chosen, or their picking list or labels
 * (a print page of its own, opened by its address). Back to the same list, filters kept.
 */
export async function deliveryAction(request: Request, allowed: readonly string[]) {
  const { call } = await requireUnitStaff(request);
  // The list the form was on, filters kept (pagePath drops the ".data" of a client's request).
  const back = `${pagePath(request)}${new URL(request.url).search}`;
  const { intent, bagIds, ofClass } = chosenBags(await request.formData());
  if (!allowed.includes(intent)) throw data("Ação desconhecida.", { status: 400 });
  if (ofClass) {
    const { unitCode, state } = filtersOf(new URL(request.url), ["awaiting", "separated", "ready"]);
    const fields = bagClassFields.parse({ unitCode, state, ...ofClass });
    if (intent === "print") return redirect(GESTOR_PATHS.separationClassPrint(fields));
    if (intent === "labels") throw data("Ação desconhecida.", { status: 400 });
    return moved(call, intent as BagMoveIntent, { ofClass: fields }, back);
  }
  const parsed = bagMoveFields.safeParse({ bagIds });
  if (!parsed.success)
    return toasts().redirectWithError(back, parsed.error.issues[0]?.message ?? DELIVERY_MESSAGES.bagsRequired);
  if (intent === "print") return redirect(GESTOR_PATHS.separationPrint(parsed.data.bagIds));
  if (intent === "labels") return redirect(GESTOR_PATHS.separationLabels(parsed.data.bagIds));
  return moved(call, intent as BagMoveIntent, parsed.data, back);
}

/** Makes the move and comes back to the list with a toast saying what moved. */
async function moved(
  call: Awaited<ReturnType<typeof requireUnitStaff>>["call"],
  intent: BagMoveIntent,
  body: z.input<typeof bagMoveBody>,
  back: string,
) {
  const reply: DeliveryMoveReply = await call(moveCall(intent), {}, { body });
  const toast = moveToast(intent, reply);
  return reply.moved > 0 ? toasts().redirectWithSuccess(back, toast) : toasts().redirectWithError(back, toast);
}

/**
 * The picking lists or labels of the bags in the address (`?sacolas=id,id`, at most
 * PICKING_LIST_MAX) or of a whole class (its first PICKING_LIST_MAX bags, the page says so).
 */
export async function pickingPage(request: Request) {
  const { call } = await requireUnitStaff(request);
  const params = new URL(request.url).searchParams;
  const ids = params.get("sacolas");
  const query: z.input<NonNullable<typeof gestorDelivery.pickingList.query>> =
    ids !== null
      ? { bagIds: ids }
      : {
          unitCode: params.get("unitCode") ?? undefined,
          state: params.get("state") as "awaiting",
          codgrade: params.get("codgrade") ?? "",
          turma: params.get("turma") ?? "",
        };
  const parsed = gestorDelivery.pickingList.query!.safeParse(query);
  if (!parsed.success)
    return {
      bags: [] as DeliveryBag[],
      total: 0,
      problem: ids && ids.split(",").length > PICKING_LIST_MAX ? DELIVERY_MESSAGES.printTooMany : null,
    };
  return { ...(await call(gestorDelivery.pickingList, {}, { query })), problem: null };
}

/** The pending pickups of the person's units (or of one) as CSV. */
export async function exportPendingPickups(request: Request) {
  await requireUnitStaff(request);
  const unitCode = new URL(request.url).searchParams.get("unitCode") ?? undefined;
  return gestorCsvDownload(request, {
    apiPath: buildPath(gestorDelivery.pendingCsv.path, {}, unitCode ? { unitCode } : {}),
    fileName: datedFileName(unitCode ? `retiradas-pendentes-unidade-${unitCode}` : "retiradas-pendentes"),
    back: GESTOR_PATHS.readyBags,
  });
}
