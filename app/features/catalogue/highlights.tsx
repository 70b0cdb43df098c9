import { Link } from "react-router";
import type { Highlight } from "#api/contract/catalogue.ts";

/** Home highlights: a swipeable strip of banners (CSS scroll snap, no script needed). */
export function Highlights({ highlight }: { highlight: Highlight }) {
  if (highlight.banners.length === 0) return null;
  return (
    <section aria-label={highlight.title} className="mx-auto max-w-7xl px-4 pt-4">
      <ul className="flex snap-x snap-mandatory gap-4 overflow-x-auto rounded-2xl pb-2 [scrollbar-width:thin]">
        {highlight.banners.map((banner, index) => (
          <li key={banner.id} className="w-full shrink-0 snap-center">
            <Link to={banner.link} className="block overflow-hidden rounded-2xl">
              <img
                src={banner.image}
                alt={`${banner.title} - ${banner.subtitle}`}
                width={1200}
                height={400}
                // The first banner is the home's largest paint: fetched at once, before the rest.
                loading={index === 0 ? "eager" : "lazy"}
                fetchPriority={index === 0 ? "high" : undefined}
                className="aspect-[3/1] w-full object-cover"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
