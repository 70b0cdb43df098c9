/** Product listing page sizes (spec §9): 9 from 480 px wide, 6 below. */
export const PAGE_SIZE_WIDE = 9;
export const PAGE_SIZE_NARROW = 6;
export const WIDE_LISTING_QUERY = "(min-width: 480px)";
export const PAGE_PARAM = "pagina";
export const PAGE_SIZE_PARAM = "itens";

export type PageSize = typeof PAGE_SIZE_WIDE | typeof PAGE_SIZE_NARROW;

export function parsePageSize(value: string | null): PageSize | null {
  if (value === String(PAGE_SIZE_WIDE)) return PAGE_SIZE_WIDE;
  if (value === String(PAGE_SIZE_NARROW)) return PAGE_SIZE_NARROW;
  return null;
}

export function pageCount(itemCount: number, pageSize: number): number {
  return Math.ceil(itemCount / pageSize);
}

/** Page numbers outside 1..count (or not numbers) become the nearest valid page. */
export function clampPage(value: string | null, count: number): number {
  const page = Number.parseInt(value ?? "1", 10);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(page, Math.max(count, 1));
}

export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}

/** The page that still shows the same first item after the page size changes. */
export function pageAfterResize(page: number, fromSize: number, toSize: number): number {
  return Math.floor(((page - 1) * fromSize) / toSize) + 1;
}
