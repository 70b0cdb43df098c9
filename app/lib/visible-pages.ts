/** How many pages either side of the current one get a link of their own. */
const PAGES_AROUND_CURRENT = 2;

/**
 * The page numbers the pagination shows, with null where a run of pages is left out ("…"):
 * every page when there are few; else the first, the last and the current with its
 * neighbours, so a category of thousands of products has a nav of the same size as one of
 * dozens (docs/decisions/0038). A gap of one page shows that page instead of "…". The
 * category's loader computes it.
 */
export function visiblePages(page: number, count: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let n = 1; n <= count; n++) {
    const distance = Math.abs(n - page);
    const closesGapOfOne = distance === PAGES_AROUND_CURRENT + 1 && (n === 2 || n === count - 1);
    if (n === 1 || n === count || distance <= PAGES_AROUND_CURRENT || closesGapOfOne) pages.push(n);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}
