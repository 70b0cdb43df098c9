import { Link } from "react-router";
import type { ProductSummary } from "#app/features/catalogue/product-summary.ts";
import { formatMoney } from "#app/lib/money.ts";
import { formatPercent } from "#app/lib/percent.ts";
import { priceView } from "#app/lib/price-view.ts";
import { schoolUnitByCode } from "#app/lib/school-units.ts";

export function productHref(product: Pick<ProductSummary, "slug" | "category">) {
  return `/produto/${product.category.slug}/${product.slug}`;
}

export function ProductCard({ product }: { product: ProductSummary }) {
  const price = priceView(product, product.installments);
  const showUnit = product.TIPO === "S" || product.TIPO === "M";
  return (
    <article
      className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md"
      data-testid="product-card"
    >
      <Link to={productHref(product)} className="flex h-full flex-col" prefetch="intent">
        <div className="relative aspect-square bg-slate-100">
          <img
            src={product.image}
            alt=""
            loading="lazy"
            width={600}
            height={600}
            className="h-full w-full object-cover"
          />
          {price.showsDiscount ? (
            // Top right: the images print their category at the top left.
            <span className="absolute right-2 top-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
              -{formatPercent(price.discountPercent)}%
            </span>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h3 className="line-clamp-2 text-sm font-semibold text-slate-800 group-hover:text-brand-700">
            {product.title}
          </h3>
          {showUnit ? <p className="text-xs text-slate-500">{schoolUnitByCode(product.CODCOLIGADA).name}</p> : null}
          <div className="mt-auto pt-2">
            {price.free ? (
              <p className="font-bold text-emerald-600">Grátis</p>
            ) : (
              <>
                {price.showsDiscount ? (
                  <p className="text-xs text-slate-500 line-through">R$ {formatMoney(price.originalTotal)}</p>
                ) : null}
                <p className="text-lg font-bold text-brand-700">R$ {formatMoney(price.total)}</p>
                {price.installments > 1 ? (
                  // "em até": in a cart with other items, spec §9 may lower the count (decision 0021).
                  <p className="text-xs text-slate-500" data-testid="product-card-installments">
                    ou em até {price.installments}x de R$ {formatMoney(price.installment)}
                  </p>
                ) : null}
              </>
            )}
          </div>
        </div>
      </Link>
    </article>
  );
}

export function ProductGrid({ products }: { products: ProductSummary[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 wide:grid-cols-3 md:gap-5">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
