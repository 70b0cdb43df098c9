import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Product } from "#api/contract/catalogue.ts";
import { formatMoney } from "#app/lib/money.ts";
import { formatPercent } from "#app/lib/percent.ts";
import { priceView } from "#app/lib/price-view.ts";
import { schoolUnitByCode } from "#app/lib/school-units.ts";

export type InformedProduct = Pick<Product, "image" | "title" | "CODCOLIGADA" | "PRECO" | "DESCONTO"> & {
  category: { slug: string; title: string };
};

/** The product-information panel of spec §2 (product page, checkout steps 1 and 2). */
export function ProductInformation({
  product,
  installments,
  heading: Heading = "h1",
  children,
}: {
  product: InformedProduct;
  /** What this product alone is paid in today (productInstallments, from the loader). */
  installments: number;
  heading?: "h1" | "h2";
  /** What follows the price in the same column (the product page's "Comprar" and description). */
  children?: ReactNode;
}) {
  const price = priceView(product, installments);
  return (
    <div className="grid gap-6 md:grid-cols-2" data-testid="product-information">
      <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
        <img
          src={product.image}
          alt={product.title}
          // The product page's largest paint: fetched before the scripts.
          fetchPriority="high"
          width={600}
          height={600}
          className="aspect-square w-full object-cover"
        />
      </div>
      <div className="flex flex-col gap-3">
        <Heading className="text-2xl font-extrabold tracking-tight text-slate-900">{product.title}</Heading>
        <p className="text-slate-600">Unidade - {schoolUnitByCode(product.CODCOLIGADA).name}</p>
        <p>
          <Link to={`/categoria/${product.category.slug}`} className="font-semibold text-brand-600 hover:underline">
            {product.category.title}
          </Link>
        </p>
        <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="product-price">
          {price.free ? (
            <p className="text-xl font-bold text-emerald-600">Este produto/serviço é grátis</p>
          ) : (
            <>
              <p className="text-slate-500">
                de{" "}
                <span className={price.showsDiscount ? "line-through" : undefined}>
                  R$ {price.installments}x{formatMoney(price.originalInstallment)}
                </span>
              </p>
              <p className="text-2xl font-extrabold text-brand-700">
                Por R$ {price.installments}x{formatMoney(price.installment)}{" "}
                {price.showsDiscount ? (
                  <span className="text-base font-semibold text-red-600">
                    ({formatPercent(price.discountPercent)}% desconto)
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-500">Total: R$ {formatMoney(price.total)}</p>
              {price.installments > 1 ? (
                <p className="text-sm text-slate-500" data-testid="product-installments-note">
                  Em até {price.installments}x no cartão de crédito. Com outros itens no carrinho, o número de parcelas
                  pode mudar.
                </p>
              ) : null}
            </>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}
