import { useForm } from "#app/ui/use-form.ts";
import { Link, useFetcher, useLocation } from "react-router";
import type { z } from "zod";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import type { forgotPasswordSchema } from "#app/features/accounts/account-schemas.ts";
import { useLazyRules } from "#app/ui/lazy-rules.ts";
import { SubmitButton, TextField } from "#app/ui/form-field.tsx";
import { AccountFetcherForm } from "./account-fetcher-form.tsx";
import type { AccountFormReply } from "./account-form-reply.ts";

/** "Esqueci a senha": asks the store to mail a reset link. Posts to /resetar-senha (a page of its own without JavaScript). */
export function ForgotPasswordForm({ redirectTo, reply }: { redirectTo: string; reply?: AccountFormReply }) {
  const fetcher = useFetcher<AccountFormReply>({ key: "forgot-password" });
  const location = useLocation();
  const last = fetcher.data ?? reply;
  const { loadOnFocus, ...rules } = useLazyRules(
    () => import("#app/lib/validation/form-rules.ts").then((module) => module.formRules.forgotPassword),
    { shouldValidate: "onSubmit" },
  );
  const [form, fields] = useForm<z.input<typeof forgotPasswordSchema>>({
    id: "forgot-password",
    lastResult: last?.result,
    constraint: { email: { required: true } },
    ...rules,
  });
  const busy = fetcher.state !== "idle";
  return (
    <AccountFetcherForm
      fetcher={fetcher}
      form={form}
      action="/resetar-senha"
      redirectTo={redirectTo}
      toast={last?.toast}
      loadOnFocus={loadOnFocus}
    >
      <p className="text-sm text-slate-600">
        Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.
      </p>
      <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" maxLength={254} />
      <SubmitButton busy={busy}>{busy ? "Enviando..." : "Enviar link"}</SubmitButton>
      <Link
        to={hrefWithParam(location, URL_STATE.account.key, URL_STATE.account.login)}
        preventScrollReset
        className="text-center text-sm font-semibold text-brand-600 hover:underline"
      >
        Voltar para o login
      </Link>
    </AccountFetcherForm>
  );
}
