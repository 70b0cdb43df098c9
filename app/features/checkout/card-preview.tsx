import { brandName, detectBrand, maskCardNumber } from "#core/card.ts";

/** The accepted brands the form shows (spec §2 payment form). */
const SHOWN_BRANDS = ["Visa", "Mastercard", "Hipercard", "Elo", "American Express"] as const;

/**
 * A drawing of the card as it is typed (spec §2 "live card preview"). Without JavaScript
 * it shows the blanks and the accepted brands; it is decoration, so screen readers skip it.
 */
export function CardPreview({ number, holder, expiry }: { number: string; holder: string; expiry: string }) {
  const brand = detectBrand(number);
  const shownNumber = maskCardNumber(number) || "•••• •••• •••• ••••";
  return (
    <div aria-hidden="true" className="flex flex-col gap-2">
      <div
        className="relative aspect-[1.586] w-full max-w-xs rounded-2xl bg-gradient-to-br from-brand-700 to-brand-500 p-5 text-white shadow-lg"
        data-testid="card-preview"
      >
        <p className="text-right text-sm font-bold uppercase tracking-wide" data-testid="card-preview-brand">
          {brand ? brandName(brand) : ""}
        </p>
        <p className="mt-6 font-mono text-lg tracking-widest sm:text-xl" data-testid="card-preview-number">
          {shownNumber}
        </p>
        <div className="mt-4 flex items-end justify-between gap-2 text-xs uppercase">
          <span className="truncate font-semibold" data-testid="card-preview-holder">
            {holder.trim() || "NOME DO TITULAR"}
          </span>
          <span className="font-mono">{expiry || "MM / AA"}</span>
        </div>
      </div>
      <p className="text-xs text-slate-500">Aceitamos {SHOWN_BRANDS.join(", ")}.</p>
    </div>
  );
}
