import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { requireStaff } from "#app/features/gestor/staff-guard.server.ts";
import type { Route } from "./+types/dashboard";

export const meta = () => [{ title: "Painel | Gestor | Loja Escolar" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request);
  return { name: staff.name };
}

export default function GestorDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <GestorPageHeader title="Painel" />
      <p>Olá, {loaderData.name}.</p>
    </>
  );
}
