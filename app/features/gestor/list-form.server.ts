import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";

/** The form's fields as text, a missing one empty: the body of a gestor call whose schema reads form text. */
export const formText = (formData: FormData, keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, String(formData.get(key) ?? "")]));

/**
 * One of a list page's small forms (a category, a banner): checked, sent, and the page again
 * with a toast; refused, the form again (its id says which) with what was typed and why.
 */
export async function saveListForm(
  formData: FormData,
  { formId, schema, path, saved }: { formId: string; schema: z.ZodType; path: string; saved: string },
  send: () => Promise<unknown>,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return formReply({ formId, result: submission.reply() }, 400);
  try {
    await send();
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return formReply({ formId, result: submission.reply({ formErrors: [error.message] }) }, error.status);
  }
  return toasts().redirectWithSuccess(path, saved);
}
