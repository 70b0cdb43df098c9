import { Link } from "react-router";
import type { GestorSaleRow } from "#api/contract/gestor/sales.ts";
import { paymentMethodLabel, saleStatusLabel } from "#core/sales.ts";
import { brazilDateTime } from "#core/dates.ts";
import { formatBRL } from "#core/money.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { GestorTable } from "../gestor-ui.tsx";

/** Sales as Pedidos lists them (and the header's search shows them), each linking to its page by its number. */
export function SalesTable({ caption, rows, empty }: { caption: string; rows: GestorSaleRow[]; empty: string }) {
  return (
    <GestorTable
      caption={caption}
      headers={["Código", "Data", "Cliente", "Estudantes", "Pagamento", "Situação", "Total"]}
      empty={rows.length === 0 ? empty : null}
    >
      {rows.map((sale) => {
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
  );
}
