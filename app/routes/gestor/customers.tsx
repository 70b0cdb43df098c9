import { Form } from "react-router";
import { DIRECTORY_KINDS, DIRECTORY_PARAMS } from "#app/features/gestor/customers/customer-forms.ts";
import { loadDirectory } from "#app/features/gestor/customers/customers.server.ts";
import { CustomersTable, StudentsTable } from "#app/features/gestor/customers/directory-tables.tsx";
import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { gestorButton, gestorInput, gestorLabel, GestorPagination } from "#app/features/gestor/gestor-ui.tsx";
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
      <Form
        method="get"
        role="search"
        aria-label="Buscar clientes e estudantes"
        className="mb-4 flex flex-wrap items-end gap-2"
      >
        <div>
          <label htmlFor="diretorio-tipo" className={gestorLabel}>
            Buscar entre
          </label>
          <select id="diretorio-tipo" name={DIRECTORY_PARAMS.kind} defaultValue={kind} className={gestorInput}>
            {Object.entries(DIRECTORY_KINDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-64 flex-1">
          <label htmlFor="diretorio-q" className={gestorLabel}>
            Nome, e-mail, CPF ou RA
          </label>
          <input
            id="diretorio-q"
            name={DIRECTORY_PARAMS.q}
            defaultValue={q}
            maxLength={100}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "diretorio-erro" : undefined}
            className={gestorInput}
          />
        </div>
        <button type="submit" className={gestorButton}>
          Buscar
        </button>
      </Form>
      {error ? (
        <p id="diretorio-erro" role="alert" className="mb-4 font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {customers ? <CustomersTable rows={customers.rows} /> : null}
      {students ? <StudentsTable rows={students.rows} /> : null}
      {list ? (
        <GestorPagination page={list.page} pageCount={list.pageCount} total={list.total} hrefOf={pageHref} />
      ) : null}
    </>
  );
}
