/**
 * The home page's category sections, in order, with the anchors of its secondary menu.
 */
import { HOME_CATEGORIES_MAX, type Category } from "#api/contract/catalogue.ts";
import { slugify } from "#core/text.ts";

export const HOME_PRODUCT_LIMIT = 15;

export interface HomeSectionConfig {
  slug: string;
  anchor: string;
  menuLabel: string;
  heading: string;
}

/**
 * Spec §9's fixed sections (courses, uniforms, teaching material, stationery): what the home
 * shows with a school API that does not say which categories are on the home (0026).
 */
export const HOME_SECTIONS = [
  { slug: "cursos", anchor: "lancamentos", menuLabel: "Lançamentos", heading: "Lançamentos" },
  { slug: "fardamento", anchor: "fardamento", menuLabel: "Fardamento", heading: "Fardamento" },
  { slug: "material-didatico", anchor: "material", menuLabel: "Material", heading: "Material Didático" },
  { slug: "papelaria", anchor: "papelaria", menuLabel: "Papelaria", heading: "Papelaria" },
] as const;

/**
 * The sections the gestor set on the categories (docs/decisions/0032), in their order, when the
 * API gives a home section on any category (null included); otherwise HOME_SECTIONS. The anchor
 * is the menu label's slug ("Lançamentos" → #lancamentos, as before), kept unique.
 */
export function homeSectionsOf(categories: Category[]): readonly HomeSectionConfig[] {
  if (!categories.some((category) => category.homeSection !== undefined)) return HOME_SECTIONS;
  const anchors = new Set<string>();
  return categories
    .flatMap((category) => (category.homeSection ? [{ slug: category.slug, ...category.homeSection }] : []))
    .sort((a, b) => a.position - b.position)
    .slice(0, HOME_CATEGORIES_MAX)
    .map(({ slug, heading, menuLabel }) => {
      const base = slugify(menuLabel) || slug;
      const anchor = anchors.has(base) ? `${base}-${slug}` : base;
      anchors.add(anchor);
      return { slug, anchor, menuLabel, heading };
    });
}
