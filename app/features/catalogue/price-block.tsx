import type { PriceView } from "#core/price-view.ts";

/**
 * A product's price where there is room for it (product page, link modal), written by the one
 * rule of core/price-view.ts: "de R$ 199,90 por" above the price with its badge, then
 * "ou 2x de R$ 79,95 sem juros". The cards write the same texts in their own lighter markup.
 */
export function PriceBlock({
  price,
  freeText,
  size = "base",
  testId,
}: {
  price: PriceView;
  /** What a free product says here (spec §2: "Este produto/serviço é grátis"). */
  freeText: string;
  size?: "base" | "lg";
  testId?: string;
}) {
  if (price.free) {
    return (
      <p className={`font-bold text-emerald-700 ${size === "lg" ? "text-xl" : ""}`} data-testid={testId}>
        {freeText}
      </p>
    );
  }
  return (
    <div className={size === "lg" ? "text-base" : "text-sm"} data-testid={testId}>
      {price.was ? (
        <p className="text-slate-600">
          de <s className="whitespace-nowrap">{price.was}</s> por
        </p>
      ) : null}
      <p className="flex flex-wrap items-center gap-2">
        <span className={`font-extrabold text-brand-700 ${size === "lg" ? "text-3xl" : "text-lg"}`}>{price.price}</span>{" "}
        {price.badge ? (
          <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">{price.badge}</span>
        ) : null}
      </p>
      {price.installments ? <p className="text-slate-600">{price.installments}</p> : null}
    </div>
  );
}
