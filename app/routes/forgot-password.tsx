import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectTarget } from "#app/features/accounts/login.server.ts";
import { storeApi } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { ForgotPasswordForm } from "#app/features/accounts/forgot-password-form.tsx";
import { forgotPasswordSchema } from "#app/features/accounts/account-schemas.ts";
import type { Route } from "./+types/forgot-password";

const RESET_LINK_SENT = "Link de recuperação da senha enviado ao email cadastrado";

export const meta = () => [{ title: "Recuperar senha | Loja Escolar" }, { name: "robots", content: "noindex" }];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  // Kept so that the page, after an error without JavaScript, still returns where the modal was.
  const redirectTo = redirectTarget(formData);
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null, redirectTo }, { status: 400 });
  }
  try {
    // The API answers the same whether or not the e-mail has an account (no account discovery).
    await storeApi(context).resetPassword(submission.value.email);
  } catch (error) {
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    // 429 (too many requests) and the like: the API's message in a red toast (spec §8).
    return data({ result: submission.reply(), toast: error.message, redirectTo }, { status: error.status });
  }
  return toasts().redirectWithSuccess(redirectTo, RESET_LINK_SENT);
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Recuperar senha</h1>
      <div className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <ForgotPasswordForm redirectTo={actionData?.redirectTo ?? "/"} reply={actionData} />
      </div>
    </div>
  );
}
