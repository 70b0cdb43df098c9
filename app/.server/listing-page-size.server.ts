import {
  PAGE_SIZE_NARROW,
  PAGE_SIZE_WIDE,
  PAGE_SIZE_PARAM,
  parsePageSize,
  type PageSize,
} from "#app/lib/pagination.ts";

/**
 * The listing page size before any script runs: the URL's choice, else the
 * viewport client hint, else a phone's user agent means the narrow size.
 * With JavaScript the page corrects itself from the real viewport width. It reads only the
 * request's headers, so the page cache can ask it without building a Request per hit.
 */
export function listingPageSize(
  request: { headers: Pick<Headers, "get"> },
  url: URL,
): { pageSize: PageSize; explicit: boolean } {
  const fromUrl = parsePageSize(url.searchParams.get(PAGE_SIZE_PARAM));
  if (fromUrl) return { pageSize: fromUrl, explicit: true };
  const viewportWidth = Number(request.headers.get("sec-ch-viewport-width"));
  if (viewportWidth > 0) return { pageSize: viewportWidth >= 480 ? PAGE_SIZE_WIDE : PAGE_SIZE_NARROW, explicit: false };
  const mobileHint = request.headers.get("sec-ch-ua-mobile");
  const userAgent = request.headers.get("user-agent") ?? "";
  const phone = mobileHint === "?1" || /Mobi|iPhone|Android.*Mobile/i.test(userAgent);
  return { pageSize: phone ? PAGE_SIZE_NARROW : PAGE_SIZE_WIDE, explicit: false };
}
