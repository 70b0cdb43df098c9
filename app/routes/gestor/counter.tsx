import { GestorPageHeader } from "#app/features/gestor/gestor-shell.tsx";
import { GESTOR_PATHS } from "#app/features/gestor/gestor-paths.ts";
import { CounterSearchForm, CounterSearchResults } from "#app/features/gestor/delivery-counter/counter-search.tsx";
import { counterSearchPage } from "#app/features/gestor/delivery-counter/counter.server.ts";
import type { Route } from "./+types/counter";

export const meta = () => [{ title: "Entrega | Gestor | Loja Escolar" }];

export const loader = ({ request }: Route.LoaderArgs) => counterSearchPage(request, GESTOR_PATHS.counterSale);

export default function GestorCounter({ loaderData }: Route.ComponentProps) {
  const { q, sales, error } = loaderData;
  return (
    <>
      <GestorPageHeader title="Entrega" />
      <p className="mb-4 text-slate-700">
        Busque o pedido pelo código de retirada (digitado ou lido no QR code), pelo CPF do responsável ou de quem ele
        indicou, pelo RA ou pelo nome.
      </p>
      <CounterSearchForm q={q} error={error} />
      <CounterSearchResults sales={sales} hrefOf={GESTOR_PATHS.counterSale} />
    </>
  );
}
