/**
 * /gestor/minha-conta: the person's data, their password and their second factor. New
 * recovery codes are shown in the action's reply, once (as at the enrolment).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { gestorAccount } from "#api/contract/gestor/account.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { requireStaff } from "../staff-guard.server.ts";
import { authenticatorCodeSchema, changePasswordSchema } from "./staff-forms.ts";

export const PASSWORD_CHANGED = "Senha alterada. Suas outras sessões foram encerradas.";

export async function ownAccountPage(request: Request) {
  const { staff } = await requireStaff(request);
  return { staff };
}

/** The API's refusal as the form's error; a 5xx or anything unknown goes on to the error page. */
function refusal(error: unknown) {
  if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
  return error;
}

export async function ownAccountAction(request: Request) {
  const { call } = await requireStaff(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    const hide = { hideFields: ["currentPassword", "newPassword", "newPasswordConfirmation"] };
    if (submission.status !== "success") return formReply({ intent, result: submission.reply(hide) }, 400);
    try {
      const { currentPassword, newPassword } = submission.value;
      await call(gestorAccount.changePassword, {}, { body: { currentPassword, newPassword } });
    } catch (error) {
      const refused = refusal(error);
      return formReply(
        { intent, result: submission.reply({ formErrors: [refused.message], ...hide }) },
        refused.status,
      );
    }
    return toasts().redirectWithSuccess(GESTOR_PATHS.ownAccount, PASSWORD_CHANGED);
  }
  if (intent === "recovery-codes") {
    const submission = parseWithZod(formData, { schema: authenticatorCodeSchema });
    if (submission.status !== "success") return formReply({ intent, result: submission.reply() }, 400);
    try {
      const { recoveryCodes } = await call(
        gestorAccount.regenerateRecoveryCodes,
        {},
        { body: { code: submission.value.code } },
      );
      return formReply({ intent, recoveryCodes });
    } catch (error) {
      const refused = refusal(error);
      return formReply(
        { intent, result: submission.reply({ formErrors: [refused.message], hideFields: ["code"] }) },
        refused.status,
      );
    }
  }
  return data({ intent: null }, { status: 400 });
}
