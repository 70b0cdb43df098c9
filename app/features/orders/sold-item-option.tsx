import type { SaleBagItem } from "#api/contract/orders.ts";
import { chosenOption } from "#core/product-options.ts";

/** The size an order's line was sold in ("Tamanho: M", issue 28), on a line of its own; nothing without one. */
export function SoldItemOption({ item, className = "" }: { item: SaleBagItem; className?: string }) {
  const option = chosenOption(item.optionName, item.optionValue);
  if (!option) return null;
  return (
    <span className={`block ${className}`} data-testid="sold-item-option">
      {option}
    </span>
  );
}
