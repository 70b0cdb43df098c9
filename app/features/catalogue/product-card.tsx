import { Link } from "react-router";
import { packedCardKey, unpackProductCard, type PackedProductCard } from "#app/features/catalogue/card-wire.ts";
import { priceView } from "#core/price-view.ts";

/**
 * A listing's item: render it in a <ul> of class `card-row` (a home section) or `card-grid`
 * (ProductGrid), which app.css styles the card by.
 * `titleLevel`: h3 under a home section's h2, h2 in a listing under the page's h1 (heading order).
 * `priority`: a card of the first row, likely the page's largest paint: fetched at once, first.
 * `discover`: the one card of a list whose link tells React Router about the product route
 * (every card's link goes to the same route; see below).
 */
export function ProductCard({
  card,
  titleLevel = 3,
  priority = false,
  discover = false,
}: {
  card: PackedProductCard;
  titleLevel?: 2 | 3;
  priority?: boolean;
  discover?: boolean;
}) {
  const product = unpackProductCard(card);
  const Title = titleLevel === 2 ? "h2" : "h3";
  const price = priceView(product, product.installments);
  // The home shows up to 60 cards and its HTML has a 50 KB budget (issue 32, docs/decisions/
  // 0037 and 0082): a list item holding one link with an element per line, styled from app.css
  // by position and element, texts in one piece (no React "<!-- -->" separators), no
  // test ids, no width and height (the CSS gives the picture its square), and `data-discover`
  // on one card of the list only: React Router learns a route once, from any of its links.
  return (
    <li>
      <Link to={product.href} prefetch="intent" discover={discover ? "render" : "none"}>
        <img
          src={product.image}
          alt=""
          loading={priority ? undefined : "lazy"}
          fetchPriority={priority ? "high" : undefined}
        />
        {price.badge ? <span className="card-off">{price.badge}</span> : null}
        <Title>{product.title}</Title>
        {product.unit ? <p>{product.unit}</p> : null}
        <div>
          {price.free ? (
            <strong className="card-free">Grátis</strong>
          ) : (
            <>
              {/* The price as the store writes it everywhere (core/price-view.ts, decision 0040). */}
              {price.was ? (
                <p>
                  de <s>{price.was}</s> por
                </p>
              ) : null}
              <strong>{price.price}</strong>
              {price.installments ? <p>{price.installments}</p> : null}
            </>
          )}
        </div>
      </Link>
    </li>
  );
}

/** A listing's first row on a phone (two columns): the cards above the fold everywhere. */
const FIRST_ROW = 2;

export function ProductGrid({ cards }: { cards: PackedProductCard[] }) {
  return (
    <ul className="card-grid grid grid-cols-2 gap-3 wide:grid-cols-3 md:gap-5">
      {cards.map((card, index) => (
        <ProductCard
          key={packedCardKey(card)}
          card={card}
          titleLevel={2}
          priority={index < FIRST_ROW}
          discover={index === 0}
        />
      ))}
    </ul>
  );
}
