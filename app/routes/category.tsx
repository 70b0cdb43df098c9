import { redirect } from "react-router";
import { orNotFound } from "#app/.server/not-found.server.ts";
import { storeApi } from "#app/.server/request-context.server.ts";
import { listingPageSize } from "#app/.server/listing-page-size.server.ts";
import { CategoryIconImage } from "#app/features/catalogue/category-icon-image.tsx";
import { PaginationNav, useViewportPageSize } from "#app/features/catalogue/pagination-nav.tsx";
import { ProductGrid } from "#app/features/catalogue/product-card.tsx";
import { PAGE_PARAM } from "#app/lib/pagination.ts";
import { visiblePages } from "#app/lib/visible-pages.ts";
import { categoryListing } from "#app/features/catalogue/category-listing.server.ts";
import { toProductCards } from "#app/features/catalogue/product-summary.ts";
import { storeUnits, unitNamesOf } from "#app/.server/school-units.server.ts";
import type { Route } from "./+types/category";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.category.title} | Loja Escolar` : "Página não encontrada | Loja Escolar" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { pageSize, explicit } = listingPageSize(request, url);
  const [{ category, total, products, count, page }, units] = await Promise.all([
    orNotFound(categoryListing(storeApi(context), params.categorySlug, url.searchParams.get(PAGE_PARAM), pageSize)),
    storeUnits(storeApi(context)).then(unitNamesOf),
  ]);
  if (url.searchParams.has(PAGE_PARAM) && url.searchParams.get(PAGE_PARAM) !== String(page)) {
    url.searchParams.set(PAGE_PARAM, String(page));
    throw redirect(`${url.pathname}${url.search}`);
  }
  return {
    category,
    total,
    products: toProductCards(products, units),
    page,
    count,
    // Computed here, so the browser's JavaScript does not carry it (the page budget, 0037).
    pageLinks: visiblePages(page, count),
    pageSize,
    explicitPageSize: explicit,
  };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, total, products, page, count, pageLinks, pageSize, explicitPageSize } = loaderData;
  useViewportPageSize(page, pageSize, explicitPageSize);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="mb-6 flex items-center gap-3">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100">
          <CategoryIconImage category={category} className="h-7 w-7" eager />
        </span>
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{category.title}</h1>
          <p className="text-sm text-slate-500" data-testid="listing-summary">
            {total === 0
              ? "Nenhum produto disponível nesta categoria no momento."
              : `${total} ${total === 1 ? "produto" : "produtos"} · página ${page} de ${count}`}
          </p>
        </div>
      </header>
      <ProductGrid cards={products} />
      <PaginationNav page={page} count={count} pages={pageLinks} pageSize={pageSize} />
    </div>
  );
}
