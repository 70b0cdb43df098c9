import { Link } from "react-router";
import type { GestorCustomerSummary, GestorStudentSummary } from "#api/contract/gestor/customers.ts";
import { formatCpf } from "#core/cpf.ts";
import { brazilDateTime } from "#core/dates.ts";
import { maskPhone } from "#core/masks.ts";
import { useUnitName } from "#app/lib/school-units.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { GestorTable } from "../gestor-ui.tsx";

export function CustomersTable({ rows }: { rows: GestorCustomerSummary[] }) {
  return (
    <GestorTable
      caption="Clientes encontrados"
      headers={["Nome", "E-mail", "CPF", "Celular", "Cliente desde"]}
      empty={rows.length === 0 ? "Nenhum cliente encontrado." : null}
    >
      {rows.map((row) => (
        <tr key={row.id}>
          <td>
            <Link to={GESTOR_PATHS.customer(row.id)} className="font-semibold underline">
              {row.name}
            </Link>
          </td>
          <td>{row.email}</td>
          <td className="whitespace-nowrap">{formatCpf(row.cpf)}</td>
          <td className="whitespace-nowrap">{maskPhone(row.cellPhone)}</td>
          <td>{brazilDateTime(row.createdAt).date}</td>
        </tr>
      ))}
    </GestorTable>
  );
}

export function StudentsTable({ rows }: { rows: GestorStudentSummary[] }) {
  const unitName = useUnitName();
  return (
    <GestorTable
      caption="Estudantes encontrados"
      headers={["Nome", "RA", "Unidade", "Vinculado(a) a"]}
      empty={rows.length === 0 ? "Nenhum estudante encontrado." : null}
    >
      {rows.map((row) => (
        <tr key={row.id}>
          <td>{row.name}</td>
          <td>{row.RA ?? "Sem RA"}</td>
          <td>{row.unitCode ? unitName(row.unitCode) : "—"}</td>
          <td>
            {row.customers.length === 0 ? (
              "Nenhum cliente"
            ) : (
              <ul>
                {row.customers.map((customer) => (
                  <li key={customer.id}>
                    <Link to={GESTOR_PATHS.customer(customer.id)} className="underline">
                      {customer.name}
                    </Link>{" "}
                    <span className="text-slate-600">({customer.email})</span>
                  </li>
                ))}
              </ul>
            )}
          </td>
        </tr>
      ))}
    </GestorTable>
  );
}
