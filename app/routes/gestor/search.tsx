import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { SearchResults } from "#app/features/gestor/search/search-results.tsx";
import { loadSearch } from "#app/features/gestor/search/search.server.ts";
import type { Route } from "./+types/search";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.q ? `Busca: ${loaderData.q}` : "Busca"} | Gestor | Loja Escolar` },
];

export const loader = ({ request }: Route.LoaderArgs) => loadSearch(request);

/** The header box's results (issue 25 §16): Clientes, Estudantes and Pedidos for one text. */
export default function GestorSearch({ loaderData }: Route.ComponentProps) {
  const { q, error, results } = loaderData;
  return (
    <>
      <GestorPageHeader title={results ? `Resultados para “${q}”` : "Busca"} />
      {error ? (
        <p role="alert" className="mb-4 font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {results ? (
        <SearchResults results={results} />
      ) : (
        <p className="text-slate-700">
          Use a busca no topo da página: nome, e-mail ou CPF do cliente, nome ou RA do estudante, ou número do pedido.
        </p>
      )}
    </>
  );
}
