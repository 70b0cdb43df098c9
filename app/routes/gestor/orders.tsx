import { Link } from "react-router";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorPagination, GestorTable, gestorSecondaryButton } from "#app/features/gestor/gestor-ui.tsx";
import { OrderFilters } from "#app/features/gestor/orders/order-filters.tsx";
import { ordersPage } from "#app/features/gestor/orders/orders.server.ts";
import { paymentMethodLabel, saleStatusLabel } from "#app/features/orders/sales.ts";
import { brazilDateTime } from "#app/lib/dates.ts";
import { formatBRL } from "#app/lib/money.ts";
import type { Route } from "./+types/orders";

export const meta = () => [{ title: "Pedidos | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => ordersPage(request);

const withQuery = (path: string, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

export default function GestorOrders({ loaderData }: Route.ComponentProps) {
  const { query, result, list } = loaderData;
  return (
    <>
      <GestorPageHeader title="Pedidos">
        {list ? (
          <a href={withQuery(GESTOR_PATHS.ordersExport, query)} className={gestorSecondaryButton} download>
            Exportar CSV (todas as páginas)
          </a>
        ) : null}
      </GestorPageHeader>
      <OrderFilters query={query} result={result} />
      {list ? (
        <>
          <GestorTable
            caption="Pedidos"
            headers={["Código", "Data", "Cliente", "Estudantes", "Pagamento", "Situação", "Total"]}
            empty={list.total === 0 ? "Nenhum pedido com estes filtros." : null}
          >
            {list.rows.map((sale) => {
              const { date, time } = brazilDateTime(sale.createdAt);
              return (
                <tr key={sale.id}>
                  <td>
                    <Link to={GESTOR_PATHS.sale(sale.id)} className="font-semibold text-slate-900 underline">
                      {sale.referenceCode}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap">
                    {date} {time}
                  </td>
                  <td>
                    {sale.customer.name}
                    <br />
                    <span className="text-slate-600">{sale.customer.email}</span>
                  </td>
                  <td>
                    {sale.students.map((student, i) => (
                      <span key={i} className="block">
                        {student.name}
                        {student.ra ? ` (RA ${student.ra})` : ""}
                      </span>
                    ))}
                  </td>
                  <td>
                    {paymentMethodLabel(sale.paymentMethodCode)}
                    {sale.installments > 1 ? ` em ${sale.installments}x` : ""}
                  </td>
                  <td>{saleStatusLabel(sale.status)}</td>
                  <td className="text-right whitespace-nowrap">{formatBRL(sale.total)}</td>
                </tr>
              );
            })}
          </GestorTable>
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
