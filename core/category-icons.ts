/** The category icons of spec §9 ("outros" is the one for any other slug). */
export const CATEGORY_ICON_KEYS = [
  "agenda",
  "apostilhas",
  "camisas",
  "canecas",
  "cursos",
  "e-books",
  "eventos",
  "fardamento",
  "material-didatico",
  "papelaria",
  "squeezes",
  "outros",
] as const;
export type CategoryIconKey = (typeof CATEGORY_ICON_KEYS)[number];

const isCategoryIconKey = (key: string | null | undefined): key is CategoryIconKey =>
  (CATEGORY_ICON_KEYS as readonly (string | null | undefined)[]).includes(key);

/**
 * The icon a category shows (spec §9): the gestor's choice (docs/decisions/0032), else its
 * slug's, else "outros"; an unknown key from a school's API is ignored.
 */
export function categoryIconKey(category: { slug: string; icon?: string | null }): CategoryIconKey {
  if (isCategoryIconKey(category.icon)) return category.icon;
  return isCategoryIconKey(category.slug) ? category.slug : "outros";
}
