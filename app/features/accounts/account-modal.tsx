import { Link, useLocation, useSearchParams } from "react-router";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import { Modal } from "#app/ui/modal.tsx";
import type { AccountFormReply } from "./account-form-reply.ts";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { LoginForm } from "./login-form.tsx";
import { RegistrationWizard, type RegistrationReply } from "./registration/registration-wizard.tsx";

import { accountTabOf, type AccountTab } from "./account-tab.ts";

const BENEFITS = [
  "Acompanhe o status dos seus pedidos",
  "Receba ofertas exclusivas para a sua família",
  "Faça compras rápidas pela série do estudante",
];

/** The tab of /entrar's and /registrar's own modal: ?conta= when its tab links set it, else the page's. */
export function useAccountPageTab(pageTab: AccountTab): AccountTab {
  const [params] = useSearchParams();
  return accountTabOf(params.get(URL_STATE.account.key)) ?? pageTab;
}

/**
 * The account modal (spec §2): tabs Entrar and Registrar, and password recovery.
 * URL state (?conta=…) on any page, or the /entrar and /registrar pages after a form post.
 */
export function AccountModal({
  tab,
  redirectTo,
  closeHref,
  loginReply,
  forgotReply,
  registrationReply,
}: {
  tab: AccountTab;
  redirectTo: string;
  closeHref: string;
  loginReply?: AccountFormReply;
  forgotReply?: AccountFormReply;
  registrationReply?: RegistrationReply;
}) {
  const location = useLocation();
  const tabHref = (value: AccountTab) => hrefWithParam(location, URL_STATE.account.key, value);
  const tabClass = (active: boolean) =>
    `flex-1 rounded-full px-4 py-2 text-center font-bold ${active ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-100"}`;
  return (
    <Modal titleId="account-modal-title" closeHref={closeHref}>
      <div className="p-6 pt-12">
        <h2 id="account-modal-title" className="sr-only">
          {tab === "registrar" ? "Registrar" : tab === "entrar" ? "Entrar" : "Recuperar senha"}
        </h2>
        <nav className="mb-6 flex gap-2 rounded-full bg-slate-100 p-1" aria-label="Entrar ou registrar">
          <Link
            to={tabHref("entrar")}
            replace
            preventScrollReset
            className={tabClass(tab !== "registrar")}
            aria-current={tab === "entrar" ? "page" : undefined}
          >
            Entrar
          </Link>
          <Link
            to={tabHref("registrar")}
            replace
            preventScrollReset
            className={tabClass(tab === "registrar")}
            aria-current={tab === "registrar" ? "page" : undefined}
          >
            Registrar
          </Link>
        </nav>
        {tab === "entrar" ? (
          <>
            <ul className="mb-5 flex flex-col gap-1.5 text-sm text-slate-600">
              {BENEFITS.map((benefit) => (
                <li key={benefit} className="flex items-center gap-2">
                  <span className="text-emerald-600" aria-hidden="true">
                    ✓
                  </span>
                  {benefit}
                </li>
              ))}
            </ul>
            <LoginForm redirectTo={redirectTo} reply={loginReply} />
          </>
        ) : tab === "registrar" ? (
          <RegistrationWizard redirectTo={redirectTo} reply={registrationReply} />
        ) : (
          <ForgotPasswordForm redirectTo={redirectTo} reply={forgotReply} />
        )}
      </div>
    </Modal>
  );
}
