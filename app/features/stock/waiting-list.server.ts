/**
 * POST /lista-de-espera: "Entrar na lista de espera" from a full class's product page (issue 28;
 * decision 0070). A kept place goes back to the product page with a toast (POST-redirect-GET); a
 * refusal answers the form with its message and what was typed: a fetcher's form shows it in
 * place, and without JavaScript the /lista-de-espera page shows the form again.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { WAITING_LIST_MESSAGES } from "#api/contract/waiting-list.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { currentCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { customerWaitingSchema, visitorWaitingSchema, type WaitingListReply } from "./waiting-list-schema.ts";

export async function joinWaitingListAction(args: RequestArgs) {
  const formData = await args.request.formData();
  const customerEmail = currentCustomer(args.context)?.customer.email ?? null;
  const answer = (result: SubmissionResult<string[]>) =>
    formReply<WaitingListReply>(
      {
        result,
        itemTOTVSId: Number(formData.get("itemTOTVSId")),
        productPath: String(formData.get("productPath") ?? ""),
        customerEmail,
      },
      400,
    );
  const submission = customerEmail
    ? parseWithZod(formData, { schema: customerWaitingSchema })
    : parseWithZod(formData, { schema: visitorWaitingSchema });
  if (submission.status !== "success") return answer(submission.reply());
  const { productPath, ...entry } = submission.value;
  try {
    const { alreadyWaiting, waitingListEntry } = await storeApi(args.context).joinWaitingList(entry);
    const place = `Sua posição na fila: ${waitingListEntry.place}º.`;
    const message = alreadyWaiting ? WAITING_LIST_MESSAGES.alreadyWaiting : WAITING_LIST_MESSAGES.joined;
    return toasts().redirectWithSuccess(productPath, `${message} ${place}`);
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return answer(submission.reply({ formErrors: [error.message] }));
  }
}
