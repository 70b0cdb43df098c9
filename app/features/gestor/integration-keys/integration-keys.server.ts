/**
 * Integrações (admins; issue 27, decision 0060): the school ERP's keys. A new key's secret is
 * in the action's reply, once, uncached (as the team's one-time links, 0028): a redirect would
 * have to carry it in the session or lose it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { gestorIntegrationKeys } from "#api/contract/gestor/integration-keys.ts";
import { getEnv } from "#app/.server/env.server.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { requireAdmin } from "../staff-guard.server.ts";
import { createKeySchema, revokeKeySchema } from "./key-forms.ts";

export const KEY_REVOKED = "Chave revogada. O sistema que a usava não consegue mais sincronizar com ela.";

export async function integrationKeysPage(request: Request) {
  const { call } = await requireAdmin(request);
  const { keys } = await call(gestorIntegrationKeys.list, {}, { query: { storeId: getEnv().STORE_ID } });
  return data({ keys }, { headers: { "Cache-Control": "no-store" } });
}

/** A refusal of the API; a 5xx or anything unknown goes on to the error page. */
function refusal(error: unknown): StoreApiError {
  if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
  return error;
}

export async function integrationKeysAction(request: Request) {
  const { call } = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: createKeySchema });
    if (submission.status !== "success") return formReply({ intent, result: submission.reply() }, 400);
    try {
      const { key, secret } = await call(
        gestorIntegrationKeys.create,
        {},
        { body: { ...submission.value, storeId: getEnv().STORE_ID } },
      );
      return formReply({
        intent,
        created: { label: key.label, secret },
        result: submission.reply({ resetForm: true }),
      });
    } catch (error) {
      const refused = refusal(error);
      return formReply({ intent, result: submission.reply({ formErrors: [refused.message] }) }, refused.status);
    }
  }
  if (intent === "revoke") {
    const submission = parseWithZod(formData, { schema: revokeKeySchema });
    const keyId = String(formData.get("keyId") ?? "");
    if (submission.status !== "success") {
      const message = Object.values(submission.error ?? {}).flat()[0] ?? "Ação desconhecida.";
      return formReply({ intent, revokeError: { keyId, message } }, 400);
    }
    try {
      await call(gestorIntegrationKeys.revoke, { keyId: submission.value.keyId });
    } catch (error) {
      const refused = refusal(error);
      return formReply({ intent, revokeError: { keyId, message: refused.message } }, refused.status);
    }
    return toasts().redirectWithSuccess(GESTOR_PATHS.integrationKeys, KEY_REVOKED);
  }
  return formReply({ intent: null }, 400);
}
