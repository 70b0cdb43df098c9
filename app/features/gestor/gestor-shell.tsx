import type { ReactNode } from "react";
import { Form, Link, NavLink } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { STAFF_ROLE_LABELS, type StaffMember } from "#api/contract/gestor/staff.ts";
import { useUnitName } from "#app/lib/school-units.ts";
import { GESTOR_MENU, GESTOR_PATHS } from "./gestor-paths.ts";
import { HeaderSearch } from "./search/header-search.tsx";

/**
 * The gestor area's frame (issue 15): a plain, dense, desktop-first admin look that still
 * works on a tablet; the menu is links and "Sair" a form, so all of it works without JavaScript.
 */
export function GestorShell({ staff, children }: { staff: StaffMember; children: ReactNode }) {
  const menu = GESTOR_MENU.filter((entry) => !entry.roles || entry.roles.includes(staff.role));
  const unitName = useUnitName();
  const units = staff.unitCodes.map(unitName).join(", ");
  return (
    <div className="min-h-screen bg-slate-100 text-sm text-slate-800">
      <a href="#conteudo" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        Pular para o conteúdo
      </a>
      <header className="flex flex-wrap items-center justify-between gap-2 bg-slate-900 px-4 py-2 text-white">
        <Link to={GESTOR_PATHS.home} className="font-bold">
          Loja Escolar · Gestor
        </Link>
        <HeaderSearch />
        <div className="flex flex-wrap items-center gap-3">
          {/* A secretary's units by name (decision 0061): on a phone two lines at most, the rest in the title. */}
          <span
            data-testid="gestor-staff"
            title={units ? `${staff.name} (${STAFF_ROLE_LABELS[staff.role]} · ${units})` : undefined}
            className="line-clamp-2 min-w-0 break-words sm:line-clamp-none"
          >
            {staff.name}{" "}
            <span className="text-slate-300">
              ({STAFF_ROLE_LABELS[staff.role]}
              {units ? ` · ${units}` : ""})
            </span>
          </span>
          <Link to={GESTOR_PATHS.ownAccount} className="underline-offset-2 hover:underline">
            Minha conta
          </Link>
          <Form method="post" action={GESTOR_PATHS.logout}>
            <AuthenticityTokenInput name="csrf" />
            <button type="submit" className="rounded border border-slate-500 px-2 py-1 hover:bg-slate-800">
              Sair
            </button>
          </Form>
        </div>
      </header>
      <div className="flex flex-col md:flex-row">
        <nav
          aria-label="Área do gestor"
          className="border-b border-slate-200 bg-white md:min-h-screen md:w-52 md:border-r md:border-b-0"
        >
          <ul className="flex flex-wrap gap-1 p-2 md:flex-col">
            {menu.map((entry) => (
              <li key={entry.to}>
                <NavLink
                  to={entry.to}
                  end={entry.to === GESTOR_PATHS.home}
                  className={({ isActive }) =>
                    `block rounded px-3 py-1.5 ${isActive ? "bg-slate-900 font-semibold text-white" : "hover:bg-slate-100"}`
                  }
                >
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="conteudo" className="min-w-0 flex-1 p-4">
          {children}
        </main>
      </div>
    </div>
  );
}

/** The title and robots rule of the pages before a login: none of them is for a search engine. */
export const gestorEntryMeta = (title: string) => [
  { title: `${title} | Gestor | Loja Escolar` },
  { name: "robots", content: "noindex, nofollow" },
];

/** The frame of the pages before a login (login, second factor, password link). */
export function GestorEntryFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-12 text-sm text-slate-800">
      <main className="w-full max-w-sm rounded-lg bg-white p-6 shadow ring-1 ring-slate-200">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Loja Escolar · Gestor</p>
        <h1 className="mt-1 mb-4 text-xl font-bold text-slate-900">{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** A page's title line with its actions on the right. */
export function GestorPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
