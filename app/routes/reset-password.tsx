import type { SubmissionResult } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import { destroyCustomerSession } from "#app/.server/session.server.ts";
import { getEnv } from "#app/.server/env.server.ts";
import { storeApi } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { FormErrors, PasswordField, SubmitButton } from "#app/ui/form-field.tsx";
import { InlineToast } from "#app/ui/inline-toast.tsx";
import { rulesFormProps, useLazyRules } from "#app/ui/lazy-rules.ts";
import { resetPasswordSchema } from "#app/features/accounts/account-schemas.ts";
import { newPasswordRefusal } from "#app/features/accounts/new-password-refusal.ts";
import type { Route } from "./+types/reset-password";

// The token in the URL is as good as a password for an hour: it must never reach another
// site through the Referer header (server.js sends "same-origin" on every page, decision
// note 0006), nor be indexed or cached.
export const headers = () => ({ "Cache-Control": "no-store" });

export const meta = () => [
  { title: "Nova senha | Loja Escolar" },
  { name: "robots", content: "noindex, nofollow" },
  // Also as a meta tag: the page keeps its policy behind a proxy that rewrites headers.
  { name: "referrer", content: "same-origin" },
];

/**
 * A dead link (404 unknown, 410 expired or used), or too many tries from this address (429),
 * renders the page with the API's message and status: never an error page.
 */
function deadLink(error: unknown) {
  if (error instanceof StoreApiError && [404, 410, 429].includes(error.status)) {
    return data({ invalid: error.message, result: undefined, toast: null }, { status: error.status });
  }
  throw error;
}

/**
 * A store API without the link's calls (beyond spec §7, docs/decisions/0026) cannot set the
 * password here: the page says whom to ask instead of offering a form that would fail.
 */
function resetUnavailable() {
  const { CONTACT_EMAIL, CONTACT_PHONE } = getEnv();
  return data(
    {
      invalid: `Não é possível definir a nova senha por esta página agora. Fale com o atendimento pelo e-mail ${CONTACT_EMAIL} ou pelo telefone ${CONTACT_PHONE}.`,
      result: undefined,
      toast: null,
    },
    { status: 404 },
  );
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = storeApi(context);
  if (!api.supports("checkResetToken") || !api.supports("confirmResetPassword")) return resetUnavailable();
  try {
    await storeApi(context).checkResetToken(params.token);
  } catch (error) {
    return deadLink(error);
  }
  return { invalid: null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  const hidePasswords = { hideFields: ["password", "passwordConfirmation"] };
  if (submission.status !== "success") {
    return data({ invalid: null, result: submission.reply(hidePasswords), toast: null }, { status: 400 });
  }
  const { password, passwordConfirmation } = submission.value;
  if (!storeApi(context).supports("confirmResetPassword")) return resetUnavailable();
  let message: string;
  try {
    message = await storeApi(context).confirmResetPassword(params.token, password, passwordConfirmation);
  } catch (error) {
    if (error instanceof StoreApiError && (error.status === 404 || error.status === 410)) return deadLink(error);
    if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
    return data(
      { invalid: null, ...newPasswordRefusal(submission, error.message, { field: "password", ...hidePasswords }) },
      { status: error.status },
    );
  }
  // The reset ended every session of the customer in the API; this browser's one goes too.
  return toasts().redirectWithSuccess("/?conta=entrar", `${message} Faça login com a nova senha.`, {
    headers: { "set-cookie": await destroyCustomerSession(request) },
  });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const invalid = actionData?.invalid ?? loaderData.invalid;
  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Nova senha</h1>
      <div className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        {invalid ? (
          <div className="flex flex-col gap-4">
            <p role="alert" className="font-semibold text-red-700">
              {invalid}
            </p>
            <Link
              to="/resetar-senha"
              className="rounded-full bg-brand-600 px-5 py-2.5 text-center font-bold text-white hover:bg-brand-700"
            >
              Pedir um novo link
            </Link>
          </div>
        ) : (
          <NewPasswordForm reply={actionData} />
        )}
      </div>
    </div>
  );
}

function NewPasswordForm({ reply }: { reply?: { result?: SubmissionResult<string[]>; toast: string | null } }) {
  const navigation = useNavigation();
  const { loadOnFocus, ...rules } = useLazyRules(() =>
    import("#app/features/shopper-form-rules.ts").then((module) => module.formRules.resetPassword),
  );
  const [form, fields] = useForm<z.input<typeof resetPasswordSchema>>({
    id: "reset-password",
    lastResult: reply?.result,
    constraint: { password: { required: true }, passwordConfirmation: { required: true } },
    ...rules,
  });
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...rulesFormProps(form, loadOnFocus)} className="flex flex-col gap-4">
      <AuthenticityTokenInput name="csrf" />
      {reply?.toast ? <InlineToast message={reply.toast} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <PasswordField meta={fields.password} label="Nova senha" autoComplete="new-password" />
      <PasswordField meta={fields.passwordConfirmation} label="Confirme a nova senha" autoComplete="new-password" />
      <SubmitButton busy={busy}>{busy ? "Salvando..." : "Salvar nova senha"}</SubmitButton>
    </Form>
  );
}
