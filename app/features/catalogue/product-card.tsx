import { Link } from "react-router";
import type { ProductCardData } from "#app/features/catalogue/product-summary.ts";
import { priceView } from "#core/price-view.ts";

/**
 * A listing's item: render it in a <ul>.
 * `titleLevel`: h3 under a home section's h2, h2 in a listing under the page's h1 (heading order).
 * `priority`: a card of the first row, likely the page's largest paint: fetched at once, first.
 */
export function ProductCard({
  product,
  titleLevel = 3,
  priority = false,
}: {
  product: ProductCardData;
  titleLevel?: 2 | 3;
  priority?: boolean;
}) {
  const Title = titleLevel === 2 ? "h2" : "h3";
  const price = priceView(product, product.installments);
  // The home shows up to 60 cards (docs/decisions/0037-page-weight.md): a list item holding
  // one link with an element per line, styled from app.css (.card…) by position, and texts in
  // one piece, without React's "<!-- -->" separators.
  return (
    <li data-testid="product-card">
      <Link to={product.href} prefetch="intent" className="card">
        <img
          src={product.image}
          alt=""
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          width={600}
          height={600}
        />
        {price.badge ? <span className="card-off">{price.badge}</span> : null}
        <Title>{product.title}</Title>
        {product.unit ? <p>{product.unit}</p> : null}
        <div>
          {price.free ? (
            <p className="card-free">Grátis</p>
          ) : (
            <>
              {/* The price as the store writes it everywhere (core/price-view.ts, decision 0040). */}
              {price.was ? (
                <p className="card-was">
                  de <s>{price.was}</s> por
                </p>
              ) : null}
              <p className="card-now">{price.price}</p>
              {price.installments ? <p data-testid="product-card-installments">{price.installments}</p> : null}
            </>
          )}
        </div>
      </Link>
    </li>
  );
}

/** A listing's first row on a phone (two columns): the cards above the fold everywhere. */
const FIRST_ROW = 2;

export function ProductGrid({ products }: { products: ProductCardData[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 wide:grid-cols-3 md:gap-5">
      {products.map((product, index) => (
        <ProductCard key={product.href} product={product} titleLevel={2} priority={index < FIRST_ROW} />
      ))}
    </ul>
  );
}
