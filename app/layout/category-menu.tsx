import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { CategoryIcon } from "#app/features/catalogue/category-icon.tsx";
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
    <details ref={details} className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full px-3 py-2 font-semibold text-white hover:bg-white/10">
        Categorias
        <ChevronDownIcon width={16} height={16} className="transition group-open:rotate-180" />
      </summary>
      {/* Its links are styled once in app.css (.category-menu): every page has a dozen. */}
      <ul className="category-menu absolute left-0 z-40 mt-2 w-64 rounded-xl bg-white p-2 text-slate-700 shadow-xl ring-1 ring-slate-200">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link to={`/categoria/${category.slug}`}>
              <CategoryIcon category={category} />
              {category.title}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
