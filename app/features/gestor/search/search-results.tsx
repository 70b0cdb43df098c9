import type { ReactNode } from "react";
import { Link } from "react-router";
import type { GestorSearchReply } from "#api/contract/gestor/search.ts";
import { DIRECTORY_PARAMS, type DirectoryKind } from "../customers/customer-forms.ts";
import { CustomersTable, StudentsTable } from "../customers/directory-tables.tsx";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { SalesTable } from "../orders/sales-table.tsx";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const directoryPath = (kind: DirectoryKind, q: string) =>
  `${GESTOR_PATHS.customers}?${new URLSearchParams({ [DIRECTORY_PARAMS.kind]: kind, [DIRECTORY_PARAMS.q]: q })}`;

/** One kind's results: its title and count, the first few, and the way to all of them in its own list. */
function ResultGroup({
  id,
  title,
  total,
  shown,
  all,
  children,
}: {
  id: string;
  title: string;
  total: string;
  shown: number;
  all: { href: string; label: string } | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className="mb-2 text-lg font-bold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-700">({total})</span>
      </h2>
      {children}
      {all ? (
        <p className="mt-2">
          <span className="text-slate-700">Mostrando os {shown} primeiros. </span>
          <Link to={all.href} className="font-semibold text-slate-900 underline">
            {all.label}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * "Clientes", "Estudantes" and "Pedidos", only those the person's role opens (a null group),
 * or one clear line when the text found nothing at all.
 */
export function SearchResults({ results }: { results: GestorSearchReply }) {
  const { q, customers, students, sales } = results;
  const found = [customers, students, sales].some((group) => group && group.total > 0);
  if (!found)
    return (
      <p role="status" className="rounded border border-slate-200 bg-white p-4 text-slate-800">
        <strong>Nenhum resultado para “{q}”.</strong> Confira o que foi digitado: a busca encontra clientes pelo nome,
        e-mail ou CPF, estudantes pelo nome ou RA, e pedidos por tudo isso ou pelo número do pedido.
      </p>
    );
  const more = (total: number, shown: number, href: string, label: string) => (total > shown ? { href, label } : null);
  return (
    <>
      {customers ? (
        <ResultGroup
          id="resultado-clientes"
          title="Clientes"
          total={count(customers.total, "cliente", "clientes")}
          shown={customers.rows.length}
          all={more(
            customers.total,
            customers.rows.length,
            directoryPath("clientes", q),
            `Ver os ${customers.total} clientes`,
          )}
        >
          <CustomersTable rows={customers.rows} />
        </ResultGroup>
      ) : null}
      {students ? (
        <ResultGroup
          id="resultado-estudantes"
          title="Estudantes"
          total={count(students.total, "estudante", "estudantes")}
          shown={students.rows.length}
          all={more(
            students.total,
            students.rows.length,
            directoryPath("estudantes", q),
            `Ver os ${students.total} estudantes`,
          )}
        >
          <StudentsTable rows={students.rows} />
        </ResultGroup>
      ) : null}
      {sales ? (
        <ResultGroup
          id="resultado-pedidos"
          title="Pedidos"
          total={count(sales.total, "pedido", "pedidos")}
          shown={sales.rows.length}
          all={more(
            sales.total,
            sales.rows.length,
            `${GESTOR_PATHS.orders}?${new URLSearchParams({ q })}`,
            `Ver os ${sales.total} pedidos`,
          )}
        >
          <SalesTable caption="Pedidos encontrados" rows={sales.rows} empty="Nenhum pedido encontrado." />
        </ResultGroup>
      ) : null}
    </>
  );
}
