import { DeliveryCounts } from "#app/features/gestor/delivery/delivery-counts.tsx";
import { DashboardFigures, StockCounts } from "#app/features/gestor/orders/dashboard-view.tsx";
import { dashboardPage } from "#app/features/gestor/orders/dashboard.server.ts";
import { SalesChart } from "#app/features/gestor/orders/sales-chart.tsx";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import type { Route } from "./+types/dashboard";

export const meta = () => [{ title: "Painel | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => dashboardPage(request);

export default function GestorDashboard({ loaderData }: Route.ComponentProps) {
  const { name, figures, stock, delivery } = loaderData;
  return (
    <>
      <GestorPageHeader title="Painel" />
      <p className="mb-3">Olá, {name}.</p>
      <DashboardFigures {...figures} />
      <StockCounts {...stock} />
      {delivery ? <DeliveryCounts {...delivery} /> : null}
      <section aria-labelledby="painel-grafico" className="mt-6">
        <h2 id="painel-grafico" className="mb-2 text-base font-bold text-slate-900">
          Vendas pagas nos últimos 30 dias
        </h2>
        <SalesChart days={figures.days} />
      </section>
    </>
  );
}
