/** How many pages either side of the current one get a link of their own. */
const PAGES_AROUND_CURRENT = 2;

/**
 * The page numbers the pagination shows, with null where a run of pages is left out ("…"):
 * every page when there are few; else the first, the last and the current with its
 * neighbours, so a category of thousands of products has a nav of the same size as one of
 * dozens (docs/decisions/0038). A gap of one page shows that page instead of "…". A module
 * of its own, so only the category page's JavaScript carries it (the page budget, 0037).
 */
export function visiblePages(page: number, count: number): (number | null)[] {
  const shown = new Set([1, count]);
  for (let n = page - PAGES_AROUND_CURRENT; n <= page + PAGES_AROUND_CURRENT; n++)
    if (n >= 1 && n <= count) shown.add(n);
  const pages: (number | null)[] = [];
  let previous = 0;
  for (const n of [...shown].toSorted((a, b) => a - b)) {
    if (n - previous === 2) pages.push(n - 1);
    else if (n - previous > 2) pages.push(null);
    pages.push(n);
    previous = n;
  }
  return pages;
}
