import { Link } from "react-router";
import { CHECKOUT_PATH } from "#app/lib/url-state.ts";
import { LoginForm } from "#app/features/accounts/login-form.tsx";
import { RegistrationWizard } from "#app/features/accounts/registration/registration-wizard.tsx";

export const REGISTER_PARAM = { key: "cadastro", value: "novo" } as const;

/** Step 1 (spec §2): the login form, or the registration when toggled; both come back here. */
export function AuthStep({ registering }: { registering: boolean }) {
  return (
    <section aria-labelledby="auth-step-title" className="flex flex-col gap-4">
      <h2 id="auth-step-title" className="text-xl font-bold text-slate-900">
        {registering ? "Crie sua conta" : "Entre na sua conta"}
      </h2>
      {registering ? <RegistrationWizard redirectTo={CHECKOUT_PATH} /> : <LoginForm redirectTo={CHECKOUT_PATH} />}
      <Link
        to={registering ? CHECKOUT_PATH : `${CHECKOUT_PATH}?${REGISTER_PARAM.key}=${REGISTER_PARAM.value}`}
        replace
        className="text-center text-sm font-semibold text-brand-600 hover:underline"
      >
        {registering
          ? "Já é cliente? Faça o login clicando aqui!"
          : "Ainda não é cliente? Crie sua conta clicando aqui!"}
      </Link>
    </section>
  );
}
