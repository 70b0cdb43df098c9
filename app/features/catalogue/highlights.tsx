import { Link } from "react-router";
import type { Highlight } from "#api/contract/catalogue.ts";

/** What the home's banners show: the API's highlight without its ids (the HTML budget, 0082). */
export interface HighlightView {
  title: string;
  banners: { link: string; image: string; alt: string }[];
}

export function highlightView(highlight: Highlight): HighlightView {
  return {
    title: highlight.title,
    banners: highlight.banners.map((banner) => ({
      link: banner.link,
      image: banner.image,
      alt: `${banner.title} - ${banner.subtitle}`,
    })),
  };
}

/** Home highlights: a swipeable strip of banners (CSS scroll snap, no script needed). */
export function Highlights({ highlight }: { highlight: HighlightView }) {
  if (highlight.banners.length === 0) return null;
  return (
    // Styled from app.css (.highlights): the home's HTML budget (decision 0082).
    <section aria-label={highlight.title} className="highlights">
      <ul>
        {highlight.banners.map((banner, index) => (
          // The gestor may put one banner twice: the list is the same on every render, so its place is its key.
          <li key={index}>
            <Link to={banner.link}>
              <img
                src={banner.image}
                alt={banner.alt}
                // No width and height: the CSS's 3:1 box (.highlights img) reserves the space.
                // The first banner is the home's largest paint: fetched at once, before the rest.
                loading={index === 0 ? undefined : "lazy"}
                fetchPriority={index === 0 ? "high" : undefined}
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
