import type { ReactNode } from "react";
import { Link } from "react-router";
import type { GestorSearchReply } from "#api/contract/gestor/search.ts";
import { DIRECTORY_PARAMS, type DirectoryKind } from "../customers/customer-forms.ts";
import { CustomersTable, StudentsTable } from "../customers/directory-tables.tsx";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { SalesTable } from "../orders/sales-table.tsx";

const directoryPath = (kind: DirectoryKind, q: string) =>
  `${GESTOR_PATHS.customers}?${new URLSearchParams({ [DIRECTORY_PARAMS.kind]: kind, [DIRECTORY_PARAMS.q]: q })}`;

/**
 * One kind's results: its title and count, the first few, and, when there are more than shown,
 * the way to all of them in its own list.
 */
function ResultGroup({
  id,
  title,
  found,
  noun,
  allHref,
  children,
}: {
  id: string;
  title: string;
  /** The reply's group: how many match, and the first few of them. */
  found: { total: number; rows: readonly unknown[] };
  /** The kind's noun, singular and plural ("cliente", "clientes"). */
  noun: readonly [string, string];
  allHref: string;
  children: ReactNode;
}) {
  const [one, many] = noun;
  const { total } = found;
  const shown = found.rows.length;
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className="mb-2 text-lg font-bold text-slate-900">
        {title}{" "}
        <span className="text-sm font-normal text-slate-700">
          ({total} {total === 1 ? one : many})
        </span>
      </h2>
      {children}
      {total > shown ? (
        <p className="mt-2">
          <span className="text-slate-700">Mostrando os {shown} primeiros. </span>
          <Link to={allHref} className="font-semibold text-slate-900 underline">
            Ver os {total} {many}
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
  return (
    <>
      {customers ? (
        <ResultGroup
          id="resultado-clientes"
          title="Clientes"
          found={customers}
          noun={["cliente", "clientes"]}
          allHref={directoryPath("clientes", q)}
        >
          <CustomersTable rows={customers.rows} />
        </ResultGroup>
      ) : null}
      {students ? (
        <ResultGroup
          id="resultado-estudantes"
          title="Estudantes"
          found={students}
          noun={["estudante", "estudantes"]}
          allHref={directoryPath("estudantes", q)}
        >
          <StudentsTable rows={students.rows} />
        </ResultGroup>
      ) : null}
      {sales ? (
        <ResultGroup
          id="resultado-pedidos"
          title="Pedidos"
          found={sales}
          noun={["pedido", "pedidos"]}
          allHref={`${GESTOR_PATHS.orders}?${new URLSearchParams({ q })}`}
        >
          <SalesTable caption="Pedidos encontrados" rows={sales.rows} empty="Nenhum pedido encontrado." />
        </ResultGroup>
      ) : null}
    </>
  );
}
