import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import {
  PAGE_PARAM,
  PAGE_SIZE_NARROW,
  PAGE_SIZE_PARAM,
  PAGE_SIZE_WIDE,
  pageAfterResize,
  WIDE_LISTING_QUERY,
} from "#app/lib/pagination.ts";

function pageHref(location: { pathname: string; search: string }, page: number, pageSize: number) {
  const params = new URLSearchParams(location.search);
  params.set(PAGE_PARAM, String(page));
  params.set(PAGE_SIZE_PARAM, String(pageSize));
  return `${location.pathname}?${params}`;
}

/** Page links (they work without JavaScript); each page change scrolls to the top. */
/** `pages`: the numbers to link, null for a run left out (app/lib/visible-pages.ts). */
export function PaginationNav({
  page,
  count,
  pages,
  pageSize,
}: {
  page: number;
  count: number;
  pages: (number | null)[];
  pageSize: number;
}) {
  const location = useLocation();
  if (count <= 1) return null;
  const linkClass = "flex h-10 min-w-10 items-center justify-center rounded-full px-3 font-semibold";
  return (
    <nav aria-label="Paginação" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to={pageHref(location, page - 1, pageSize)}
          className={`${linkClass} bg-white ring-1 ring-slate-200 hover:bg-brand-50`}
        >
          Anterior
        </Link>
      ) : null}
      {pages.map((n, i) =>
        n === null ? (
          // Pages left out of a long listing: "Anterior", "Próxima" and the numbers around reach them.
          <span key={`gap${i}`} aria-hidden="true">
            …
          </span>
        ) : n === page ? (
          <span key={n} aria-current="page" className={`${linkClass} bg-brand-600 text-white`}>
            {n}
          </span>
        ) : (
          <Link
            key={n}
            to={pageHref(location, n, pageSize)}
            aria-label={`Página ${n}`}
            className={`${linkClass} bg-white ring-1 ring-slate-200 hover:bg-brand-50`}
          >
            {n}
          </Link>
        ),
      )}
      {page < count ? (
        <Link
          to={pageHref(location, page + 1, pageSize)}
          className={`${linkClass} bg-white ring-1 ring-slate-200 hover:bg-brand-50`}
        >
          Próxima
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * The server guessed the page size from headers; once the browser can measure
 * the viewport, a wrong guess is corrected in place (same first item).
 */
export function useViewportPageSize(page: number, pageSize: number, explicit: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (explicit) return;
    const wanted = window.matchMedia(WIDE_LISTING_QUERY).matches ? PAGE_SIZE_WIDE : PAGE_SIZE_NARROW;
    if (wanted === pageSize) return;
    void navigate(pageHref(location, pageAfterResize(page, pageSize, wanted), wanted), {
      replace: true,
      preventScrollReset: true,
    });
  }, [explicit, page, pageSize, location, navigate]);
}
