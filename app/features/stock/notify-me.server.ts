/**
 * POST /avise-me: "Avise-me quando chegar" from a product page (issue 28). A kept alert goes back
 * to the product page with a toast (POST-redirect-GET); a refusal answers the form with its
 * message and what was typed: a fetcher's form shows it in place, and without JavaScript the
 * /avise-me page shows the form again (app/routes/notify-me.tsx).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { STOCK_ALERT_MESSAGES, type CreateStockAlertPayload } from "#api/contract/stock-alerts.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { currentCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { customerNotifySchema, type NotifyMeReply, visitorNotifySchema } from "./notify-me-schema.ts";

export async function notifyMeAction(args: RequestArgs) {
  const formData = await args.request.formData();
  const customerEmail = currentCustomer(args.context)?.customer.email ?? null;
  const answer = (result: SubmissionResult<string[]>) =>
    formReply<NotifyMeReply>(
      {
        result,
        itemTOTVSId: Number(formData.get("itemTOTVSId")),
        productPath: String(formData.get("productPath") ?? ""),
        customerEmail,
      },
      400,
    );
  if (customerEmail) {
    const submission = parseWithZod(formData, { schema: customerNotifySchema });
    if (submission.status !== "success") return answer(submission.reply());
    const { itemTOTVSId, productPath } = submission.value;
    return keepAlert(args, { itemTOTVSId }, productPath, (message) =>
      answer(submission.reply({ formErrors: [message] })),
    );
  }
  const submission = parseWithZod(formData, { schema: visitorNotifySchema });
  if (submission.status !== "success") return answer(submission.reply());
  const { productPath, ...alert } = submission.value;
  return keepAlert(args, alert, productPath, (message) => answer(submission.reply({ formErrors: [message] })));
}

/** Asks the store API; back to the product with the toast, or the refusal on the form. */
async function keepAlert<Refused>(
  args: RequestArgs,
  alert: Omit<CreateStockAlertPayload, "storeId">,
  productPath: string,
  refuse: (message: string) => Refused,
): Promise<Response | Refused> {
  try {
    const { alreadyWaiting } = await storeApi(args.context).createStockAlert(alert);
    return toasts().redirectWithSuccess(
      productPath,
      alreadyWaiting ? STOCK_ALERT_MESSAGES.alreadyWaiting : STOCK_ALERT_MESSAGES.created,
    );
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return refuse(error.message);
  }
}
