import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { CounterSearchForm, CounterSearchResults } from "#app/features/gestor/delivery-counter/counter-search.tsx";
import { counterSearchPage } from "#app/features/gestor/delivery-counter/counter.server.ts";
import type { Route } from "./+types/exchange";

export const meta = () => [{ title: "Troca | Gestor | Loja Escolar" }];

// The lines to exchange are on the sale's page at the counter ("Trocar tamanho" on each).
export const loader = ({ request }: Route.LoaderArgs) => counterSearchPage(request, GESTOR_PATHS.counterSale);

export default function GestorExchange({ loaderData }: Route.ComponentProps) {
  const { q, sales, error } = loaderData;
  return (
    <>
      <GestorPageHeader title="Troca" />
      <p className="mb-4 text-slate-700">
        Troque o tamanho de um uniforme por outro do mesmo produto e do mesmo preço, antes ou depois da retirada: a peça
        devolvida volta ao estoque da unidade e a nova sai dele. Busque o pedido e escolha o item.
      </p>
      <CounterSearchForm q={q} error={error} />
      <CounterSearchResults sales={sales} hrefOf={GESTOR_PATHS.counterSale} />
    </>
  );
}
