import { storeApi } from "#app/.server/request-context.server.ts";
import { ProductGrid } from "#app/features/catalogue/product-card.tsx";
import { SearchForm } from "#app/layout/search-form.tsx";
import { toProductCards } from "#app/features/catalogue/product-summary.ts";
import { storeUnits, unitNamesOf } from "#app/.server/school-units.server.ts";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.term ? `Busca: ${loaderData.term} | Loja Escolar` : "Busca | Loja Escolar" },
  { name: "robots", content: "noindex" },
];

const MAX_TERM = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const term = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_TERM);
  // An empty search is not sent to the API (spec §5: the field is required).
  if (!term) return { term, products: null };
  const api = storeApi(context);
  const [products, units] = await Promise.all([api.searchProducts(term), storeUnits(api).then(unitNamesOf)]);
  return { term, products: toProductCards(products, units) };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { term, products } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">
        {term ? `Resultados para “${term}”` : "Buscar produtos"}
      </h1>
      {products === null ? (
        <div className="max-w-xl">
          <p className="mb-3 font-semibold text-red-700" role="alert">
            Preencha o campo de busca para pesquisar.
          </p>
          <SearchForm variant="mobile" />
        </div>
      ) : products.length === 0 ? (
        <div className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <p className="font-semibold text-slate-800">Nenhum produto encontrado para “{term}”.</p>
          <p className="mt-1 text-slate-600">
            Confira a grafia ou tente palavras mais gerais, como “caderno” ou “camisa”.
          </p>
        </div>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-500" data-testid="search-summary">
            {products.length} {products.length === 1 ? "produto encontrado" : "produtos encontrados"}
          </p>
          <ProductGrid cards={products} />
        </>
      )}
    </div>
  );
}
