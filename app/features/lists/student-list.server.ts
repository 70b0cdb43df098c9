/**
 * A student's material list (issue 29; docs/decisions/0071-material-lists.md): the loader reads
 * the list of the student's grade with what the bag holds; the action puts the lines the parent
 * buys in the student's bag in one call and comes back to the page with each line's outcome.
 */
import { data, redirect } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { StudentMaterialList } from "#api/contract/material-lists.ts";
import { cartAddPaymentRequired } from "#app/features/cart/cart.server.ts";
import { couponRemovedMessage } from "#app/features/coupons/coupon-actions.server.ts";
import { QUICK_PURCHASE_PATH } from "#app/features/quick-purchase/quick-purchase-state.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { STORE_API_UNAVAILABLE, StoreApiCallUnavailable, StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { counted } from "#core/text.ts";
import { BUY, studentListPath, studentListSchema } from "./student-list-schema.ts";
import { flashListResult, takeListResult } from "./student-list-result.server.ts";

export const STUDENT_LIST_TOASTS = {
  noneAdded: "Nenhum item foi adicionado ao carrinho.",
} as const;

/**
 * A school API without material lists keeps today's Compra Rápida (decision 0026): a call it does
 * not serve, or one it answers as absent (405, 501).
 */
const listsUnavailable = (error: StoreApiError) =>
  error instanceof StoreApiCallUnavailable || error.status === 405 || error.status === 501;

/** The page: the list, or why there is none (a student not linked, a grade without a published list). */
export async function loadStudentList({ request, context }: RequestArgs, studentId: string) {
  requireCustomer(context);
  let list: StudentMaterialList | null = null;
  let problem: string | null = null;
  try {
    list = await storeApi(context).getStudentMaterialList(studentId);
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    if (listsUnavailable(error)) throw redirect(QUICK_PURCHASE_PATH);
    if (error.status >= 500) console.error("[lista-de-material] indisponível:", error.status, error.message);
    problem = error.status >= 500 ? STORE_API_UNAVAILABLE : error.message;
  }
  const { outcomes, cookie } = await takeListResult(request, list);
  return data({ list, problem, outcomes }, cookie ? { headers: { "set-cookie": cookie } } : undefined);
}

/** "Adicionar ao carrinho": the lines marked "Comprar", each with its size, in one call. */
export async function studentListAction(args: RequestArgs, studentId: string) {
  const { customer } = requireCustomer(args.context);
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: studentListSchema });
  if (submission.status !== "success") return formReply({ result: submission.reply() }, 400);
  const here = studentListPath(studentId);
  const { listId, lines } = submission.value;
  const bought = lines
    .filter((line) => line.buy === BUY)
    .map((line) => ({ lineId: line.lineId, itemTOTVSId: line.size }));
  let reply;
  try {
    reply = await storeApi(args.context).addMaterialListToBag(customer.id, studentId, listId, bought);
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    if (listsUnavailable(error)) return redirect(QUICK_PURCHASE_PATH);
    // Spec §8: a 402 on a cart add empties the cart and sends the parent home with its message.
    if (error.status === 402) return cartAddPaymentRequired(args, error.message);
    if (error.status >= 500)
      console.error("[lista-de-material] o carrinho não respondeu:", error.status, error.message);
    // A line or size the API refused: the form again with what was chosen, and why.
    if (error.status === 400) return formReply({ result: submission.reply({ formErrors: [error.message] }) }, 400);
    // The list changed, the student was unlinked, a payment is processing (409): the page as it is now.
    return toasts().redirectWithError(here, error.status >= 500 ? STORE_API_UNAVAILABLE : error.message);
  }
  const init = {
    headers: { "set-cookie": await flashListResult(args.request, { studentId, listId, outcomes: reply.outcomes }) },
  };
  if (reply.couponRemoved) {
    const { code, reason } = reply.couponRemoved;
    return toasts().redirectWithWarning(here, couponRemovedMessage(code, reason), init);
  }
  const added = reply.outcomes.filter((outcome) => outcome.result === "added").length;
  if (added === 0) return toasts().redirectWithWarning(here, STUDENT_LIST_TOASTS.noneAdded, init);
  return toasts().redirectWithSuccess(
    here,
    `${counted(added, "item adicionado", "itens adicionados")} ao carrinho!`,
    init,
  );
}
