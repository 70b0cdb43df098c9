import { useForm } from "#app/ui/use-form.ts";
import { Link, useFetcher, useLocation } from "react-router";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import type { z } from "zod";
import type { loginSchema } from "#app/features/accounts/account-schemas.ts";
import { PasswordField, SubmitButton, TextField } from "#app/ui/form-field.tsx";
import { useLazyRules } from "#app/ui/lazy-rules.ts";
import { AccountFetcherForm } from "./account-fetcher-form.tsx";
import type { AccountFormReply } from "./account-form-reply.ts";

export function LoginForm({ redirectTo, reply }: { redirectTo: string; reply?: AccountFormReply }) {
  const fetcher = useFetcher<AccountFormReply>({ key: "login" });
  const location = useLocation();
  const last = fetcher.data ?? reply;
  const { loadOnFocus, ...rules } = useLazyRules(() =>
    import("#app/lib/validation/form-rules.ts").then((module) => module.formRules.login),
  );
  const [form, fields] = useForm<z.input<typeof loginSchema>>({
    id: "login",
    lastResult: last?.result,
    constraint: { email: { required: true }, password: { required: true } },
    ...rules,
  });
  const busy = fetcher.state !== "idle";
  return (
    <AccountFetcherForm
      fetcher={fetcher}
      form={form}
      action="/entrar"
      redirectTo={redirectTo}
      toast={last?.toast}
      loadOnFocus={loadOnFocus}
    >
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
    </AccountFetcherForm>
  );
}
