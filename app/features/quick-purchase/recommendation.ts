import type { Product } from "#api/contract/catalogue.ts";
import { toProductSummaries, type ProductSummary } from "#app/features/catalogue/product-summary.ts";
import { chosenOption } from "#core/product-options.ts";

/** A size of a sized item (issue 28, decision 0066): its own item code, and its price when it has one. */
export interface QuickSize {
  itemTOTVS: number;
  value: string;
  DESCONTO: number;
}

/** An item of step 2: what its card shows, and whether it starts ticked. */
export type QuickItem = ProductSummary & {
  itemTOTVS: number;
  /** Course or event (TIPO S): an optional activity, listed apart. */
  activity: boolean;
  /** Ticked when step 2 opens. */
  suggested: boolean;
  /** A product sold in sizes: the option's name and its sizes, one of which is chosen; null otherwise. */
  options: { name: string; sizes: QuickSize[] } | null;
};

/**
 * The material list of the chosen grades (docs/decisions/0024-quick-purchase.md): the products
 * the store API lists for them (spec §7 list-product-by-serie-totvs-id), in its order. Ticked
 * at first is what one student can take together under spec §5: every item that is neither a
 * course nor an event nor a manual product, and the first manual product (the grade's material
 * kit, listed first). Courses and events are paid choices a parent makes, so they start unticked;
 * so does a product sold in sizes, whose size only the parent knows (issue 28).
 */
export function recommendedItems(products: readonly Product[], now: Date = new Date()): QuickItem[] {
  const summaries = toProductSummaries(products, now);
  let manualSuggested = false;
  return products.map((product, index) => {
    const activity = product.TIPO === "S";
    const options = product.optionName
      ? {
          name: product.optionName,
          sizes: (product.variants ?? []).map((variant) => ({
            itemTOTVS: variant.itemTOTVSId,
            value: variant.value,
            DESCONTO: variant.DESCONTO ?? product.DESCONTO,
          })),
        }
      : null;
    let suggested = !activity && !options;
    if (product.TIPO === "M") {
      suggested = !manualSuggested;
      manualSuggested = true;
    }
    return { ...summaries[index]!, itemTOTVS: product.itemTOTVS, activity, suggested, options };
  });
}

/** The item codes a ticked `?item=` may name for this item: its sizes', or its own. */
export const itemCodesOf = (item: QuickItem): number[] =>
  item.options ? item.options.sizes.map((size) => size.itemTOTVS) : [item.itemTOTVS];

/** What a ticked code buys: its item, its size (if any), its title as lines show it, its price. */
export interface QuickLine {
  itemTOTVS: number;
  item: QuickItem;
  title: string;
  DESCONTO: number;
}

export function quickLineOf(items: readonly QuickItem[], code: number): QuickLine | null {
  for (const item of items) {
    if (!item.options) {
      if (item.itemTOTVS === code) return { itemTOTVS: code, item, title: item.title, DESCONTO: item.DESCONTO };
      continue;
    }
    const size = item.options.sizes.find((candidate) => candidate.itemTOTVS === code);
    if (size)
      return {
        itemTOTVS: code,
        item,
        title: `${item.title} (${chosenOption(item.options.name, size.value)})`,
        DESCONTO: size.DESCONTO,
      };
  }
  return null;
}
