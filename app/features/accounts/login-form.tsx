import { Link, useLocation } from "react-router";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { PasswordField, SubmitButton, TextField } from "#app/ui/form-field.tsx";
import { AccountFetcherForm, useAccountFetcherForm } from "./account-fetcher-form.tsx";
import type { AccountFormReply } from "./account-form-reply.ts";

export function LoginForm({ redirectTo, reply }: { redirectTo: string; reply?: AccountFormReply }) {
  const location = useLocation();
  const login = useAccountFetcherForm({
    id: "login",
    reply,
    loadRules: () => import("#app/features/shopper-form-rules.ts").then((module) => module.formRules.login),
    required: ["email", "password"],
  });
  const { fields, busy } = login;
  return (
    <AccountFetcherForm state={login} action="/entrar" redirectTo={redirectTo}>
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
