/**
 * Compra Rápida's steps live in the address (docs/decisions/0024-quick-purchase.md), so every
 * step is a page of its own that works without JavaScript: ?passo=1…4, the chosen grades
 * (?serie=, repeated) and the ticked items (?item=, repeated, the products' itemTOTVS).
 */
export const QUICK_PURCHASE_PATH = "/compra-rapida";

/** The step counter of spec §2 "Grade selection": it starts at 1 and moves by one. */
export const QUICK_PURCHASE_STEPS = ["Séries", "Itens", "Estudante", "Carrinho"] as const;
export type QuickStep = 1 | 2 | 3 | 4;

export const QUICK_PARAMS = { step: "passo", serie: "serie", item: "item" } as const;

/** More than any grade's list; bounds what one request makes the store API do. */
const MAX_SERIES = 20;
export const MAX_ITEMS = 60;

export interface QuickState {
  step: QuickStep;
  series: number[];
  /** The ticked items; empty on a first visit to step 2 (the suggested ones are ticked then). */
  items: number[];
}

function ids(values: string[], max: number): number[] {
  const parsed = values.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(parsed)].slice(0, max);
}

export function readQuickState(search: URLSearchParams): QuickState {
  const step = Number(search.get(QUICK_PARAMS.step));
  return {
    step: step === 2 || step === 3 || step === 4 ? step : 1,
    series: ids(search.getAll(QUICK_PARAMS.serie), MAX_SERIES),
    items: ids(search.getAll(QUICK_PARAMS.item), MAX_ITEMS),
  };
}

/**
 * Whether the address carries the parent's own choice of grades: every step-1 submit (?passo=2,
 * even with no grade ticked), the way back from step 2 (?serie=). A bare /compra-rapida does not:
 * it opens on the grades of the parent's students (quick-purchase.server.ts).
 */
export function gradesChosen(search: URLSearchParams): boolean {
  return search.has(QUICK_PARAMS.step) || search.has(QUICK_PARAMS.serie);
}

/** The address of a step with these choices (only what that step and the ones before it use). */
export function quickPurchaseHref({ step, series, items }: QuickState): string {
  const params = new URLSearchParams();
  if (step > 1) params.set(QUICK_PARAMS.step, String(step));
  for (const id of series) params.append(QUICK_PARAMS.serie, String(id));
  if (step >= 2) for (const id of items) params.append(QUICK_PARAMS.item, String(id));
  const search = params.toString();
  return search ? `${QUICK_PURCHASE_PATH}?${search}` : QUICK_PURCHASE_PATH;
}
