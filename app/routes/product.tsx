import { Link, useLocation } from "react-router";
import { notFoundResponse, orNotFound } from "#app/.server/not-found.server.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";
import { ProductInformation } from "#app/components/catalogue/product-information.tsx";
import { hrefWithParam, URL_STATE } from "#app/lib/url-state.ts";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.product.title} | Loja Escolar` },
        { name: "description", content: loaderData.product.description },
      ]
    : [{ title: "Página não encontrada | Loja Escolar" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  // The store API has no product-by-slug call (spec §7): the category's list is the source.
  const { products } = await orNotFound(storeApiFor(request).listProductsByCategorySlug(params.categorySlug));
  const product = products.find((candidate) => candidate.slug === params.productSlug);
  if (!product) throw notFoundResponse();
  return { product };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const location = useLocation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Trilha" className="mb-4 text-sm text-slate-500">
        <Link to="/" className="hover:underline">Início</Link> /{" "}
        <Link to={`/categoria/${product.category.slug}`} className="hover:underline">{product.category.title}</Link>
      </nav>
      <ProductInformation product={product} />
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <div className="md:col-start-2">
          <Link
            to={hrefWithParam(location, URL_STATE.account.key, URL_STATE.account.login)}
            preventScrollReset
            className="block rounded-full bg-accent-400 px-6 py-3 text-center text-lg font-bold text-brand-900 shadow hover:bg-accent-500"
            data-testid="buy-button"
          >
            Comprar
          </Link>
          {product.TURNO ? <p className="mt-4 text-sm text-slate-600">Turno: {product.TURNO}</p> : null}
          <h2 className="mt-6 font-bold text-slate-900">Descrição</h2>
          <p className="mt-1 text-slate-700">{product.description}</p>
        </div>
      </div>
    </div>
  );
}
