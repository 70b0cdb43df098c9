import { getFormProps } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import { Link, useFetcher, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import type { z } from "zod";
import type { loginSchema } from "#app/features/accounts/account-schemas.ts";
import { FormErrors, PasswordField, SubmitButton, TextField } from "#app/ui/form-field.tsx";
import { InlineToast } from "#app/ui/inline-toast.tsx";
import { useLazyRules } from "#app/ui/lazy-rules.ts";
import type { AccountFormReply } from "./account-form-reply.ts";

export function LoginForm({ redirectTo, reply }: { redirectTo: string; reply?: AccountFormReply }) {
  const fetcher = useFetcher<AccountFormReply>({ key: "login" });
  const location = useLocation();
  const last = fetcher.data ?? reply;
  const { loadOnFocus, ...rules } = useLazyRules(() =>
    import("#app/features/shopper-form-rules.ts").then((module) => module.formRules.login),
  );
  const [form, fields] = useForm<z.input<typeof loginSchema>>({
    id: "login",
    lastResult: last?.result,
    constraint: { email: { required: true }, password: { required: true } },
    ...rules,
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action="/entrar"
      {...getFormProps(form)}
      {...loadOnFocus}
      noValidate
      className="flex flex-col gap-4"
    >
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {last?.toast ? <InlineToast message={last.toast} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" maxLength={254} />
      <PasswordField meta={fields.password} label="Senha" autoComplete="current-password" />
      <SubmitButton busy={busy}>{busy ? "Entrando..." : "Acessar"}</SubmitButton>
      <Link
        to={hrefWithParam(location, URL_STATE.account.key, URL_STATE.account.forgot)}
        preventScrollReset
        className="text-center text-sm font-semibold text-brand-600 hover:underline"
      >
        Esqueci a senha
      </Link>
    </fetcher.Form>
  );
}
