import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { firstName } from "#core/text.ts";
import { UserIcon } from "#app/ui/icons.tsx";

export interface MenuCustomer {
  name: string;
  email: string;
  avatar: string | null;
}

/** The logged-in customer's menu (desktop and mobile): a <details>, so it opens without JavaScript. */
export function AccountMenu({ customer, align = "right" }: { customer: MenuCustomer; align?: "right" | "left" }) {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    details.current?.removeAttribute("open");
  }, [location.key]);
  const close = () => details.current?.removeAttribute("open");
  const linkClass = "block rounded-lg px-3 py-2 hover:bg-brand-50 hover:text-brand-700";
  return (
    <details ref={details} className="relative" data-testid="account-menu">
      <summary
        className="flex cursor-pointer list-none items-center rounded-full p-1.5 hover:bg-white/10"
        aria-label={`Conta de ${firstName(customer.name)}`}
      >
        {customer.avatar ? (
          <img src={customer.avatar} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />
        ) : (
          <UserIcon />
        )}
      </summary>
      <div
        className={`absolute ${align === "right" ? "right-0" : "left-0"} z-50 mt-2 w-64 rounded-xl bg-white p-2 text-slate-700 shadow-xl ring-1 ring-slate-200`}
      >
        <div className="border-b border-slate-100 px-3 pb-2 pt-1">
          <p className="font-bold text-slate-900">Olá, {firstName(customer.name)}</p>
          <p className="truncate text-sm text-slate-500">{customer.email}</p>
        </div>
        <nav className="flex flex-col py-1" aria-label="Minha conta">
          <Link to="/conta" onClick={close} className={linkClass}>
            Minha Conta
          </Link>
          <Link to="/compra-rapida" onClick={close} className={linkClass}>
            Compra Rápida
          </Link>
          <Link to="/atendimento" onClick={close} className={linkClass}>
            Atendimento
          </Link>
          <Form method="post" action="/sair">
            <AuthenticityTokenInput name="csrf" />
            <button type="submit" className={`${linkClass} w-full text-left text-red-600`}>
              Sair
            </button>
          </Form>
        </nav>
      </div>
    </details>
  );
}
