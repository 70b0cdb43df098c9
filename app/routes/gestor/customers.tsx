import { DIRECTORY_KINDS, DIRECTORY_PARAMS } from "#app/features/gestor/customers/customer-forms.ts";
import { loadDirectory } from "#app/features/gestor/customers/customers.server.ts";
import { CustomersTable, StudentsTable } from "#app/features/gestor/customers/directory-tables.tsx";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { GestorSearchForm } from "#app/features/gestor/gestor-search-form.tsx";
import { GestorPagination } from "#app/features/gestor/gestor-ui.tsx";
import type { Route } from "./+types/customers";

export const meta = () => [{ title: "Clientes e estudantes | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => loadDirectory(request);

export default function GestorCustomers({ loaderData }: Route.ComponentProps) {
  const { kind, q, error, customers, students } = loaderData;
  const list = customers ?? students;
  const pageHref = (page: number) =>
    `${GESTOR_PATHS.customers}?${new URLSearchParams({
      [DIRECTORY_PARAMS.kind]: kind,
      [DIRECTORY_PARAMS.q]: q,
      [DIRECTORY_PARAMS.page]: String(page),
    })}`;
  return (
    <>
      <GestorPageHeader title="Clientes e estudantes" />
      <GestorSearchForm
        id="diretorio"
        label="Buscar clientes e estudantes"
        kind={{
          name: DIRECTORY_PARAMS.kind,
          label: "Buscar entre",
          value: kind,
          labels: DIRECTORY_KINDS,
        }}
        text={{ name: DIRECTORY_PARAMS.q, label: "Nome, e-mail, CPF ou RA", value: q, maxLength: 100 }}
        error={error}
      />
      {customers ? <CustomersTable rows={customers.rows} /> : null}
      {students ? <StudentsTable rows={students.rows} /> : null}
      {list ? (
        <GestorPagination page={list.page} pageCount={list.pageCount} total={list.total} hrefOf={pageHref} />
      ) : null}
    </>
  );
}
