import type { Product } from "#api/contract/catalogue.ts";
import { toProductSummaries, type ProductSummary } from "#app/features/catalogue/product-summary.ts";

/** An item of step 2: what its card shows, and whether it starts ticked. */
export type QuickItem = ProductSummary & {
  itemTOTVS: number;
  /** Course or event (TIPO S): an optional activity, listed apart. */
  activity: boolean;
  /** Ticked when step 2 opens. */
  suggested: boolean;
};

/**
 * The material list of the chosen grades (docs/decisions/0024-quick-purchase.md): the products
 * the store API lists for them (spec §7 list-product-by-serie-totvs-id), in its order. Ticked
 * at first is what one student can take together under spec §5: every item that is neither a
 * course nor an event nor a manual product, and the first manual product (the grade's material
 * kit, listed first). Courses and events are paid choices a parent makes, so they start unticked.
 */
export function recommendedItems(products: readonly Product[], now: Date = new Date()): QuickItem[] {
  const summaries = toProductSummaries(products, now);
  let manualSuggested = false;
  return products.map((product, index) => {
    const activity = product.TIPO === "S";
    let suggested = !activity;
    if (product.TIPO === "M") {
      suggested = !manualSuggested;
      manualSuggested = true;
    }
    return { ...summaries[index]!, itemTOTVS: product.itemTOTVS, activity, suggested };
  });
}
