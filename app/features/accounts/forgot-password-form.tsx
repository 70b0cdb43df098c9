import { Link, useLocation } from "react-router";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { SubmitButton, TextField } from "#app/ui/form-field.tsx";
import { AccountFetcherForm, useAccountFetcherForm } from "./account-fetcher-form.tsx";
import type { AccountFormReply } from "./account-form-reply.ts";

/** "Esqueci a senha": asks the store to mail a reset link. Posts to /resetar-senha (a page of its own without JavaScript). */
export function ForgotPasswordForm({ redirectTo, reply }: { redirectTo: string; reply?: AccountFormReply }) {
  const location = useLocation();
  const forgot = useAccountFetcherForm({
    id: "forgot-password",
    reply,
    loadRules: () => import("#app/features/shopper-form-rules.ts").then((module) => module.formRules.forgotPassword),
    required: ["email"],
  });
  const { fields, busy } = forgot;
  return (
    <AccountFetcherForm state={forgot} action="/resetar-senha" redirectTo={redirectTo}>
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
