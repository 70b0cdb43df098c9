/**
 * The home page's fixed category sections (spec §9: courses, uniforms, teaching
 * material, stationery), in order, with the anchors of the secondary menu.
 */
export const HOME_PRODUCT_LIMIT = 15;

export const HOME_SECTIONS = [
  { slug: "cursos", anchor: "lancamentos", menuLabel: "Lançamentos", heading: "Lançamentos" },
  { slug: "fardamento", anchor: "fardamento", menuLabel: "Fardamento", heading: "Fardamento" },
  { slug: "material-didatico", anchor: "material", menuLabel: "Material", heading: "Material Didático" },
  { slug: "papelaria", anchor: "papelaria", menuLabel: "Papelaria", heading: "Papelaria" },
] as const;
