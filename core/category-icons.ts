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
