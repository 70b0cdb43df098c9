import { isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import { GestorShell } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { requireStaff } from "#app/features/gestor/staff-guard.server.ts";
import type { Route } from "./+types/layout";

export const meta = () => [{ title: "Gestor | Loja Escolar" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { staff, expiresAt } = await requireStaff(request);
  return { staff, expiresAt };
}

export default function GestorLayout({ loaderData }: Route.ComponentProps) {
  return (
    <GestorShell staff={loaderData.staff}>
      <Outlet />
    </GestorShell>
  );
}

/** A refused role (403) or a page that is not there, in the area's own plain look. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && status < 500
      ? error.data
      : status === 404
        ? "Página não encontrada."
        : "Algo deu errado. Tente novamente em instantes.";
  return (
    <div className="min-h-screen bg-slate-100 p-8 text-sm text-slate-800">
      <h1 className="text-xl font-bold text-slate-900">
        {status === 403 ? "Acesso negado" : "Não foi possível abrir a página"}
      </h1>
      <p role="alert" className="mt-2">
        {message}
      </p>
      <Link to={GESTOR_PATHS.home} className="mt-4 inline-block font-semibold text-slate-900 underline">
        Voltar ao painel
      </Link>
    </div>
  );
}
