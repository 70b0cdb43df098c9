import { categoryIconKey } from "#core/category-icons.ts";

/**
 * A category's icon as a picture, in the header menu's colour (public/images/categorias/, kept
 * equal to category-icon.tsx's paths by category-icon.test.ts). The header's menu of a dozen
 * categories is on every page but closed: as lazy pictures its icons load when it opens, instead
 * of ~1.4 KB of inline SVG in every page's HTML. A module of its own, so that the inline paths
 * stay out of every page's JavaScript too (issue 32, docs/decisions/0082).
 */
export function CategoryIconImage({ category }: { category: { slug: string; icon?: string | null } }) {
  return <img src={`/images/categorias/${categoryIconKey(category)}.svg`} alt="" loading="lazy" />;
}
