import { Form } from "react-router";
import { storeApi } from "#app/.server/request-context.server.ts";
import { ProductGrid } from "#app/features/catalogue/product-card.tsx";
import { groupSeriesByLevel } from "#app/features/catalogue/series.ts";
import { toProductSummaries } from "#app/features/catalogue/product-summary.ts";
import type { Route } from "./+types/quick-purchase";

export const meta = () => [
  { title: "Compra Rápida | Loja Escolar" },
  {
    name: "description",
    content: "Escolha a série do estudante e veja de uma vez o material, o fardamento e os cursos indicados.",
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = storeApi(context);
  const url = new URL(request.url);
  const series = await api.listSeries().catch((error) => {
    // Spec §8: a failed series call is logged and leaves the list empty.
    console.error("[compra-rapida] séries indisponíveis", error);
    return [];
  });
  const known = new Set(series.map((serie) => serie.id));
  const selected = url.searchParams
    .getAll("serie")
    .map(Number)
    .filter((id) => known.has(id));
  const products = selected.length > 0 ? toProductSummaries(await api.listProductsBySeries(selected)) : null;
  return { groups: groupSeriesByLevel(series), selected, products };
}

export default function QuickPurchasePage({ loaderData }: Route.ComponentProps) {
  const { groups, selected, products } = loaderData;
  const chosen = new Set(selected);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Compra Rápida</h1>
      <p className="mt-1 text-slate-600">Marque a série de cada estudante e veja tudo o que é indicado para ela.</p>
      <div className="mt-6 grid gap-8 md:grid-cols-[18rem_1fr]">
        <Form method="get" className="flex flex-col gap-4 self-start rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          {groups.length === 0 ? <p className="text-slate-500">Nenhuma série disponível no momento.</p> : null}
          {groups.map((group) => (
            <fieldset key={group.level}>
              <legend className="mb-2 font-bold text-slate-800">{group.level}</legend>
              <div className="flex flex-col gap-1.5">
                {group.options.map((option) => (
                  <label key={option.serie_id} className="flex items-center gap-2 text-slate-700">
                    <input
                      type="checkbox"
                      name="serie"
                      value={option.serie_id}
                      defaultChecked={chosen.has(option.serie_id)}
                      className="h-4 w-4 accent-brand-600"
                    />
                    {option.label}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {groups.length > 0 ? (
            <button
              type="submit"
              className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
            >
              Ver produtos
            </button>
          ) : null}
        </Form>
        <section aria-live="polite">
          {products === null ? (
            <p className="rounded-2xl bg-brand-50 p-6 text-brand-900">
              Selecione ao menos uma série para ver os produtos.
            </p>
          ) : products.length === 0 ? (
            <p className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              Nenhum produto cadastrado para as séries escolhidas.
            </p>
          ) : (
            <>
              <p className="mb-4 text-sm text-slate-500" data-testid="quick-purchase-summary">
                {products.length} {products.length === 1 ? "produto indicado" : "produtos indicados"}
              </p>
              <ProductGrid products={products} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
