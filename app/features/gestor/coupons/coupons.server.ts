/**
 * Cupons in the gestor area (docs/decisions/0033-gestor-coupons-and-ticket-replies.md): the
 * pages' loaders and actions. Both roles read; the API refuses atendimento's writes and the
 * pages show that role no form.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { couponFields, gestorCoupons, COUPON_ADMIN_MESSAGES } from "#api/contract/gestor/coupons.ts";
import { getEnv } from "#app/.server/env.server.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { todayInBrazil } from "#core/dates.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { gestorUnitList } from "../gestor-units.server.ts";
import { unitOptions } from "../unit-options.ts";
import { requireAdmin, requireStaff, type CurrentStaff } from "../staff-guard.server.ts";

export const COUPON_TOASTS = {
  created: "Cupom criado.",
  saved: "Cupom salvo.",
  paused: "Cupom pausado: a loja não o oferece nem o aceita mais.",
  resumed: "Cupom reativado.",
} as const;

const storeId = () => getEnv().STORE_ID;

function options(call: CurrentStaff["call"]) {
  return call(gestorCoupons.options, {}, { query: { storeId: storeId() } });
}

export async function couponListPage(request: Request) {
  const { staff, call } = await requireStaff(request, { part: "coupons" });
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim() || undefined;
  const [list, { categories }] = await Promise.all([
    call(gestorCoupons.list, {}, { query: { storeId: storeId(), page: url.searchParams.get("page") ?? 1, q } }),
    options(call),
  ]);
  return { list, categories, q: q ?? "", canEdit: staff.role === "admin" };
}

export async function newCouponPage(request: Request) {
  const { call } = await requireAdmin(request);
  const [{ categories }, units] = await Promise.all([options(call), gestorUnitList(request)]);
  return { categories, unitChoices: unitOptions(units), today: todayInBrazil() };
}

/** A refusal of the API shown on the form: the code's own field for a clash, the form otherwise. */
function refusedForm(submission: ReturnType<typeof parseCoupon>, error: unknown) {
  if (!(error instanceof StoreApiError) || error.status >= 500 || error.status === 403) throw error;
  const onCode =
    error.message === COUPON_ADMIN_MESSAGES.codeTaken || error.message === COUPON_ADMIN_MESSAGES.codeLocked;
  return formReply(
    { result: submission.reply(onCode ? { fieldErrors: { code: [error.message] } } : { formErrors: [error.message] }) },
    error.status,
  );
}

const parseCoupon = (formData: FormData) => parseWithZod(formData, { schema: couponFields });

export async function createCouponAction(request: Request) {
  const { call } = await requireAdmin(request);
  const submission = parseCoupon(await request.formData());
  if (submission.status !== "success") return formReply({ result: submission.reply() }, 400);
  try {
    const { coupon } = await call(gestorCoupons.create, {}, { body: { ...submission.value, storeId: storeId() } });
    return toasts().redirectWithSuccess(GESTOR_PATHS.coupon(coupon.id), COUPON_TOASTS.created);
  } catch (error) {
    return refusedForm(submission, error);
  }
}

export async function couponPage(request: Request, couponId: string) {
  const { staff, call } = await requireStaff(request, { part: "coupons" });
  const page = new URL(request.url).searchParams.get("page") ?? 1;
  try {
    const [found, { categories }, units] = await Promise.all([
      call(gestorCoupons.get, { couponId }, { query: { page } }),
      options(call),
      gestorUnitList(request),
    ]);
    // Active units, and an inactive one the coupon already names (the API keeps it, never adds it).
    return {
      ...found,
      categories,
      unitChoices: unitOptions(units, found.coupon.unitCodes),
      canEdit: staff.role === "admin",
    };
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404) throw data(error.message, { status: 404 });
    throw error;
  }
}

/** The coupon page's forms: "save" (the edit form), "pause" and "resume" (convention 2). */
export async function couponAction(request: Request, couponId: string) {
  const { call } = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = GESTOR_PATHS.coupon(couponId);
  if (intent === "pause" || intent === "resume") {
    try {
      await call(intent === "pause" ? gestorCoupons.pause : gestorCoupons.resume, { couponId });
    } catch (error) {
      if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
      return toasts().redirectWithError(back, error.message);
    }
    return toasts().redirectWithSuccess(back, intent === "pause" ? COUPON_TOASTS.paused : COUPON_TOASTS.resumed);
  }
  if (intent !== "save") throw data("Ação desconhecida.", { status: 400 });
  const submission = parseCoupon(formData);
  if (submission.status !== "success") return formReply({ result: submission.reply() }, 400);
  try {
    await call(gestorCoupons.update, { couponId }, { body: submission.value });
  } catch (error) {
    return refusedForm(submission, error);
  }
  return toasts().redirectWithSuccess(back, COUPON_TOASTS.saved);
}
