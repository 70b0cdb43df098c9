/**
 * A sale's page in the gestor area and its three actions (docs/decisions/0030-gestor-orders.md).
 * A refused action (the sale changed meanwhile, the acquirer said no) shows the API's message on
 * its form, with the reason typed kept; a done one goes back to the page with a toast (PRG).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { gestorMessages } from "#api/contract/gestor/messages.ts";
import { gestorSales } from "#api/contract/gestor/sales.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { requireStaff } from "../staff-guard.server.ts";
import { SALE_ACTION_DONE, SALE_INTENTS, saleActionSchemas, type SaleIntent } from "./sale-actions.ts";

const NOT_FOUND = "Compra não encontrada.";

export async function salePage(request: Request, saleId: string) {
  const { call } = await requireStaff(request, { part: "sales" });
  try {
    // The messages the store sent about it (issue 31), under the sale.
    const [{ sale }, { messages }] = await Promise.all([
      call(gestorSales.get, { saleId }),
      call(gestorMessages.saleMessages, { saleId }),
    ]);
    return { sale, messages };
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404) throw data(NOT_FOUND, { status: 404 });
    throw error;
  }
}

export async function saleAction(request: Request, saleId: string) {
  const { call } = await requireStaff(request, { part: "sales" });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!SALE_INTENTS.includes(intent as SaleIntent)) throw data("Ação desconhecida.", { status: 400 });
  const chosen = intent as SaleIntent;
  const submission = parseWithZod(formData, { schema: saleActionSchemas[chosen] });
  if (submission.status !== "success") return formReply({ intent: chosen, result: submission.reply() }, 400);
  try {
    const { value } = submission;
    if (value.intent === "refund")
      await call(
        gestorSales.refund,
        { saleId },
        { body: { reason: value.reason, piecesReturned: value.piecesReturned === "on" } },
      );
    else await call(value.intent === "cancel" ? gestorSales.cancel : gestorSales.confirmPayment, { saleId });
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status === 401) throw error;
    return formReply({ intent: chosen, result: submission.reply({ formErrors: [error.message] }) }, error.status);
  }
  return toasts().redirectWithSuccess(GESTOR_PATHS.sale(saleId), SALE_ACTION_DONE[chosen]);
}
