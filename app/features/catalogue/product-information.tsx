import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Product } from "#api/contract/catalogue.ts";
import { priceView } from "#core/price-view.ts";
import { useUnitName } from "#app/lib/school-units.ts";
import { PriceBlock } from "./price-block.tsx";

export type InformedProduct = Pick<Product, "image" | "title" | "CODCOLIGADA" | "PRECO" | "DESCONTO"> & {
  category: { slug: string; title: string };
};

/** The product-information panel of spec §2 (product page, checkout steps 1 and 2). */
export function ProductInformation({
  product,
  installments,
  heading: Heading = "h1",
  pickup = null,
  children,
}: {
  product: InformedProduct;
  /** What this product alone is paid in today (productInstallments, from the loader). */
  installments: number;
  heading?: "h1" | "h2";
  /** Where and when the product is picked up (pickupOf, from the loader); null: not said here. */
  pickup?: string | null;
  /** What follows the price in the same column (the product page's "Comprar" and description). */
  children?: ReactNode;
}) {
  const price = priceView(product, installments);
  const unitName = useUnitName();
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
        <p className="text-slate-600">Unidade - {unitName(product.CODCOLIGADA)}</p>
        {pickup ? (
          <p className="text-sm text-slate-600" data-testid="product-pickup">
            {pickup}
          </p>
        ) : null}
        <p>
          <Link to={`/categoria/${product.category.slug}`} className="font-semibold text-brand-600 hover:underline">
            {product.category.title}
          </Link>
        </p>
        <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="product-price">
          <PriceBlock price={price} freeText="Este produto/serviço é grátis" size="lg" />
          {price.installments ? (
            // The count is this product's alone; spec §9 counts over the whole cart (decision 0021).
            <p className="mt-1 text-sm text-slate-600" data-testid="product-installments-note">
              Com outros itens no carrinho, o número de parcelas pode mudar.
            </p>
          ) : null}
        </div>
        {children}
      </div>
    </div>
  );
}
