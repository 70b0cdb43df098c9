import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { CategoryIconImage } from "#app/features/catalogue/category-icon-image.tsx";
import { ChevronDownIcon } from "#app/ui/icons.tsx";

export interface MenuCategory {
  title: string;
  slug: string;
  icon?: string | null;
}

/** The header's category dropdown: a <details> element, so it opens without JavaScript. */
export function CategoryMenu({ categories }: { categories: MenuCategory[] }) {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    details.current?.removeAttribute("open");
  }, [location.key]);

  return (
    <details ref={details} className="category-menu group relative">
      <summary>
        Categorias
        <ChevronDownIcon width={16} height={16} className="transition group-open:rotate-180" />
      </summary>
      {/* Styled once in app.css (.category-menu): it is on every page, with a dozen links. */}
      <ul>
        {categories.map((category, index) => (
          <li key={category.slug}>
            {/* One link tells React Router about the category route (decision 0082). */}
            <Link to={`/categoria/${category.slug}`} discover={index === 0 ? "render" : "none"}>
              <CategoryIconImage category={category} />
              {category.title}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
