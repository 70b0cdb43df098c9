/**
 * Entrega, Troca and Check-in's loaders and actions (issue 30; api/contract/gestor/delivery.ts):
 * admins and a unit's secretary (the API keeps her to her units all the same). Every form is a
 * plain POST answered by a redirect with a toast; a refusal (someone the family did not name,
 * lines handed over in another tab, a size sold out meanwhile) shows the page as it is now with
 * why, nothing changed.
 */
import { data, redirect } from "react-router";
import {
  DELIVERY_MESSAGES,
  exchangeFields,
  gestorDelivery,
  handOverFields,
  pickupSearchFields,
} from "#api/contract/gestor/delivery.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { normalizePickupCode } from "#core/delivery.ts";
import { counted } from "#core/text.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { requireStaff } from "../staff-guard.server.ts";

const requireCounter = (request: Request) => requireStaff(request, { part: "delivery" });

/** What a refused POST shows above its form (it stays until the next send). */
export interface CounterActionData {
  error: string;
}

/** A refused handover also gives back what was ticked and chosen, so nothing is lost without JS. */
export interface HandOverActionData extends CounterActionData {
  lineIds: string[];
  receiverId: string | null;
}

/** The API's refusal as the page's message, with what the form sent when it must come back. */
const refused = <Kept extends object>(error: unknown, kept = {} as Kept) => {
  if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
  return data<CounterActionData & Kept>({ error: error.message, ...kept }, { status: error.status });
};

function notFoundPage(error: unknown): never {
  if (error instanceof StoreApiError && error.status === 404) throw new Response(error.message, { status: 404 });
  throw error;
}

/**
 * Entrega's and Troca's search (GET ?q=): a code that finds one sale goes straight to it (the
 * sale's page at the counter, or its lines to exchange); anything else lists what it found.
 */
export async function counterSearchPage(request: Request, saleHref: (saleId: string) => string) {
  const { call } = await requireCounter(request);
  const typed = new URL(request.url).searchParams.get("q");
  if (typed === null) return { q: "", sales: null, error: null };
  const parsed = pickupSearchFields.safeParse({ q: typed });
  if (!parsed.success) return { q: typed, sales: null, error: parsed.error.issues[0]!.message };
  const { sales } = await call(gestorDelivery.search, {}, { query: parsed.data });
  const [only] = sales;
  if (only && sales.length === 1 && only.pickupCode === normalizePickupCode(typed))
    throw redirect(saleHref(only.saleId));
  return { q: typed, sales, error: null };
}

export async function counterSalePage(request: Request, saleId: string) {
  const { call } = await requireCounter(request);
  const { sale } = await call(gestorDelivery.sale, { saleId }).catch(notFoundPage);
  return { sale };
}

/** "Entregar itens marcados": the lines checked to the person chosen; back to the sale with a toast. */
export async function handOverAction(request: Request, saleId: string) {
  const { call } = await requireCounter(request);
  const formData = await request.formData();
  const lineIds = formData.getAll("lineIds").map(String);
  const receiverId = formData.get("receiverId");
  const sent = { lineIds, receiverId: typeof receiverId === "string" ? receiverId : null };
  const parsed = handOverFields.safeParse({ lineIds, receiverId: sent.receiverId ?? undefined });
  if (!parsed.success)
    return data<HandOverActionData>({ error: parsed.error.issues[0]!.message, ...sent }, { status: 400 });
  try {
    const { moved } = await call(gestorDelivery.handOver, { saleId }, { body: parsed.data });
    return toasts().redirectWithSuccess(
      GESTOR_PATHS.counterSale(saleId),
      `${counted(moved, "item entregue", "itens entregues")}.`,
    );
  } catch (error) {
    return refused(error, sent);
  }
}

export async function exchangePage(request: Request, lineId: string) {
  const { call } = await requireCounter(request);
  try {
    return { ...(await call(gestorDelivery.exchangeOptions, { lineId })), error: null };
  } catch (error) {
    // A line without sizes (a notebook, a seat): the page says so instead of the sizes.
    if (error instanceof StoreApiError && error.status === 422)
      return { line: null, saleId: null, options: [], error: error.message };
    notFoundPage(error);
  }
}

/**
 * "Troca feita: Camiseta polo, tamanho G.": the option's name in lower case mid-sentence, and no
 * article, which would have to agree with it ("no tamanho", "na cor").
 */
export const exchangeDoneToast = (line: { title: string; optionName: string | null; optionValue: string | null }) =>
  `Troca feita: ${line.title}, ${(line.optionName ?? "tamanho").toLowerCase()} ${line.optionValue ?? ""}.`;

/** "Confirmar troca": the size chosen; back to the sale at the counter with a toast. */
export async function exchangeAction(request: Request, lineId: string) {
  const { call } = await requireCounter(request);
  const formData = await request.formData();
  const parsed = exchangeFields.safeParse({ toItemTOTVSId: formData.get("toItemTOTVSId") ?? undefined });
  if (!parsed.success) return data<CounterActionData>({ error: DELIVERY_MESSAGES.exchangeSame }, { status: 400 });
  try {
    const { line, saleId } = await call(gestorDelivery.exchange, { lineId }, { body: parsed.data });
    return toasts().redirectWithSuccess(GESTOR_PATHS.counterSale(saleId), exchangeDoneToast(line));
  } catch (error) {
    return refused(error);
  }
}

/** Check-in: the courses and events with paid seats; with ?unidade=&item=, one's seats. */
export async function checkInPage(request: Request) {
  const { call } = await requireCounter(request);
  const url = new URL(request.url);
  const unitCode = url.searchParams.get("unidade");
  const item = url.searchParams.get("item");
  const { items } = await call(gestorDelivery.seatItems, {});
  if (!unitCode || !item) return { items, chosen: null };
  // An address edited by hand (?item=abc) names no course: not found, as the API says of an
  // unknown one, never its 400 surfacing as a 500.
  const query = gestorDelivery.seats.query.safeParse({ unitCode, itemTOTVSId: item });
  if (!query.success) throw new Response(DELIVERY_MESSAGES.lineNotFound, { status: 404 });
  const chosen = await call(gestorDelivery.seats, {}, { query: query.data }).catch(notFoundPage);
  return { items, chosen: { ...query.data, ...chosen } };
}

/** "Fazer check-in": one seat; back to its list with a toast. */
export async function checkInAction(request: Request) {
  const { call } = await requireCounter(request);
  const formData = await request.formData();
  const lineId = String(formData.get("lineId") ?? "");
  const back = `${GESTOR_PATHS.checkIn}?unidade=${encodeURIComponent(String(formData.get("unidade") ?? ""))}&item=${encodeURIComponent(String(formData.get("item") ?? ""))}`;
  try {
    await call(gestorDelivery.checkIn, { lineId });
    return toasts().redirectWithSuccess(back, `Check-in feito: ${String(formData.get("studentName") ?? "")}.`);
  } catch (error) {
    return refused(error);
  }
}
