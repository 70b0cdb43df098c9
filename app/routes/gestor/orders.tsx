import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPagination, gestorSecondaryButton } from "#app/features/gestor/gestor-ui.tsx";
import { OrderFilters } from "#app/features/gestor/orders/order-filters.tsx";
import { ordersPage } from "#app/features/gestor/orders/orders.server.ts";
import { SalesTable } from "#app/features/gestor/orders/sales-table.tsx";
import type { Route } from "./+types/orders";

export const meta = () => [{ title: "Pedidos | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => ordersPage(request);

const withQuery = (path: string, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

export default function GestorOrders({ loaderData }: Route.ComponentProps) {
  const { query, result, list, unitChoices } = loaderData;
  return (
    <>
      <GestorPageHeader title="Pedidos">
        {list ? (
          <a href={withQuery(GESTOR_PATHS.ordersExport, query)} className={gestorSecondaryButton} download>
            Exportar CSV (todas as páginas)
          </a>
        ) : null}
      </GestorPageHeader>
      <OrderFilters query={query} result={result} unitChoices={unitChoices} />
      {list ? (
        <>
          <SalesTable caption="Pedidos" rows={list.rows} empty="Nenhum pedido com estes filtros." />
          <GestorPagination
            page={list.page}
            pageCount={list.pageCount}
            total={list.total}
            hrefOf={(page) => withQuery(GESTOR_PATHS.orders, { ...query, page: String(page) })}
          />
        </>
      ) : (
        <p className="text-slate-700">Corrija os filtros para ver os pedidos.</p>
      )}
    </>
  );
}
