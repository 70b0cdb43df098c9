import { categoryIconKey } from "#core/category-icons.ts";

/**
 * A category's icon as a picture, in the header menu's colour (public/images/categorias/, kept
 * equal to category-icon.tsx's paths by category-icon.test.ts). The header's menu of a dozen
 * categories is on every page but closed: as lazy pictures its icons load when it opens, instead
 * of ~1.4 KB of inline SVG in every page's HTML. The category page's title shows it too. A module
 * of its own, so that the inline paths stay out of every page's JavaScript (issue 32, decisions
 * 0081 and 0082).
 */
export function CategoryIconImage({
  category,
  className,
  eager = false,
}: {
  category: { slug: string; icon?: string | null };
  className?: string;
  /** On the page's own title it is seen at once; in the closed menu, when it opens. */
  eager?: boolean;
}) {
  return (
    <img
      src={`/images/categorias/${categoryIconKey(category)}.svg`}
      alt=""
      loading={eager ? undefined : "lazy"}
      className={className}
    />
  );
}
