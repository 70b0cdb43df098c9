import { Link } from "react-router";
import { getEnv } from "#app/.server/env.server.ts";
import { storeApi } from "#app/.server/request-context.server.ts";
import { Highlights } from "#app/features/catalogue/highlights.tsx";
import { ProductCard } from "#app/features/catalogue/product-card.tsx";
import { BoltIcon } from "#app/ui/icons.tsx";
import { HOME_PRODUCT_LIMIT, homeSectionsOf } from "#app/features/catalogue/home-sections.ts";
import { toProductCards } from "#app/features/catalogue/product-summary.ts";
import { storeUnits, unitNamesOf } from "#app/.server/school-units.server.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Loja Escolar | Cursos, fardamento, material didático e papelaria" },
  {
    name: "description",
    content: "A loja online da rede: cursos, eventos, fardamento, material didático e papelaria para o seu estudante.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const api = storeApi(context);
  const [highlight, homeSections, units] = await Promise.all([
    api.getHighlight(getEnv().HOME_HIGHLIGHT_ID).catch((error) => {
      console.error("[home] destaques indisponíveis", error);
      return null;
    }),
    api.listCategories().then(homeSectionsOf),
    storeUnits(api).then(unitNamesOf),
  ]);
  const categories =
    homeSections.length === 0
      ? []
      : await api.listHomeProducts(homeSections.map(({ slug }) => ({ slug, limit: HOME_PRODUCT_LIMIT })));
  const now = new Date();
  const sections = homeSections.flatMap((section) => {
    const category = categories.find((c) => c.slug === section.slug);
    if (!category || category.products.length === 0) return [];
    return [{ ...section, category: { slug: category.slug, products: toProductCards(category.products, units, now) } }];
  });
  return { highlight, sections };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { highlight, sections } = loaderData;
  return (
    <>
      <nav aria-label="Seções da página inicial" className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-2 overflow-x-auto px-4 py-2 text-sm font-semibold">
          {sections.map((section) => (
            <a
              key={section.anchor}
              href={`#${section.anchor}`}
              className="shrink-0 rounded-full px-3 py-1.5 text-slate-700 hover:bg-brand-50 hover:text-brand-700"
            >
              {section.menuLabel}
            </a>
          ))}
          <Link
            to="/compra-rapida"
            className="ml-auto flex shrink-0 items-center gap-1 rounded-full bg-accent-400 px-4 py-1.5 text-brand-900 hover:bg-accent-500"
          >
            <BoltIcon width={16} height={16} />
            Compra Rápida
          </Link>
        </div>
      </nav>
      {highlight ? <Highlights highlight={highlight} /> : null}
      <h1 className="sr-only">Loja Escolar</h1>
      {sections.map((section) => (
        <section
          key={section.anchor}
          id={section.anchor}
          aria-labelledby={`${section.anchor}-title`}
          className="mx-auto max-w-7xl scroll-mt-24 px-4 pt-10"
        >
          <div className="mb-4 flex items-end justify-between gap-4">
            <h2 id={`${section.anchor}-title`} className="text-xl font-bold text-slate-900 hd:text-2xl">
              {section.heading}
            </h2>
            <Link
              to={`/categoria/${section.category.slug}`}
              className="text-sm font-semibold text-brand-600 hover:underline"
            >
              Ver todos
            </Link>
          </div>
          <ul className="card-row flex snap-x gap-3 overflow-x-auto pb-3 md:gap-5">
            {section.category.products.map((product) => (
              <ProductCard key={product.href} product={product} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
