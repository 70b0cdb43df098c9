import { parseWithZod } from "@conform-to/zod/v4";
import { keepsProfile } from "#app/features/accounts/customer-profile.server.ts";
import { data } from "react-router";
import { loginSchema } from "#app/features/accounts/account-schemas.ts";
import { mergeGuestCartAtLogin } from "#app/features/cart/guest-cart-merge.server.ts";
import { commitCustomerSession, type SessionCustomer } from "#app/.server/session.server.ts";
import { storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { pathOf, returnUrl } from "#app/.server/return-path.server.ts";

/** Where to go after an account form: a same-site path, without the modal's URL state. */
export function redirectTarget(formData: FormData): string {
  const url = returnUrl(formData);
  url.searchParams.delete("conta");
  return pathOf(url);
}

/**
 * A login's end, from the login form or sign-up's step 3: the visitor's cart joins the
 * account's, the session starts, and the shopper goes on with the spec's toast (§8).
 * `cookies` are other Set-Cookie headers of the same answer.
 */
export async function enterAccount(
  request: Request,
  auth: { token: string; customer: SessionCustomer },
  redirectTo: string,
  cookies: string[] = [],
) {
  const cartNews = await mergeGuestCartAtLogin(request, auth);
  const headers = new Headers();
  for (const cookie of [await commitCustomerSession(request, auth, undefined, keepsProfile()), ...cookies])
    headers.append("set-cookie", cookie);
  return toasts().redirectWithSuccess(
    redirectTo,
    { message: "Usuário logado com sucesso!", description: cartNews },
    { headers },
  );
}

/** The login form's action: a session and a redirect, or the form back with the reason. */
export async function logIn({ request, context }: RequestArgs, formData: FormData) {
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password"] }), toast: null, redirectTo: redirectTarget(formData) },
      { status: 400 },
    );
  }
  try {
    const auth = await storeApi(context).authCustomer(submission.value.email, submission.value.password);
    return await enterAccount(request, auth, redirectTarget(formData));
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    // Spec §8: the API's error.message in a red toast.
    return data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        toast: error.message,
        redirectTo: redirectTarget(formData),
      },
      { status: error.status },
    );
  }
}
