import { Link } from "react-router";
import { getEnv } from "#app/.server/env.server.ts";
import { storeApi } from "#app/.server/request-context.server.ts";
import { highlightView, Highlights } from "#app/features/catalogue/highlights.tsx";
import { packedCardKey } from "#app/features/catalogue/card-wire.ts";
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
    return [{ ...section, cards: toProductCards(category.products, units, now) }];
  });
  return { highlight: highlight && highlightView(highlight), sections };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { highlight, sections } = loaderData;
  // Styled from app.css (.home-…): the home's HTML has a 50 KB budget (issue 32, decision 0082),
  // and each section would repeat the same utility classes.
  return (
    <>
      <nav aria-label="Seções da página inicial" className="home-nav">
        <div>
          {sections.map((section) => (
            <a key={section.anchor} href={`#${section.anchor}`}>
              {section.menuLabel}
            </a>
          ))}
          <Link to="/compra-rapida" className="home-quick">
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
          className="home-section"
        >
          <div>
            <h2 id={`${section.anchor}-title`}>{section.heading}</h2>
            <Link to={`/categoria/${section.slug}`}>Ver todos</Link>
          </div>
          <ul className="card-row">
            {section.cards.map((card, index) => (
              <ProductCard key={packedCardKey(card)} card={card} discover={index === 0} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
