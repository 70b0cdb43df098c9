import { Link } from "react-router";
import type { ProductCardData } from "#app/features/catalogue/product-summary.ts";
import { formatMoney } from "#app/lib/money.ts";
import { formatPercent } from "#app/lib/percent.ts";
import { priceView } from "#app/lib/price-view.ts";

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
        {price.showsDiscount ? (
          // Top right: the images print their category at the top left.
          <span className="card-off">{`-${formatPercent(price.discountPercent)}%`}</span>
        ) : null}
        <Title>{product.title}</Title>
        {product.unit ? <p>{product.unit}</p> : null}
        <div>
          {price.free ? (
            <p className="card-free">Grátis</p>
          ) : (
            <>
              {price.showsDiscount ? <p className="card-was">{`R$ ${formatMoney(price.originalTotal)}`}</p> : null}
              <p className="card-now">{`R$ ${formatMoney(price.total)}`}</p>
              {price.installments > 1 ? (
                // "em até": in a cart with other items, spec §9 may lower the count (decision 0021).
                <p data-testid="product-card-installments">
                  {`ou em até ${price.installments}x de R$ ${formatMoney(price.installment)}`}
                </p>
              ) : null}
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
