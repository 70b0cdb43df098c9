import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { gestorAuth } from "#api/contract/gestor/auth.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { gestorApiFor } from "./gestor-api.server.ts";
import { GESTOR_PATHS } from "./gestor-paths.ts";
import { destroyStaffSession } from "./staff-session.server.ts";
import { staffNewPasswordSchema } from "./staff-schemas.ts";

export const PASSWORD_SET = "Senha definida. Entre com seu e-mail e a nova senha.";

/** A used or expired link renders the page with the API's message, never an error page. */
function deadLink(error: unknown) {
  if (error instanceof StoreApiError && [404, 429].includes(error.status))
    return data({ invalid: error.message, person: null }, { status: error.status });
  throw error;
}

export async function setPasswordPage(request: Request, token: string) {
  try {
    const { staff, purpose } = await gestorApiFor(request)(gestorAuth.checkPasswordLink, {}, { body: { token } });
    return { invalid: null, person: { ...staff, purpose } };
  } catch (error) {
    return deadLink(error);
  }
}

export async function setPassword(request: Request, token: string) {
  const submission = parseWithZod(await request.formData(), { schema: staffNewPasswordSchema });
  const hide = { hideFields: ["password", "passwordConfirmation"] };
  if (submission.status !== "success") return formReply({ result: submission.reply(hide) }, 400);
  try {
    await gestorApiFor(request)(gestorAuth.setPassword, {}, { body: { token, password: submission.value.password } });
  } catch (error) {
    if (error instanceof StoreApiError && error.status === 404) return deadLink(error);
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return formReply(
      { result: submission.reply({ fieldErrors: { password: [error.message] }, ...hide }) },
      error.status,
    );
  }
  // Every session of the person ended in the API; this browser's cookie goes too.
  return toasts().redirectWithSuccess(GESTOR_PATHS.login, PASSWORD_SET, {
    headers: { "set-cookie": await destroyStaffSession(request) },
  });
}
