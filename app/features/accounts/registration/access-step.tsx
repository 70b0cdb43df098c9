import { getInputProps } from "@conform-to/react";
import { useForm } from "#app/ui/use-form.ts";
import type { FetcherWithComponents } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import { useRootData } from "#app/root.tsx";
import { PRIVACY_PATH } from "#app/lib/url-state.ts";
import type { registrationAccessSchema } from "#app/features/accounts/account-schemas.ts";
import { rulesFormProps, useLazyRules } from "#app/ui/lazy-rules.ts";
import { FieldErrors, PasswordField, SubmitButton, TextField } from "#app/ui/form-field.tsx";
import type { RegistrationReply } from "./registration-reply.ts";

export function AccessStep({
  fetcher,
  reply,
  redirectTo,
  busy,
}: {
  fetcher: FetcherWithComponents<RegistrationReply>;
  reply?: RegistrationReply;
  redirectTo: string;
  busy: boolean;
}) {
  const { store } = useRootData();
  const step1 = reply?.step === 1 ? reply : undefined;
  const { loadOnFocus, ...rules } = useLazyRules(
    () => import("#app/features/shopper-form-rules.ts").then((module) => module.formRules.registrationAccess),
    { shouldRevalidate: "onInput" },
  );
  const [form, fields] = useForm<z.input<typeof registrationAccessSchema>>({
    id: "registration-access",
    lastResult: step1?.result,
    defaultValue: step1?.values,
    ...rules,
  });
  return (
    <fetcher.Form
      method="post"
      action="/registrar"
      {...rulesFormProps(form, loadOnFocus)}
      className="flex flex-col gap-4"
    >
      <h3 className="text-lg font-bold text-slate-900">Dados de acesso</h3>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField meta={fields.name} label="Nome completo" autoComplete="name" maxLength={45} />
      <TextField meta={fields.email} label="E-mail" type="email" autoComplete="email" maxLength={45} />
      <PasswordField meta={fields.password} label="Senha" autoComplete="new-password" />
      <PasswordField meta={fields.passwordConfirmation} label="Repita a senha" autoComplete="new-password" />
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            {...getInputProps(fields.terms, { type: "checkbox" })}
            key={fields.terms.key}
            className="mt-0.5 h-4 w-4 accent-brand-600"
          />
          <span>
            Li e aceito os{" "}
            <a
              href={store.termsContracts}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-600 underline"
            >
              Termos e Condições
            </a>{" "}
            da loja.
          </span>
        </label>
        <FieldErrors id={fields.terms.errorId} errors={fields.terms.errors} />
      </div>
      <p className="text-sm text-slate-600">
        Veja como cuidamos dos seus dados e dos dados dos estudantes na{" "}
        {/* A new tab: the sign-up keeps what was typed. */}
        <a href={PRIVACY_PATH} target="_blank" rel="noopener" className="font-semibold text-brand-600 underline">
          Política de Privacidade
        </a>
        .
      </p>
      <SubmitButton name="intent" value="access" busy={busy}>
        Próximo
      </SubmitButton>
    </fetcher.Form>
  );
}
