/**
 * /conta's "Privacidade e dados" (LGPD art. 18, docs/decisions/0016): the download of
 * everything the store keeps about the customer, and the deletion of the account.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { AccountPageReply } from "#app/features/accounts/account-page-reply.ts";
import { accountDeletionSchema } from "#app/features/accounts/account-schemas.ts";
import { formNonce, formReply } from "#app/.server/form-reply.server.ts";
import { requireCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { destroyCustomerSession } from "#app/.server/session.server.ts";
import { getEnv } from "#app/.server/env.server.ts";
import { StoreApiError, type StoreApiClient } from "#app/.server/store-api/index.server.ts";
import { privacyByEmail, type PrivacyRequests } from "./account-privacy.tsx";
import { toasts } from "#app/.server/toast.server.ts";

export const ACCOUNT_DELETED = "Sua conta foi excluída e seus dados pessoais foram apagados.";

const ACCOUNT_PATH = "/conta";

/** The copy and the deletion need both calls beyond spec §7; without them, the e-mail (0026). */
export function privacyRequests(api: StoreApiClient): PrivacyRequests {
  return {
    selfService: api.supports("exportCustomerData") && api.supports("deleteCustomer"),
    contactEmail: getEnv().CONTACT_EMAIL,
  };
}

/** A store API without the call: back to /conta with the e-mail to write to. */
const askByEmail = () => toasts().redirectWithError(ACCOUNT_PATH, privacyByEmail(getEnv().CONTACT_EMAIL));

/**
 * GET /conta/meus-dados: the customer's data as a JSON file, never cached. A plain link
 * downloads it, with or without JavaScript; a refusal of the API comes back to /conta as a toast.
 */
export async function downloadAccountData({ context }: RequestArgs): Promise<Response> {
  const { customer } = requireCustomer(context);
  if (!privacyRequests(storeApi(context)).selfService) return askByEmail();
  try {
    const data = await storeApi(context).exportCustomerData(customer.id);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="meus-dados-loja-escolar-${data.generatedAt.slice(0, 10)}.json"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    return toasts().redirectWithError(ACCOUNT_PATH, error.message);
  }
}

function deletionReply(result: Extract<AccountPageReply, { form: "delete-account" }>["result"], status: number) {
  const body: AccountPageReply = { form: "delete-account", nonce: formNonce(), result };
  return formReply(body, status);
}

/**
 * "Excluir minha conta": with the right password the API erases the account and ends every
 * session; this one ends here too, and the person lands on the home page as a visitor.
 * A wrong password changes nothing and says so in the dialog; the password never comes back.
 */
export async function deleteAccountAction({ request, context }: RequestArgs, formData: FormData) {
  const submission = parseWithZod(formData, { schema: accountDeletionSchema });
  const hidden = { hideFields: ["password"] };
  if (submission.status !== "success") return deletionReply(submission.reply(hidden), 400);
  const { customer } = requireCustomer(context);
  if (!privacyRequests(storeApi(context)).selfService) return askByEmail();
  try {
    await storeApi(context).deleteCustomer(customer.id, submission.value.password);
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    return deletionReply(submission.reply({ ...hidden, formErrors: [error.message] }), error.status);
  }
  return toasts().redirectWithSuccess("/", ACCOUNT_DELETED, {
    headers: { "set-cookie": await destroyCustomerSession(request) },
  });
}
