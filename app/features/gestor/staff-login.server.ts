import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { gestorAuth } from "#api/contract/gestor/auth.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { GESTOR_UNAVAILABLE, gestorApiFor } from "./gestor-api.server.ts";
import { GESTOR_PATHS, gestorReturnPath } from "./gestor-paths.ts";
import { commitStaffToken, destroyStaffSession, getStaffToken } from "./staff-session.server.ts";
import { staffLoginSchema } from "./staff-schemas.ts";

/** Where a session that still owes its second factor goes, keeping where it was headed. */
export function secondFactorPath(step: "totp" | "enrol", redirectTo: string): string {
  const page = step === "totp" ? GESTOR_PATHS.secondFactor : GESTOR_PATHS.enrol;
  return redirectTo === GESTOR_PATHS.home ? page : `${page}?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/** The login page: somebody with a complete session goes straight to the area. */
export async function staffLoginPage(request: Request) {
  const token = await getStaffToken(request);
  const redirectTo = gestorReturnPath(new URL(request.url).searchParams.get("redirectTo"));
  if (token) {
    try {
      const me = await gestorApiFor(request)(gestorAuth.me, {}, { headers: { authorization: `Bearer ${token}` } });
      throw redirect(me.secondFactor ? secondFactorPath(me.secondFactor, redirectTo) : redirectTo);
    } catch (error) {
      // A session that ended: the form, as for anybody.
      if (!(error instanceof StoreApiError)) throw error;
    }
  }
  return { redirectTo };
}

export async function staffLogin(request: Request) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: staffLoginSchema });
  const hide = { hideFields: ["password"] };
  if (submission.status !== "success") return formReply({ result: submission.reply(hide) }, 400);
  const { email, password } = submission.value;
  const redirectTo = gestorReturnPath(submission.value.redirectTo);
  let reply;
  try {
    reply = await gestorApiFor(request)(gestorAuth.login, {}, { body: { email, password } });
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    const message = error.status === 404 ? GESTOR_UNAVAILABLE : error.message;
    return formReply({ result: submission.reply({ formErrors: [message], ...hide }) }, error.status);
  }
  const { session, staff } = reply;
  const headers = { "set-cookie": await commitStaffToken(request, session.token) };
  if (session.secondFactor) throw redirect(secondFactorPath(session.secondFactor, redirectTo), { headers });
  return toasts().redirectWithSuccess(redirectTo, `Olá, ${staff.name}!`, { headers });
}

export const LOGGED_OUT = "Você saiu da área do gestor.";

export async function staffLogout(request: Request) {
  const token = await getStaffToken(request);
  if (token) {
    try {
      await gestorApiFor(request)(gestorAuth.logout, {}, { headers: { authorization: `Bearer ${token}` } });
    } catch (error) {
      // Already over in the API (expired, revoked): the browser's cookie goes all the same.
      if (!(error instanceof StoreApiError)) throw error;
    }
  }
  return toasts().redirectWithSuccess(GESTOR_PATHS.login, LOGGED_OUT, {
    headers: { "set-cookie": await destroyStaffSession(request) },
  });
}
